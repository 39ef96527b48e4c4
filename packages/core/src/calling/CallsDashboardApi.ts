import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Integer, Timestamp, TimestampInput, UuidText } from "../http/Schemas.js"
import { DashboardAuth } from "../http/Security.js"
import { ValidationFailed } from "../platform/Errors.js"
import { CallJson, ListCallsParams } from "./CallingApi.js"
import { InvalidCursor } from "./CallingErrors.js"
import { MAX_SUMMARY_DAYS, SUMMARY_DAYS } from "./CallingService.js"

export const DashboardCallPageJson = Schema.Struct({
  items: Schema.Array(CallJson),
  nextCursor: Schema.NullOr(UuidText)
}).annotations({ identifier: "DashboardCallPage" })

export const CallSummaryJson = Schema.Struct({
  from: Timestamp,
  to: Timestamp,
  calls: Integer,
  minutes: Schema.Number,
  inboundOffered: Integer,
  inboundAnswered: Integer,
  answerRatePercent: Schema.NullOr(Schema.Number)
}).annotations({ identifier: "CallSummary" })

const SummaryParams = Schema.Struct({
  from: Schema.optional(TimestampInput),
  to: Schema.optional(TimestampInput)
})

/** The Business Calling dashboard's call routes: the tenant comes from the dashboard token. */
export class CallsDashboardApi extends HttpApiGroup.make("callsDashboard")
  .add(
    HttpApiEndpoint.get("listDashboardCalls", "/calls")
      .setUrlParams(ListCallsParams)
      .addSuccess(DashboardCallPageJson)
      .addError(InvalidCursor)
      .annotate(OpenApi.Summary, "List the tenant's calls")
      .annotate(
        OpenApi.Description,
        "Call detail records, newest first, as the public list but shaped `{ items, nextCursor }`. Default limit 25, maximum 100."
      )
  )
  .add(
    HttpApiEndpoint.get("getCallSummary", "/calls/summary")
      .setUrlParams(SummaryParams)
      .addSuccess(CallSummaryJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Summarize the tenant's calls")
      .annotate(
        OpenApi.Description,
        `Calls started in [from, to): their count and minutes, and the answer rate of inbound calls. Without bounds, the ${SUMMARY_DAYS} days up to now; \`from\` alone runs to now; at most ${MAX_SUMMARY_DAYS} days.`
      )
  )
  .middleware(DashboardAuth)
  .annotate(OpenApi.Title, "Business Calling (dashboard)")
  .annotate(OpenApi.Description, "The tenant's calls for its dashboard. Dashboard token (admin or member).") {}
