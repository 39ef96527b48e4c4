import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { FullTimestampInput, Integer, Timestamp, UuidText } from "../http/Schemas.js"
import { DashboardAuth } from "../http/Security.js"
import { ValidationFailed } from "../platform/Errors.js"
import { MAX_REPORT_DAYS, REPORT_DAYS } from "../platform/ReportWindow.js"
import {
  ActivityPageJson,
  CreateTemplateBody,
  ListParams,
  LogParams,
  PatchTemplateBody,
  RenderedJson,
  TemplateId,
  TemplateJson,
  TemplatePageJson,
  Variables
} from "./TransactionalApi.js"
import { TemplateNameTaken, TemplateNotFound } from "./TransactionalErrors.js"

const Counts = { sent: Integer, failed: Integer }

export const StatisticsJson = Schema.Struct({
  from: Timestamp,
  to: Timestamp,
  byDay: Schema.Array(Schema.Struct({ day: Schema.String, ...Counts })),
  byTemplate: Schema.Array(
    Schema.Struct({ templateId: Schema.NullOr(UuidText), templateName: Schema.NullOr(Schema.String), ...Counts })
  )
}).annotations({
  identifier: "TransactionalStatistics",
  description:
    "Deliveries in [from, to): messages sent, and messages that failed for good (attempts that were retried do not count), per UTC day (`YYYY-MM-DD`, days without deliveries left out) and per template (`templateId` null: inline sends), most first."
})

/** Transactional email for the tenant's dashboard; the tenant comes from the dashboard token. */
export class TransactionalDashboardApi extends HttpApiGroup.make("transactionalDashboard")
  .add(
    HttpApiEndpoint.get("listDashboardTemplates", "/growth/transactional/templates")
      .setUrlParams(ListParams)
      .addSuccess(TemplatePageJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List the tenant's email templates")
  )
  .add(
    HttpApiEndpoint.post("createDashboardTemplate", "/growth/transactional/templates")
      .setPayload(CreateTemplateBody)
      .addSuccess(TemplateJson)
      .addError(ValidationFailed)
      .addError(TemplateNameTaken)
      .annotate(OpenApi.Summary, "Create an email template")
  )
  .add(
    HttpApiEndpoint.get("getDashboardTemplate", "/growth/transactional/templates/:id")
      .setPath(TemplateId)
      .addSuccess(TemplateJson)
      .addError(TemplateNotFound)
      .annotate(OpenApi.Summary, "Get an email template")
  )
  .add(
    HttpApiEndpoint.patch("updateDashboardTemplate", "/growth/transactional/templates/:id")
      .setPath(TemplateId)
      .setPayload(PatchTemplateBody)
      .addSuccess(TemplateJson)
      .addError(ValidationFailed)
      .addError(TemplateNotFound)
      .addError(TemplateNameTaken)
      .annotate(OpenApi.Summary, "Update an email template")
      .annotate(OpenApi.Description, "Fields left out are kept, each part of `bodyJson` on its own.")
  )
  .add(
    HttpApiEndpoint.del("deleteDashboardTemplate", "/growth/transactional/templates/:id")
      .setPath(TemplateId)
      .addSuccess(TemplateJson)
      .addError(TemplateNotFound)
      .annotate(OpenApi.Summary, "Delete an email template")
      .annotate(OpenApi.Description, "Answers the deleted template. Messages already accepted are still delivered.")
  )
  .add(
    HttpApiEndpoint.post("renderDashboardTemplate", "/growth/transactional/templates/:id/render")
      .setPath(TemplateId)
      .setPayload(Schema.Struct({ variables: Schema.optional(Variables) }))
      .addSuccess(RenderedJson)
      .addError(TemplateNotFound)
      .annotate(OpenApi.Summary, "Preview an email template")
      .annotate(OpenApi.Description, "Renders the template with `variables` without sending anything.")
  )
  .add(
    HttpApiEndpoint.get("listDashboardLogs", "/growth/transactional/logs")
      .setUrlParams(LogParams)
      .addSuccess(ActivityPageJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List the tenant's send attempts")
  )
  .add(
    HttpApiEndpoint.get("getTransactionalStatistics", "/growth/transactional/statistics")
      .setUrlParams(
        Schema.Struct({ from: Schema.optional(FullTimestampInput), to: Schema.optional(FullTimestampInput) })
      )
      .addSuccess(StatisticsJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "Delivery statistics")
      .annotate(
        OpenApi.Description,
        `Without bounds, the ${REPORT_DAYS} days up to now; \`from\` alone runs to now; at most ${MAX_REPORT_DAYS} days.`
      )
  )
  .middleware(DashboardAuth)
  .annotate(OpenApi.Title, "Transactional (dashboard)")
  .annotate(OpenApi.Description, "Templates, send attempts and statistics for any dashboard user of the tenant.") {}
