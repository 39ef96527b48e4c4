import { type IncomingRequest, bodyConsumed } from "./RequestContext.js"
import type { OutgoingResponse } from "./Response.js"

/** A web-standard Request as the engine reads it; pass the peer address so IP allowlists and limits work. */
export const fromWebRequest = (
  request: Request,
  remoteAddress: string | undefined,
  upgrade?: IncomingRequest["upgrade"]
): IncomingRequest => {
  const url = new URL(request.url)
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name] = value
  })
  return {
    method: request.method,
    url: url.pathname + url.search,
    headers,
    remoteAddress,
    body: () =>
      request.bodyUsed
        ? Promise.reject(bodyConsumed("the Request's body was already used"))
        : request.arrayBuffer().then((buffer) => new Uint8Array(buffer)),
    signal: request.signal,
    upgrade
  }
}

/** A web-standard Response; several values of one header (Set-Cookie) become several header lines. */
export const toWebResponse = (response: OutgoingResponse): Response => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === "string") headers.set(name, value)
    else for (const each of value) headers.append(name, each)
  }
  return new Response(response.body as BodyInit | undefined, { status: response.status, headers })
}
