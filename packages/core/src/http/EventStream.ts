import { HttpServerResponse } from "@effect/platform"
import { type Duration, Effect, FiberRef, Schedule, Stream } from "effect"
import { CurrentRequest, firstHeader } from "./RequestContext.js"

/** One server-sent event. */
export interface ServerSentEvent {
  readonly id?: string | undefined
  readonly event?: string | undefined
  readonly data: string
  /** Reconnection delay the client should use, in milliseconds. */
  readonly retry?: number | undefined
}

/** Field values cannot hold line breaks; `data` is split into one line per line. */
const field = (name: string, value: string) => `${name}: ${value.replace(/[\r\n]/g, " ")}\n`

export const encodeEvent = (event: ServerSentEvent): string =>
  (event.id === undefined ? "" : field("id", event.id)) +
  (event.event === undefined ? "" : field("event", event.event)) +
  (event.retry === undefined ? "" : `retry: ${Math.max(0, Math.floor(event.retry))}\n`) +
  event.data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join("") +
  "\n"

/** Headers of an event stream: nothing between server and client may cache or buffer it. */
export const eventStreamHeaders = { "cache-control": "no-cache", "x-accel-buffering": "no" }

/** A comment line sent every so often, so that proxies keep the connection open and a vanished client is noticed. */
export const heartbeatComment = ": heartbeat\n\n"
export const HEARTBEAT_INTERVAL = "15 seconds"

/** The Last-Event-ID a reconnecting client sends, so the stream can resume after it. */
export const lastEventId: Effect.Effect<string | undefined> = Effect.map(FiberRef.get(CurrentRequest), (state) =>
  firstHeader(state.headers, "last-event-id")
)

/**
 * A `text/event-stream` response: the events as they come, with a comment line every
 * `heartbeat` so that proxies keep the connection open and a vanished client is noticed. The
 * stream is pulled as the client reads (backpressure) and interrupted when the client goes away.
 */
export const eventStream = <E>(
  events: Stream.Stream<ServerSentEvent, E>,
  options: { readonly heartbeat?: Duration.DurationInput } = {}
): HttpServerResponse.HttpServerResponse => {
  const heartbeats = Stream.fromSchedule(Schedule.spaced(options.heartbeat ?? HEARTBEAT_INTERVAL)).pipe(
    Stream.as(heartbeatComment)
  )
  const text = Stream.merge(Stream.map(events, encodeEvent), heartbeats, { haltStrategy: "left" })
  return HttpServerResponse.stream(Stream.encodeText(text), {
    contentType: "text/event-stream",
    headers: eventStreamHeaders
  })
}
