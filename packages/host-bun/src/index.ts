/**
 * @servicekit/host-bun — serves a ServiceKit on Bun.serve. Create the kit with
 * `createServiceKit` from @servicekit/host-node (its Node APIs run on Bun) or
 * `ServiceKit.make` from @servicekit/core with ports of your choice.
 */
/// <reference path="./bun.d.ts" />
import type { ServiceKit } from "@servicekit/core"

export interface BunServer {
  readonly port: number
  readonly url: string
  /** Stops accepting connections and waits for in-flight requests. */
  readonly stop: () => Promise<void>
}

export const serve = (
  kit: Pick<ServiceKit.ServiceKit<unknown>, "handler">,
  options: { readonly port?: number; readonly hostname?: string } = {}
): BunServer => {
  const server = Bun.serve({
    port: options.port ?? 0,
    hostname: options.hostname ?? "127.0.0.1",
    fetch: (request, server) => kit.handler(request, { remoteAddress: server.requestIP(request)?.address })
  })
  const host = server.hostname === "0.0.0.0" ? "127.0.0.1" : server.hostname
  return { port: server.port, url: `http://${host}:${server.port}`, stop: () => server.stop() }
}
