import { type HttpApi, HttpApiBuilder, type HttpApp, HttpMiddleware, HttpServer } from "@effect/platform"
import { Context, Effect, Layer, ManagedRuntime } from "effect"
import { apiLayer, servicesLayer } from "./http/Api.js"
import { SocketAddress } from "./http/RequestContext.js"
import type { Ports } from "./Ports.js"
import type { ApiKeyService } from "./platform/ApiKeyService.js"
import type { CallingService } from "./calling/CallingService.js"
import type { RateLimiter } from "./platform/RateLimiter.js"
import type { TenantService } from "./platform/TenantService.js"

/** Per-request tracing costs about a quarter of throughput; it stays off on the hot path. */
export const untraced = (app: HttpApp.Default): HttpApp.Default => HttpMiddleware.withTracerDisabledWhenEffect(app, () => true)

export type Services = TenantService | ApiKeyService | CallingService | RateLimiter

export interface ServiceKit<E = never> {
  /** Answers a web-standard Request; pass the peer address so IP allowlists and limits work. */
  readonly handler: (request: Request, options?: { readonly remoteAddress?: string | undefined }) => Promise<Response>
  /** Runs an effect against the same services and storage the handler uses (admin tasks, ingestion, tests). */
  readonly runtime: ManagedRuntime.ManagedRuntime<Services | Ports, E>
  /** Layers built from the same memo map share one instance of every port and service. */
  readonly memoMap: Layer.MemoMap
  /** The HTTP API as a layer, for serving natively (node:http, Bun.serve) with the same instances. */
  readonly apiLayer: Layer.Layer<HttpApi.Api, E>
  readonly dispose: () => Promise<void>
}

/**
 * One ServiceKit over the given ports: a web handler and a runtime that share
 * storage, caches and rate-limit state.
 */
export const make = <E>(ports: Layer.Layer<Ports, E>): ServiceKit<E> => {
  const memoMap = Effect.runSync(Layer.makeMemoMap)
  const services = servicesLayer.pipe(Layer.provideMerge(ports))
  const runtime = ManagedRuntime.make(services, memoMap)
  const api = apiLayer.pipe(Layer.provide(services))
  const web = HttpApiBuilder.toWebHandler(Layer.mergeAll(api, HttpServer.layerContext), { memoMap, middleware: untraced })
  return {
    handler: (request, options) =>
      web.handler(
        request,
        options?.remoteAddress === undefined
          ? undefined
          : (Context.make(SocketAddress, options.remoteAddress) as Context.Context<never>)
      ),
    runtime,
    memoMap,
    apiLayer: api,
    dispose: async () => {
      await web.dispose()
      await runtime.dispose()
    }
  }
}
