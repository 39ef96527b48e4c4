import { Clock, Context, Effect, Layer, Schedule, type Scope, Stream } from "effect"
import type { Socket } from "../http/WebSocket.js"
import { SecretCrypto, randomBase36 } from "../platform/Crypto.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { SoftphoneUnavailable } from "./CallingErrors.js"
import { RelayedCallLog } from "./RelayedCallLog.js"
import { makeRelayedCalls } from "./RelayedCalls.js"
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
      const { callHeartbeatMs, outboundAllowPrivate } = yield* ServiceKitSettings
      const callLog = yield* RelayedCallLog

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
          // Each message as it arrives from its side, before the relay answers or passes it: a call
          // is stored from its INVITE, and its record before the message that ended it goes on.
          const observe = (side: "softphone" | "trunk", text: string) =>
            Effect.suspend(() => {
              const message = parseSipMessage(text)
              if (message === undefined) return Effect.void
              return Effect.flatMap(Clock.currentTimeMillis, (now) => {
                const change = calls.observe(side, message, new Date(now))
                return change === undefined ? Effect.void : callLog.apply(tenantId, change)
              })
            })
          // The calls open here are seen on every heartbeat: a call no host sees is closed by the sweep.
          yield* Effect.forkScoped(
            Effect.repeat(
              Effect.suspend(() => callLog.seen(tenantId, calls.openCallIds())),
              Schedule.spaced(callHeartbeatMs)
            )
          )
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
            Effect.ensuring(
              Effect.flatMap(Clock.currentTimeMillis, (now) =>
                Effect.forEach(calls.close(new Date(now)), (call) => callLog.apply(tenantId, { _tag: "ended", call }), {
                  discard: true
                })
              )
            )
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
