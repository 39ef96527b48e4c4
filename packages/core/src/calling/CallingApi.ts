import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { withoutSuccessResponse } from "../http/Documents.js"
import { Integer, PageLimit, Timestamp, Uuid, UuidText, withReason } from "../http/Schemas.js"
import { ApiKeyAuth, RequiredScope } from "../http/Security.js"
import { NotAvailable } from "../platform/Errors.js"
import { CallResult, Direction, callResultJsonSchema } from "./Call.js"
import { CallNotFound, InvalidCursor } from "./CallingErrors.js"
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./CallingService.js"

export const CallJson = Schema.Struct({
  id: UuidText,
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
  meta: Schema.Struct({ limit: Integer, nextCursor: Schema.NullOr(UuidText) })
}).annotations({ identifier: "CallPage" })

export const VoiceUsageJson = Schema.Struct({
  minutesTodayUtc: Schema.Number,
  callsStartedTodayUtc: Integer,
  inboundOffered7d: Integer,
  inboundAnswered7d: Integer,
  inboundAnswerRate7dPercent: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "VoiceUsage" })

export const ListCallsParams = Schema.Struct({
  limit: Schema.optional(PageLimit(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)),
  cursor: Schema.optional(
    Uuid.annotations({
      jsonSchema: { type: "string", format: "uuid", description: "The previous page's `meta.nextCursor`." }
    })
  ),
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
      .annotate(OpenApi.Summary, "List call detail records")
      .annotate(OpenApi.Description, "Call detail records, newest first. Default limit 25, maximum 100.")
  )
  .add(
    HttpApiEndpoint.get("getCall", "/voice/calls/:id")
      .setPath(Schema.Struct({ id: Uuid }))
      .addSuccess(CallJson)
      .addError(CallNotFound)
      .annotate(OpenApi.Summary, "Get a call detail record")
  )
  .add(
    HttpApiEndpoint.get("getUsage", "/voice/usage")
      .addSuccess(VoiceUsageJson)
      .annotate(OpenApi.Summary, "Get voice usage")
      .annotate(
        OpenApi.Description,
        "Minutes and calls started today (UTC), and inbound calls offered and answered over the last 7 days."
      )
  )
  .add(
    HttpApiEndpoint.get("listNumbers", "/voice/numbers")
      .addError(NotAvailable)
      .annotate(OpenApi.Summary, "List phone numbers (planned)")
      .annotate(OpenApi.Description, "Planned: phone numbers. Not available yet; always answers 501.")
      .annotate(OpenApi.Transform, withoutSuccessResponse)
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "voice:read")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Business Calling")
  .annotate(OpenApi.Description, "Read-only call detail records and usage (API key, scope voice:read).") {}
