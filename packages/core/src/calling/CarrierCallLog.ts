import { Context, Effect, Layer, Option } from "effect"
import { invalidField, type ValidationFailed } from "../platform/Errors.js"
import type { Direction } from "./Call.js"
import { CallRepository } from "./CallRepository.js"
import { UnknownCarrierNumber } from "./CallingErrors.js"
import { CallingService } from "./CallingService.js"
import { HostedNumbers, hostedNumberOf } from "./HostedNumbers.js"
import { identityOf } from "./RelayedCalls.js"
import { callRecordIdOf } from "./RelayedCallLog.js"
import type { CarrierCall } from "./TwilioCallStatus.js"

/** An address as a call record prints it: a URI's user part, or the address itself. */
const printed = (address: string) =>
  identityOf(/^(?:sips?|tel):/i.test(address.trim()) ? address : `tel:${address}`)

/**
 * The call log of the calls the platform's carrier reports: each is attributed to the tenant
 * that holds one of its numbers (the callee's first on a call in, the caller's first on a call
 * out), and written under the same record id as the relay's record of the same call, so a call
 * reported by both, or reported again, is one record. The first report stands; a later one adds
 * the quality score it lacks.
 */
export class CarrierCallLog extends Context.Tag("@servicekit/core/CarrierCallLog")<
  CarrierCallLog,
  {
    /** Records an ended call; answers its tenant and record id. */
    readonly record: (
      call: CarrierCall
    ) => Effect.Effect<{ readonly tenantId: string; readonly id: string }, UnknownCarrierNumber | ValidationFailed>
  }
>() {
  static readonly layer = Layer.effect(
    CarrierCallLog,
    Effect.gen(function* () {
      const calling = yield* CallingService
      const calls = yield* CallRepository
      const numbers = yield* HostedNumbers

      /** The tenant holding the first of the call's numbers that is hosted, and which side that is. */
      const attribute = (call: CarrierCall) => {
        const sides: ReadonlyArray<readonly [string, Direction]> =
          call.carrierDirection === "inbound"
            ? [[call.to, "inbound"], [call.from, "outbound"]]
            : [[call.from, "outbound"], [call.to, "inbound"]]
        const none = Option.none<{ tenantId: string; direction: Direction }>()
        return Effect.reduce(sides, none, (found, [address, direction]) => {
          const number = hostedNumberOf(address)
          return Option.isSome(found) || number === undefined
            ? Effect.succeed(found)
            : Effect.map(numbers.tenantOf(number), Option.map((tenantId) => ({ tenantId, direction })))
        })
      }

      return {
        record: (call) =>
          Effect.gen(function* () {
            const owner = yield* attribute(call)
            if (Option.isNone(owner)) {
              yield* Effect.logWarning("a carrier report names no hosted number", { carrierCallId: call.carrierCallId })
              return yield* new UnknownCarrierNumber()
            }
            const { direction, tenantId } = owner.value
            const id = callRecordIdOf(tenantId, call.callId)
            yield* calling
              .ingest(tenantId, [
                {
                  id,
                  fromId: printed(call.from),
                  toId: printed(call.to),
                  direction,
                  durationSecs: call.durationSecs,
                  result: call.result,
                  startedAt: new Date(call.endedAt.getTime() - call.durationSecs * 1000).toISOString(),
                  endedAt: call.endedAt.toISOString(),
                  callSid: call.callId,
                  mosScore: call.mosScore
                }
              ])
              .pipe(
                Effect.catchTags({
                  // The number's tenant was deleted between the lookup and the write.
                  TenantNotFound: () => new UnknownCarrierNumber(),
                  InvalidCall: ({ details }) =>
                    invalidField(details[0]?.field ?? "body", details[0]?.reason ?? "is invalid")
                })
              )
            if (call.mosScore !== null) yield* calls.rateQuality(tenantId, id, call.mosScore)
            return { tenantId, id }
          })
      }
    })
  )
}
