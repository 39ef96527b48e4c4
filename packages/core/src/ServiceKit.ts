import { Layer, ManagedRuntime } from "effect"
import { makeApiEngine, servicesLayer } from "./http/Api.js"
import type { Engine, IncomingRequest, OutgoingResponse } from "./http/Engine.js"
import type { CallingService } from "./calling/CallingService.js"
import type { Ports } from "./Ports.js"
import type { ApiKeyService } from "./platform/ApiKeyService.js"
import type { RateLimiter } from "./platform/RateLimiter.js"
import type { TenantService } from "./platform/TenantService.js"

export type Services = TenantService | ApiKeyService | CallingService | RateLimiter

export interface ServiceKit<E = never> {
  /** Answers a web-standard Request; pass the peer address so IP allowlists and limits work. */
  readonly handler: (request: Request, options?: { readonly remoteAddress?: string | undefined }) => Promise<Response>
  /** The host-neutral entry point behind `handler`, for hosts that read requests themselves (node:http). */
  readonly dispatch: (request: IncomingRequest) => Promise<OutgoingResponse>
  /** Runs an effect against the same services and storage the HTTP API uses (admin tasks, ingestion, tests). */
  readonly runtime: ManagedRuntime.ManagedRuntime<Services | Ports, E>
  readonly dispose: () => Promise<void>
}

const fromWebRequest = (request: Request, remoteAddress: string | undefined): IncomingRequest => {
  const url = new URL(request.url)
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name] = value
  })
  let body: Promise<string> | undefined
  return {
    method: request.method,
    url: url.pathname + url.search,
    headers,
    remoteAddress,
    body: () => (body ??= request.text())
  }
}

/**
 * One ServiceKit over the given ports: the HTTP API (web-standard and host-neutral
 * entry points) and a runtime, sharing storage, caches and rate-limit state.
 */
export const make = <E>(ports: Layer.Layer<Ports, E>): ServiceKit<E> => {
  const runtime = ManagedRuntime.make(servicesLayer.pipe(Layer.provideMerge(ports)))
  let engine: Engine | undefined
  let starting: Promise<Engine> | undefined
  const dispatch = (request: IncomingRequest): Promise<OutgoingResponse> => {
    if (engine !== undefined) return engine.dispatch(request)
    starting ??= runtime.runPromise(makeApiEngine).then((ready) => (engine = ready))
    return starting.then((ready) => ready.dispatch(request))
  }
  return {
    dispatch,
    handler: async (request, options) => {
      const response = await dispatch(fromWebRequest(request, options?.remoteAddress))
      return new Response(response.body, { status: response.status, headers: response.headers })
    },
    runtime,
    dispose: () => runtime.dispose()
  }
}
