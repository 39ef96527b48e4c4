import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageLimit, Timestamp, Uuid, withReason } from "../http/Schemas.js"
import { ApiKeyAuth, RequiredScope } from "../http/Security.js"
import { NotAvailable } from "../platform/Errors.js"
import { CallResult, Direction, callResultJsonSchema } from "./Call.js"
import { CallNotFound, InvalidCursor } from "./CallingErrors.js"
import { MAX_PAGE_SIZE } from "./CallingService.js"

export const CallJson = Schema.Struct({
  id: Schema.String,
  fromId: Schema.String,
  toId: Schema.String,
  direction: Direction,
  durationSecs: Schema.Number,
  result: CallResult,
  startedAt: Timestamp,
  endedAt: Schema.NullOr(Timestamp),
  callSid: Schema.NullOr(Schema.String),
  mosScore: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "Call" })

export const CallPageJson = Schema.Struct({
  data: Schema.Array(CallJson),
  meta: Schema.Struct({ limit: Schema.Int, nextCursor: Schema.NullOr(Schema.String) })
}).annotations({ identifier: "CallPage" })

export const VoiceUsageJson = Schema.Struct({
  minutesTodayUtc: Schema.Number,
  callsStartedTodayUtc: Schema.Int,
  inboundOffered7d: Schema.Int,
  inboundAnswered7d: Schema.Int,
  inboundAnswerRate7dPercent: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "VoiceUsage" })

export const ListCallsParams = Schema.Struct({
  limit: Schema.optional(PageLimit(MAX_PAGE_SIZE)),
  cursor: Schema.optional(Uuid),
  direction: Schema.optional(withReason(Direction, "must be inbound or outbound")),
  result: Schema.optional(
    CallResult.annotations({
      jsonSchema: { ...callResultJsonSchema, description: "Only calls whose `result` is exactly this token." }
    })
  )
})

export class CallingApi extends HttpApiGroup.make("calling")
  .add(
    HttpApiEndpoint.get("listCalls", "/voice/calls")
      .setUrlParams(ListCallsParams)
      .addSuccess(CallPageJson)
      .addError(InvalidCursor)
      .annotate(OpenApi.Description, "Call detail records, newest first. Default limit 25, maximum 100.")
  )
  .add(
    HttpApiEndpoint.get("getCall", "/voice/calls/:id")
      .setPath(Schema.Struct({ id: Uuid }))
      .addSuccess(CallJson)
      .addError(CallNotFound)
  )
  .add(HttpApiEndpoint.get("getUsage", "/voice/usage").addSuccess(VoiceUsageJson))
  .add(
    HttpApiEndpoint.get("listNumbers", "/voice/numbers")
      .addError(NotAvailable)
      .annotate(OpenApi.Description, "Planned: phone numbers. Not available yet; always answers 501.")
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "voice:read")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Business Calling")
  .annotate(OpenApi.Description, "Read-only call detail records and usage (API key, scope voice:read).") {}
