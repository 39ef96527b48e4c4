import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { FullTimestampInput, Integer, Timestamp, UuidText, withReason } from "../http/Schemas.js"
import { DashboardAuth } from "../http/Security.js"
import { RateLimited, ValidationFailed } from "../platform/Errors.js"
import { CallExportNote, CSV_COLUMNS } from "./CallExport.js"
import { CallJson, ListCallsParams } from "./CallingApi.js"
import { InvalidCursor } from "./CallingErrors.js"
import { MAX_REPORT_DAYS, REPORT_DAYS } from "../platform/ReportWindow.js"

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
  from: Schema.optional(FullTimestampInput),
  to: Schema.optional(FullTimestampInput)
})

const ExportParams = Schema.Struct({
  format: Schema.optional(withReason(Schema.Literal("csv", "json"), "must be csv or json")),
  from: Schema.optional(FullTimestampInput),
  to: Schema.optional(FullTimestampInput),
  direction: ListCallsParams.fields.direction,
  result: ListCallsParams.fields.result
})

/** The export answers CSV as well as the JSON array its success schema describes. */
const withCsv = (operation: Record<string, any>) => {
  const ok = operation.responses?.["200"]
  if (ok?.content !== undefined) {
    ok.content["text/csv"] = {
      schema: { type: "string", description: `RFC 4180 CSV with a header line: ${CSV_COLUMNS.join(",")}` }
    }
  }
  return operation
}

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
        `Calls started in [from, to): their count and minutes, and the answer rate of inbound calls. Without bounds, the ${REPORT_DAYS} days up to now; \`from\` alone runs to now; at most ${MAX_REPORT_DAYS} days.`
      )
  )
  .add(
    HttpApiEndpoint.get("exportCalls", "/calls/export")
      .setUrlParams(ExportParams)
      .addSuccess(Schema.Array(CallJson))
      .addError(ValidationFailed)
      .addError(RateLimited)
      .annotate(OpenApi.Summary, "Export the tenant's calls as CSV or JSON")
      .annotate(OpenApi.Description, CallExportNote)
      .annotate(OpenApi.Transform, withCsv)
  )
  .middleware(DashboardAuth)
  .annotate(OpenApi.Title, "Business Calling (dashboard)")
  .annotate(OpenApi.Description, "The tenant's calls for its dashboard. Dashboard token (admin or member).") {}
