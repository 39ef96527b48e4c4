import type { IncomingMessage, ServerResponse } from "node:http"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { type ServiceKit } from "@servicekit/core"
import { type IncomingRequest, type OutgoingResponse, bodyConsumed } from "@servicekit/core/internal"

/** Bodies larger than the route's limit are refused (413) before more than that is buffered. */
const readBody = (req: IncomingMessage, maxBytes: number): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) {
        // Stop buffering but keep the connection, so the client still gets the 413.
        req.off("data", onData)
        req.resume()
        reject(new Error("request body too large"))
        return
      }
      chunks.push(chunk)
    }
    req.on("data", onData)
    req.once("end", () => resolve(Buffer.concat(chunks)))
    req.once("error", reject)
  })

/** What an embedding framework's body parser may leave on the request once it has read the stream. */
interface ParsedRequest extends IncomingMessage {
  /** Kept by body-parser's `verify` hooks, NestJS (`rawBody: true`) and Cloud Functions: the exact bytes. */
  readonly rawBody?: unknown
  /** express.json(), express.text(), express.raw() and similar parsers. */
  readonly body?: unknown
}

const parsedBody = (req: ParsedRequest): Uint8Array | undefined => {
  if (req.rawBody instanceof Uint8Array) return req.rawBody
  const { body } = req
  if (body instanceof Uint8Array) return body
  if (typeof body === "string") return Buffer.from(body)
  // A parsed JSON (or form) value: re-encoded as JSON, so byte-exact checks (HMAC) need rawBody.
  if (body !== undefined && body !== null) return Buffer.from(JSON.stringify(body))
  return undefined
}

/**
 * The body from the stream, or, when a framework has already read the stream (a body parser
 * mounted in front), from what it parsed; with nothing parsed, `bodyConsumed` rather than
 * waiting for an `end` that has already happened.
 */
const bodyOf = (req: ParsedRequest, maxBytes: number): Promise<Uint8Array> => {
  if (!req.readableDidRead && !req.readableEnded) return readBody(req, maxBytes)
  const parsed = parsedBody(req)
  if (parsed === undefined) return Promise.reject(bodyConsumed("the request stream was read by a body parser"))
  return parsed.byteLength > maxBytes ? Promise.reject(new Error("request body too large")) : Promise.resolve(parsed)
}

/**
 * node:http's request as the engine reads it; `url` may be overridden (Express keeps the
 * original in originalUrl). A class, so that the lazy abort signal is a prototype getter: the
 * signal is made only when a handler asks for it.
 */
class NodeIncoming implements IncomingRequest {
  readonly method: string
  readonly headers: IncomingRequest["headers"]
  readonly remoteAddress: string | undefined
  private bodyRead: Promise<Uint8Array> | undefined = undefined
  private controller: AbortController | undefined = undefined

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    readonly url: string
  ) {
    this.method = req.method ?? "GET"
    this.headers = req.headers
    this.remoteAddress = req.socket.remoteAddress
  }

  body(maxBytes: number): Promise<Uint8Array> {
    return (this.bodyRead ??= bodyOf(this.req, maxBytes))
  }

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      const controller = (this.controller = new AbortController())
      this.res.once("close", () => {
        if (!this.res.writableFinished) controller.abort()
      })
    }
    return this.controller.signal
  }
}

export const toIncoming = (req: IncomingMessage, res: ServerResponse, url = req.url ?? "/"): IncomingRequest =>
  new NodeIncoming(req, res, url)

/** Streams a body with backpressure; a client that goes away cancels the stream (and the program behind it). */
const writeStream = (res: ServerResponse, response: OutgoingResponse, body: ReadableStream<Uint8Array>): void => {
  res.writeHead(response.status, response.headers as Record<string, string | Array<string>>)
  res.flushHeaders()
  pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>), res).catch(() => {
    // The client went away or the stream failed: pipeline has already destroyed both ends.
  })
}

const writeOutgoing = (res: ServerResponse, response: OutgoingResponse): void => {
  try {
    const body = response.body ?? ""
    const length = typeof body === "string" ? Buffer.byteLength(body) : body instanceof Uint8Array ? body.byteLength : -1
    if (length === -1) return writeStream(res, response, body as ReadableStream<Uint8Array>)
    const headers = response.headers as Record<string, string | Array<string>>
    // A HEAD response carries the GET's length without its body.
    const declared = response.body === undefined ? headers["content-length"] : undefined
    res.writeHead(response.status, { ...headers, "content-length": typeof declared === "string" ? declared : length })
    res.end(body)
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
): Promise<void> => kit.dispatch(toIncoming(req, res, url)).then((response) => writeAtTurnEnd(res, response))
