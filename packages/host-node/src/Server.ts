import { createServer } from "node:http"
import { HttpApiBuilder, HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { ServiceKit } from "@servicekit/core"
import { Context, Effect, Exit, Layer, Scope } from "effect"

export interface RunningServer {
  readonly port: number
  readonly url: string
  /** Stops accepting connections, lets in-flight requests finish, then resolves. */
  readonly close: () => Promise<void>
}

/** Serves a ServiceKit natively on node:http (same storage and caches as its web handler). */
export const listen = async (
  kit: ServiceKit.ServiceKit<unknown>,
  options: { readonly port?: number; readonly host?: string } = {}
): Promise<RunningServer> => {
  const scope = Effect.runSync(Scope.make())
  const server = NodeHttpServer.layer(() => createServer({ keepAliveTimeout: 65_000 }), {
    port: options.port ?? 0,
    host: options.host ?? "127.0.0.1"
  })
  const layer = HttpApiBuilder.serve(ServiceKit.untraced).pipe(Layer.provide(kit.apiLayer), Layer.provideMerge(server))
  const context = await Effect.runPromise(Layer.buildWithMemoMap(layer, kit.memoMap, scope)).catch(async (error) => {
    await Effect.runPromise(Scope.close(scope, Exit.void))
    throw error
  })
  const address = Context.get(context, HttpServer.HttpServer).address
  const port = address._tag === "TcpAddress" ? address.port : 0
  const host = address._tag === "TcpAddress" && !address.hostname.includes(":") ? address.hostname : "127.0.0.1"
  return {
    port,
    url: `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`,
    close: () => Effect.runPromise(Scope.close(scope, Exit.void))
  }
}
