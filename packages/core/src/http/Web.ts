import { type IncomingRequest, bodyConsumed } from "./RequestContext.js"
import type { OutgoingResponse } from "./Response.js"

const tooLarge = () => new Error("request body too large")

/** The body's bytes, refused once they pass `maxBytes` (by its declared length, or as they arrive). */
const readLimited = async (request: Request, maxBytes: number): Promise<Uint8Array> => {
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge()
  if (request.body === null) return new Uint8Array(0)
  const chunks: Array<Uint8Array> = []
  let size = 0
  const reader = request.body.getReader()
  while (true) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge()
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return chunks[0]!
  const bytes = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return bytes
}

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
    body: (maxBytes) =>
      request.bodyUsed ? Promise.reject(bodyConsumed("the Request's body was already used")) : readLimited(request, maxBytes),
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
