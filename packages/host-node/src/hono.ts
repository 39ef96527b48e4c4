/**
 * @servicekit/host-node/hono — ServiceKit as a Hono handler, on any runtime Hono runs on:
 *
 *   app.all(`${kit.config.mountPath}/*`, serviceKitHandler(kit))
 *
 * The client address is found on @hono/node-server and Bun.serve; elsewhere (Deno, workers)
 * pass `remoteAddress`, e.g. `(c) => getConnInfo(c).remote.address`. A body Hono has already
 * parsed (`c.req.json()` in a middleware) is handed over from Hono's cache.
 */
import type { ServiceKit } from "@servicekit/core"
import type { Context } from "hono"

export interface HonoHandlerOptions {
  /** The client's address, for runtimes where the handler cannot find it. */
  readonly remoteAddress?: (c: Context) => string | undefined
}

interface RuntimeBindings {
  /** @hono/node-server: the node:http request (under `server` on some of its adapters). */
  readonly incoming?: { readonly socket?: { readonly remoteAddress?: string } }
  readonly server?: RuntimeBindings
  /** Bun.serve passes its server, which knows each request's peer. */
  readonly requestIP?: (request: Request) => { readonly address: string } | null
}

const runtimeAddress = (c: Context): string | undefined => {
  const env = c.env as RuntimeBindings | undefined
  const bindings = env?.server ?? env
  if (bindings?.incoming !== undefined) return bindings.incoming.socket?.remoteAddress
  return typeof bindings?.requestIP === "function" ? (bindings.requestIP(c.req.raw)?.address ?? undefined) : undefined
}

/** The request with its body from Hono's cache, when a middleware has consumed the original. */
const withCachedBody = async (c: Context): Promise<Request> => {
  const { raw } = c.req
  if (!raw.bodyUsed) return raw
  return new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body: await c.req.arrayBuffer(),
    signal: raw.signal
  })
}

export const serviceKitHandler =
  (kit: Pick<ServiceKit.ServiceKit<unknown>, "handler">, options: HonoHandlerOptions = {}) =>
  async (c: Context): Promise<Response> =>
    kit.handler(await withCachedBody(c), { remoteAddress: options.remoteAddress?.(c) ?? runtimeAddress(c) })
