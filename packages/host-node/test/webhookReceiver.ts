import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http"
import { Readable } from "node:stream"
// @ts-expect-error: plain JavaScript example
import { webhookListener } from "../../../examples/webhook-receiver/receiver.mjs"

/** A delivery the receiver verified. */
export interface Received {
  readonly event: string
  readonly eventId: string
  readonly payload: Record<string, any>
  readonly timestamp: string
  readonly deliveryId: string
}

/** A request as it arrived: what a receiver checks the signature of. */
export interface RawRequest {
  readonly headers: IncomingMessage["headers"]
  readonly body: string
  /** When it arrived (ms since the epoch). */
  readonly at: number
}

/** How the receiver answers: verifies (ok), fails (500, 429 with Retry-After, 410), or holds every request unanswered. */
export type Mode = "ok" | "500" | "429" | "410" | "hold"

type Listener = (request: IncomingMessage, response: ServerResponse) => Promise<void>

/**
 * A real receiver: the example's listener verifies every signature itself; in front of it the
 * test can make the receiver fail, hold requests until released, or go down altogether.
 */
export const receiver = () => {
  const received: Array<Received> = []
  const requests: Array<RawRequest> = []
  const held: Array<readonly [IncomingMessage, ServerResponse]> = []
  let mostHeld = 0
  let mode: Mode = "ok"
  let listener: Listener = async (_, response) => {
    response.writeHead(503).end()
  }
  let server: Server | undefined
  let port = 0
  return {
    received,
    /** Every request that reached the verifying listener, as it came. */
    requests,
    start: () =>
      new Promise<void>((resolve) => {
        server = createServer((request, response) => {
          // Longer than an attempt keeps of an answer.
          if (mode === "500") return response.writeHead(500).end(`down for maintenance${".".repeat(1_500)}`)
          if (mode === "429") return response.writeHead(429, { "retry-after": "1" }).end()
          if (mode === "410") return response.writeHead(410).end()
          if (mode === "hold") {
            held.push([request, response])
            mostHeld = Math.max(mostHeld, held.length)
            return
          }
          // Kept as it came, then handed to the listener to read again.
          const at = Date.now()
          const chunks: Array<Buffer> = []
          request.on("data", (chunk: Buffer) => chunks.push(chunk))
          request.on("end", () => {
            const body = Buffer.concat(chunks)
            requests.push({ headers: request.headers, body: body.toString("utf8"), at })
            const replayed = Object.assign(Readable.from([body]), { method: request.method, headers: request.headers })
            void listener(replayed as unknown as IncomingMessage, response)
          })
        })
        // The same port again after an outage: the subscription's URL does not change.
        server.listen(port, "127.0.0.1", () => {
          port = (server!.address() as { port: number }).port
          resolve()
        })
      }),
    /** Closes it; nothing to do when it never started. */
    stop: () =>
      new Promise<void>((resolve) => {
        if (server === undefined) return resolve()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
    /** Verifies with this secret from now on (a fresh listener: it remembers the deliveries it handled). */
    setSecret: (secret: string) => {
      listener = webhookListener({
        secret,
        onEvent: async (delivery: Omit<Received, "deliveryId">, deliveryId: string) => {
          received.push({ ...delivery, deliveryId })
        }
      })
    },
    setMode: (value: Mode) => (mode = value),
    /** Requests held unanswered right now, and the most held at once so far. */
    holding: () => ({ now: held.length, most: mostHeld }),
    /** Answers every held request as the verifying listener does. */
    release: () => Promise.all(held.splice(0).map(([request, response]) => listener(request, response))),
    url: () => `http://127.0.0.1:${port}/hooks`
  }
}

export const until = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
