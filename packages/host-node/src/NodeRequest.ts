import type { IncomingMessage, ServerResponse } from "node:http"
import type { IncomingRequest, OutgoingResponse, ServiceKit } from "@servicekit/core"

/** Requests larger than this are refused (413) before they are buffered. */
const MAX_BODY_BYTES = 1024 * 1024

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        // Stop buffering but keep the connection, so the client still gets the 413.
        req.off("data", onData)
        req.resume()
        reject(new Error("request body too large"))
        return
      }
      chunks.push(chunk)
    }
    req.on("data", onData)
    req.once("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.once("error", reject)
  })

/** node:http's request as the engine reads it; `url` may be overridden (Express keeps the original in originalUrl). */
export const toIncoming = (req: IncomingMessage, url = req.url ?? "/"): IncomingRequest => {
  let body: Promise<string> | undefined
  return {
    method: req.method ?? "GET",
    url,
    headers: req.headers,
    remoteAddress: req.socket.remoteAddress,
    body: () => (body ??= readBody(req))
  }
}

const writeOutgoing = (res: ServerResponse, response: OutgoingResponse): void => {
  try {
    res.writeHead(response.status, { ...response.headers, "content-length": Buffer.byteLength(response.body) })
    res.end(response.body)
  } catch (error) {
    // One failed write ends its own connection, not the rest of the batch.
    res.destroy(error as Error)
  }
}

let pending: Array<readonly [ServerResponse, OutgoingResponse]> = []

const flush = () => {
  const batch = pending
  pending = []
  for (const [res, response] of batch) writeOutgoing(res, response)
}

/**
 * Responses finished during one event-loop turn are written together when the turn ends,
 * the idea behind uWebSockets' corking. Under load, handling a turn's requests and then
 * writing their responses, rather than alternating, cuts the CPU a request costs by about
 * a third (docs/benchmarks.md); when idle, a response waits only for the end of its turn.
 */
const writeAtTurnEnd = (res: ServerResponse, response: OutgoingResponse): void => {
  if (pending.push([res, response]) === 1) setImmediate(flush)
}

/** Serves one node:http request through the kit. */
export const serveNodeRequest = (
  kit: Pick<ServiceKit.ServiceKit<unknown>, "dispatch">,
  req: IncomingMessage,
  res: ServerResponse,
  url?: string
): Promise<void> => kit.dispatch(toIncoming(req, url)).then((response) => writeAtTurnEnd(res, response))
