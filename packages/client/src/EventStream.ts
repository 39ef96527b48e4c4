import { ServiceKitConnectionError } from "./Errors.js"
import { type Outgoing, type Transport, backoffMs, retryAfterMs, send, sleep } from "./Transport.js"
import type { EventStream, RequestOptions, ServerSentEvent } from "./Types.js"

/**
 * Server-sent events from a byte stream, as the EventSource standard reads them: `field: value`
 * lines, a blank line ends an event, `data` lines joined by newlines, comments ignored. `onRetry`
 * hears the server's `retry:` advice.
 */
export async function* parseEvents(
  body: ReadableStream<Uint8Array>,
  onRetry: (ms: number) => void
): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder()
  let buffer = ""
  let event = ""
  let data: Array<string> = []
  let id: string | undefined
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      let text = buffer + (done ? decoder.decode() : decoder.decode(value, { stream: true }))
      // A trailing "\r" may be the first half of a "\r\n": it waits for the next chunk.
      const held = !done && text.endsWith("\r") ? "\r" : ""
      if (held !== "") text = text.slice(0, -1)
      const lines = text.split(/\r\n|\r|\n/)
      buffer = done ? "" : (lines.pop() ?? "") + held
      for (const line of lines) {
        if (line === "") {
          if (data.length > 0) yield { event: event || "message", data: data.join("\n"), id }
          event = ""
          data = []
          continue
        }
        if (line.startsWith(":")) continue
        const colon = line.indexOf(":")
        const field = colon === -1 ? line : line.slice(0, colon)
        const value = colon === -1 ? "" : line.slice(line[colon + 1] === " " ? colon + 2 : colon + 1)
        if (field === "event") event = value
        else if (field === "data") data.push(value)
        else if (field === "id" && !value.includes("\0")) id = value
        else if (field === "retry" && /^\d+$/.test(value)) onRetry(Number(value))
      }
      if (done) return
    }
  } finally {
    reader.releaseLock()
  }
}

/** Connecting to the stream failed for good (refused credentials, a missing resource): the answer. */
export type Refusal = (response: Response, text: string) => Error

/**
 * Follows a stream of server-sent events: reconnects when the connection drops or the server
 * is briefly unavailable (after its `retry:` advice, `Retry-After`, or a growing backoff), sending
 * the last event id as `Last-Event-ID` so that nothing is missed or repeated; stops, throwing,
 * when the server refuses the stream; ends when closed or the caller's signal aborts.
 */
export const followEvents = (
  transport: Transport,
  /** The request, made anew for each connection (a renewed credential is picked up). */
  prepare: () => Promise<Outgoing>,
  options: RequestOptions,
  refusal: Refusal
): EventStream => {
  const controller = new AbortController()
  const stop = () => controller.abort()
  options.signal?.addEventListener("abort", stop, { once: true })
  if (options.signal?.aborted) stop()

  async function* events(): AsyncGenerator<ServerSentEvent, undefined> {
    let lastEventId: string | undefined
    let retryMs = 1_000
    let failures = 0
    const pause = (ms: number) => sleep(ms, controller.signal).then(() => true, () => false)
    try {
      while (!controller.signal.aborted) {
        let response: Response
        try {
          const outgoing = await prepare()
          const headers: Record<string, string> = { ...outgoing.headers, accept: "text/event-stream" }
          if (lastEventId !== undefined) headers["last-event-id"] = lastEventId
          const connection = { ...options, signal: controller.signal, maxRetries: 0 }
          ;({ response } = await send(transport, { ...outgoing, headers }, connection, false))
        } catch (error) {
          if (controller.signal.aborted) return undefined
          if (!(error instanceof ServiceKitConnectionError)) throw error
          if (!(await pause(backoffMs(failures++)))) return undefined
          continue
        }
        if (!response.ok) {
          const text = await response.text()
          if (response.status !== 429 && response.status < 500) throw refusal(response, text)
          if (!(await pause(retryAfterMs(response.headers) ?? backoffMs(failures++)))) return undefined
          continue
        }
        failures = 0
        try {
          for await (const event of parseEvents(response.body!, (ms) => (retryMs = ms))) {
            lastEventId = event.id ?? lastEventId
            yield event
          }
        } catch {
          // The connection dropped (or was closed): reconnect below unless closed.
        }
        if (!(await pause(retryMs))) return undefined
      }
      return undefined
    } finally {
      stop()
      options.signal?.removeEventListener("abort", stop)
    }
  }

  const iterator = events()
  return Object.assign(iterator, {
    close: () => {
      stop()
      void iterator.return(undefined)
    }
  })
}
