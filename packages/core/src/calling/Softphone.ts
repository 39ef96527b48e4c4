import { Clock, Context, Effect, Layer, type Scope, Stream } from "effect"
import type { Socket } from "../http/WebSocket.js"
import { SecretCrypto, nameUuid, randomBase36 } from "../platform/Crypto.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { SoftphoneUnavailable } from "./CallingErrors.js"
import { CallingService } from "./CallingService.js"
import { type RelayedCall, makeRelayedCalls } from "./RelayedCalls.js"
import { parseSipMessage } from "./SipMessage.js"
import { type Relayed, makeSipRelay } from "./SipRelay.js"
import { type ResolvedSipAddress, SipNetwork } from "./SipNetwork.js"
import { SipService, type SoftphoneTarget } from "./SipService.js"

/** RFC 6455's close code for a gateway that could not reach its upstream. */
const BAD_GATEWAY = 1014
const decoder = new TextDecoder()

/**
 * The dashboard softphone: SIP over a WebSocket (RFC 7118) relayed to the tenant's trunk.
 * `prepare` settles everything that can refuse the connection while it is still an HTTP
 * request; the relay it returns runs once the socket is open and ends with it.
 */
export class Softphone extends Context.Tag("@servicekit/core/Softphone")<
  Softphone,
  {
    readonly prepare: (
      tenantId: string
    ) => Effect.Effect<(socket: Socket) => Effect.Effect<void, never, Scope.Scope>, SoftphoneUnavailable>
  }
>() {
  static readonly layer = Layer.effect(
    Softphone,
    Effect.gen(function* () {
      const sip = yield* SipService
      const network = yield* SipNetwork
      const crypto = yield* SecretCrypto
      const { outboundAllowPrivate } = yield* ServiceKitSettings
      const calling = yield* CallingService

      /**
       * A relayed call as the tenant's call record, stored once: its id is drawn from the tenant and
       * the Call-ID, so a record stored again (another connection saw the same call) is skipped.
       */
      const recordRelayedCall = (tenantId: string, call: RelayedCall) =>
        calling
          .ingest(tenantId, [
            {
              id: nameUuid(`relayed-call:${tenantId}:${call.callId}`),
              fromId: call.fromId,
              toId: call.toId,
              direction: call.direction,
              durationSecs: call.durationSecs,
              result: call.result,
              startedAt: call.startedAt.toISOString(),
              endedAt: call.endedAt.toISOString(),
              callSid: call.callId.slice(0, 200)
            }
          ])
          .pipe(
            // The identities come from the far end: what cannot be stored is said, not passed on.
            Effect.catchAllCause((cause) => Effect.logWarning("a call the softphone relay carried was not recorded", cause))
          )

      const relay = (socket: Socket, address: ResolvedSipAddress, target: SoftphoneTarget, tenantId: string) =>
        Effect.gen(function* () {
          const flow = yield* network.connect(address)
          const relay = makeSipRelay({
            local: { ...flow.local, transport: address.transport },
            token: randomBase36(crypto, 12),
            credentials: target.credentials,
            tenantId: target.tenantChosen ? undefined : tenantId,
            cnonce: () => randomBase36(crypto, 16)
          })
          const calls = makeRelayedCalls()
          const record = (ended: ReadonlyArray<RelayedCall>) =>
            Effect.forEach(ended, (call) => recordRelayedCall(tenantId, call), { discard: true })
          // Each message as it arrives from its side, before the relay answers or passes it.
          const observe = (side: "softphone" | "trunk", text: string) =>
            Effect.suspend(() => {
              const message = parseSipMessage(text)
              if (message === undefined) return Effect.void
              return Effect.flatMap(Clock.currentTimeMillis, (now) => {
                const ended = calls.observe(side, message, new Date(now))
                return ended === undefined ? Effect.void : record([ended])
              })
            })
          const pass = (relayed: ReadonlyArray<Relayed>) =>
            Effect.forEach(
              relayed,
              (each) => (each.to === "trunk" ? flow.send(each.message) : socket.send(each.message)),
              {
                discard: true
              }
            )
          const fromSoftphone = Stream.runForEach(socket.messages, (message) => {
            const text = typeof message === "string" ? message : decoder.decode(message)
            return Effect.zipRight(observe("softphone", text), Effect.flatMap(relay.fromSoftphone(text), pass))
          })
          const fromTrunk = Stream.runForEach(flow.messages, (message) =>
            Effect.zipRight(observe("trunk", message), Effect.flatMap(relay.fromTrunk(message), pass))
          ).pipe(Effect.zipRight(socket.close(BAD_GATEWAY, "The SIP trunk closed the connection")))
          // Calls still open when the connection ends are recorded as they stand.
          yield* Effect.raceFirst(fromSoftphone, fromTrunk).pipe(
            Effect.ensuring(Effect.flatMap(Clock.currentTimeMillis, (now) => record(calls.close(new Date(now)))))
          )
        }).pipe(Effect.catchTag("SipUnreachable", () => socket.close(BAD_GATEWAY, "The SIP trunk is unreachable")))

      return {
        prepare: (tenantId) =>
          Effect.gen(function* () {
            const target = yield* sip.softphoneTarget(tenantId)
            // The platform's carrier is trusted wherever it is; a tenant's trunk must be public.
            const allowPrivate = outboundAllowPrivate || !target.tenantChosen
            const address = yield* network.resolve(target.address, { allowPrivate }).pipe(
              Effect.mapError(
                (refused) =>
                  new SoftphoneUnavailable({
                    code: refused.reason === "unresolvable" ? "sip_trunk_unresolvable" : "sip_trunk_address_refused",
                    message: refused.message
                  })
              )
            )
            return (socket: Socket) => relay(socket, address, target, tenantId)
          })
      }
    })
  )
}
