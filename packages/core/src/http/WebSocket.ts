import { HttpApiSchema, HttpServerResponse } from "@effect/platform"
import { Effect, Fiber, FiberRef, Queue, Runtime, Schema, type Scope, Stream } from "effect"
import { ApiError } from "./ApiError.js"
import { CurrentRequest, firstHeader } from "./RequestContext.js"
import type { WebSocketConnection } from "./WebSocketHost.js"

/** The socket a WebSocket endpoint's program talks to. */
export interface Socket {
  /** Messages from the client; ends when the client closes. */
  readonly messages: Stream.Stream<string | Uint8Array>
  readonly send: (data: string | Uint8Array) => Effect.Effect<void>
  readonly close: (code?: number, reason?: string) => Effect.Effect<void>
}

const INBOX_SIZE = 1024

/** How a WebSocket endpoint's 426 is documented (the response itself is acceptWebSocket's). */
export class UpgradeRequired extends Schema.TaggedError<UpgradeRequired>()(
  "UpgradeRequired",
  { code: Schema.Literal("upgrade_required"), message: Schema.String },
  HttpApiSchema.annotations({
    status: 426,
    description:
      "Not a WebSocket upgrade (or without the subprotocol the endpoint needs), or a host without WebSocket support (the web-standard handler): only the native Node and Bun hosts upgrade."
  })
) {}

const upgradeRequired = (message: string) =>
  new ApiError({ status: 426, code: "upgrade_required", message, headers: { upgrade: "websocket" } })

/** The subprotocols the client offers, in its order. */
const offeredProtocols = (header: string | undefined) =>
  (header ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p.length > 0)

/**
 * Accepts the request as a WebSocket and runs `program` on it once the host has completed the
 * upgrade; the program is interrupted when the client closes. Authenticate before calling this
 * (endpoint middleware does): a refusal is then an ordinary HTTP error response. A request that
 * is not a WebSocket upgrade, or that does not offer `protocol`, answers 426. Hosts without
 * upgrade support (the web-standard handler) answer 426 too.
 */
export const acceptWebSocket = <R>(
  options: { readonly protocol?: string | undefined },
  program: (socket: Socket) => Effect.Effect<void, never, R | Scope.Scope>
): Effect.Effect<HttpServerResponse.HttpServerResponse, ApiError, Exclude<R, Scope.Scope>> =>
  Effect.flatMap(FiberRef.get(CurrentRequest), (state) => {
    const request = state.request
    if (request?.upgrade === undefined || firstHeader(state.headers, "upgrade")?.toLowerCase() !== "websocket") {
      return Effect.fail(upgradeRequired("This endpoint takes a WebSocket upgrade."))
    }
    if (
      options.protocol !== undefined &&
      !offeredProtocols(firstHeader(state.headers, "sec-websocket-protocol")).includes(options.protocol)
    ) {
      return Effect.fail(upgradeRequired(`Offer the "${options.protocol}" subprotocol in Sec-WebSocket-Protocol.`))
    }
    const accept = request.upgrade
    return Effect.map(Effect.runtime<Exclude<R, Scope.Scope>>(), (runtime) => {
      // Bounded, so a client that sends faster than the program reads is cut off, not buffered.
      const inbox = Effect.runSync(Queue.bounded<string | Uint8Array>(INBOX_SIZE))
      let connection: WebSocketConnection | undefined
      let fiber: Fiber.RuntimeFiber<void> | undefined
      accept({
        protocol: options.protocol,
        open: (opened) => {
          connection = opened
          const socket: Socket = {
            messages: Stream.fromQueue(inbox),
            send: (data) => Effect.sync(() => opened.send(data)),
            close: (code, reason) => Effect.sync(() => opened.close(code, reason))
          }
          const run = Effect.scoped(program(socket)).pipe(Effect.ensuring(Effect.sync(() => opened.close(1000))))
          fiber = Runtime.runFork(runtime)(run as Effect.Effect<void, never, Exclude<R, Scope.Scope>>)
        },
        message: (data) => {
          if (!Queue.unsafeOffer(inbox, data)) connection?.close(1013, "Too many unread messages")
        },
        close: () => {
          Effect.runFork(Queue.shutdown(inbox))
          if (fiber !== undefined) Effect.runFork(Fiber.interrupt(fiber))
        }
      })
      return HttpServerResponse.empty({ status: 101 })
    })
  })
