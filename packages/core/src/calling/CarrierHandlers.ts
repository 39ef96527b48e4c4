import { Clock, Effect, FiberRef, Option } from "effect"
import { implement } from "../http/Implement.js"
import { CurrentRequest } from "../http/RequestContext.js"
import { invalidField, unauthenticated } from "../platform/Errors.js"
import { ServiceKitSettings, publicAddress } from "../platform/Settings.js"
import { TenantService } from "../platform/TenantService.js"
import { CarrierReportsApi, HostedNumbersAdminApi, TWILIO_CALLS_PATH } from "./CarrierApi.js"
import { CarrierCallLog } from "./CarrierCallLog.js"
import { CarrierReportsOff, HostedNumberNotFound, HostedNumberTaken } from "./CallingErrors.js"
import { HostedNumbers } from "./HostedNumbers.js"
import { TWILIO_SIGNATURE_HEADER, isTwilioSigned, readTwilioCallStatus } from "./TwilioCallStatus.js"

export const carrierReportHandlers = implement(
  CarrierReportsApi,
  Effect.gen(function* () {
    const log = yield* CarrierCallLog
    const settings = yield* ServiceKitSettings
    const { twilioAuthToken } = settings
    // The URL Twilio requested, as it signed it: the platform's public address, then the request's query.
    const signedUrl = publicAddress(settings, TWILIO_CALLS_PATH)
    return {
      twilioCallStatus: ({ headers, payload }) =>
        Effect.gen(function* () {
          if (twilioAuthToken === undefined) {
            return yield* new CarrierReportsOff({
              message: "Twilio's call reports are not enabled: the platform sets SERVICEKIT_TWILIO_AUTH_TOKEN."
            })
          }
          const target = (yield* FiberRef.get(CurrentRequest)).request?.url ?? ""
          const query = target.includes("?") ? target.slice(target.indexOf("?")) : ""
          if (!isTwilioSigned(twilioAuthToken, signedUrl + query, payload, headers[TWILIO_SIGNATURE_HEADER])) {
            const message = "The request does not carry Twilio's valid signature."
            return yield* unauthenticated("invalid_carrier_signature", message)
          }
          const report = readTwilioCallStatus(payload, new Date(yield* Clock.currentTimeMillis))
          if (report._tag === "Left") return yield* invalidField(report.left.field, report.left.reason)
          if (report.right._tag === "progress") return { recorded: false, callId: null }
          const { id } = yield* log.record(report.right.call)
          return { recorded: true, callId: id }
        })
    }
  })
)

export const hostedNumbersAdminHandlers = implement(
  HostedNumbersAdminApi,
  Effect.gen(function* () {
    const numbers = yield* HostedNumbers
    const tenants = yield* TenantService
    const json = (number: { readonly id: string; readonly assignedAt: Date }) => ({
      number: number.id,
      assignedAt: number.assignedAt
    })
    return {
      listHostedNumbers: ({ path }) =>
        Effect.zipRight(
          tenants.get(path.tenantId),
          Effect.map(numbers.list(path.tenantId), (listed) => ({ data: listed.map(json) }))
        ),
      assignHostedNumber: ({ path }) =>
        Effect.gen(function* () {
          yield* tenants.get(path.tenantId)
          const number = { tenantId: path.tenantId, id: path.number, assignedAt: new Date(yield* Clock.currentTimeMillis) }
          const holder = yield* numbers.assign(number)
          if (Option.isSome(holder)) return yield* new HostedNumberTaken()
          const held = (yield* numbers.list(path.tenantId)).find((one) => one.id === path.number)
          return json(held ?? number)
        }),
      releaseHostedNumber: ({ path }) =>
        Effect.flatMap(numbers.release(path.tenantId, path.number), (released) =>
          released ? Effect.void : Effect.fail(new HostedNumberNotFound())
        )
    }
  })
)
