import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { JsonObject, JsonObjectInput, Timestamp, Uuid, UuidText, withReason, withoutNul } from "../http/Schemas.js"
import { PageJson, PageParams } from "../http/Pages.js"
import { ApiKeyAuth, RequiredScope } from "../http/Security.js"
import { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import { MAIL_STREAMS } from "../module/Suppressions.js"
import { QueueFull } from "../platform/QueuedWork.js"
import { IdempotencyInProgress, IdempotencyKeyReused } from "../platform/Idempotency.js"
import { TemplateNameTaken, TemplateNotFound } from "./TransactionalErrors.js"
import {
  DEFAULT_PAGE_SIZE,
  MAX_BODY_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PAGE_SIZE,
  MAX_RECIPIENTS,
  MAX_SENDER_NAME,
  MAX_SUBJECT_LENGTH,
  SendResult
} from "./TransactionalInputs.js"

const Text = (reason: string) => withReason(withoutNul(Schema.String), reason)

/** Variables merged into `{{var}}` placeholders: any JSON object (dotted paths reach into nested ones). */
export const Variables = JsonObjectInput

/** A sender: an address on one of the account's verified sending domains, and an optional display name. */
const FromJson = Schema.Struct({
  name: Schema.optional(
    withReason(
      Schema.String.pipe(Schema.maxLength(MAX_SENDER_NAME), Schema.pattern(/^[^\u0000-\u001f\u007f]*$/)),
      `must be at most ${MAX_SENDER_NAME} characters, without line breaks or control characters`
    )
  ),
  address: withReason(Schema.String.pipe(Schema.maxLength(254)), "must be an email address")
}).annotations({ identifier: "TransactionalSender" })

const TemplateFrom = FromJson.annotations({
  description:
    "The sender of the template's mail when a send gives none: an address on one of the account's verified sending domains, checked again at each send."
})

export const TemplateBodyJson = Schema.Struct({
  subject: Text("must be a string"),
  html: Text("must be a string"),
  text: Text("must be a string")
}).annotations({
  identifier: "TemplateBody",
  description:
    "`{{var}}` placeholders (dotted paths such as `{{user.firstName}}`) are merged from a send's `variables`."
})

export const TemplateJson = Schema.Struct({
  id: UuidText,
  name: Schema.String,
  channel: Schema.Literal("email"),
  bodyJson: TemplateBodyJson,
  from: Schema.NullOr(TemplateFrom),
  /** The placeholders the template uses. */
  variables: Schema.Array(Schema.String),
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({ identifier: "TransactionalTemplate" })

export const TemplatePageJson = PageJson(TemplateJson, "TransactionalTemplatePage")

export const CreateTemplateBody = Schema.Struct({
  name: Text(`must be a string of 1 to ${MAX_NAME_LENGTH} characters`),
  channel: Schema.optional(Text("must be email")),
  bodyJson: TemplateBodyJson,
  from: Schema.optional(TemplateFrom)
})

export const PatchTemplateBody = Schema.Struct({
  name: Schema.optional(Text(`must be a string of 1 to ${MAX_NAME_LENGTH} characters`)),
  channel: Schema.optional(Text("must be email")),
  bodyJson: Schema.optional(
    Schema.Struct({
      subject: Schema.optional(Text("must be a string")),
      html: Schema.optional(Text("must be a string")),
      text: Schema.optional(Text("must be a string"))
    })
  ),
  from: Schema.optional(Schema.NullOr(TemplateFrom).annotations({ description: "null takes the template's sender away." }))
})

export const RenderedJson = Schema.Struct({
  subject: Schema.String,
  html: Schema.String,
  text: Schema.String,
  missingVariables: Schema.Array(Schema.String)
}).annotations({
  identifier: "RenderedTemplate",
  description:
    "The template rendered with the variables; `missingVariables` lists the placeholders not given (rendered empty here, refused by a send)."
})

const SendBody = Schema.Struct({
  templateId: Schema.optional(Uuid),
  to: withReason(Schema.Array(Schema.String), `must be an array of 1 to ${MAX_RECIPIENTS} email addresses`),
  variables: Schema.optional(Variables),
  subject: Schema.optional(Text("must be a string")),
  html: Schema.optional(Text("must be a string")),
  text: Schema.optional(Text("must be a string")),
  from: Schema.optional(
    FromJson.annotations({
      description:
        "Who the mail is from: an address on one of the account's verified sending domains (`/v1/transactional/domains`), signed with its DKIM key, and an optional display name. Without it, the template's sender (template mode), else the platform's."
    })
  ),
  stream: Schema.optional(
    withReason(Schema.Literal(...MAIL_STREAMS), "must be transactional or broadcast").annotations({
      description:
        "`transactional` (the default): mail a recipient expects from an action of theirs. `broadcast`: news and marketing, sent with RFC 8058's one-click `List-Unsubscribe`; an unsubscribe holds for the broadcast stream only. Each stream has its own suppression list."
    })
  )
}).annotations({
  description: `Template mode: templateId, to, variables. Inline mode: to, subject, and html or text. Each recipient (at most ${MAX_RECIPIENTS}) gets a message of their own. Subjects are one line of at most ${MAX_SUBJECT_LENGTH} characters, html and text at most ${MAX_BODY_LENGTH} characters each. \`from\` is optional in both.`
})

export const SendResultJson = SendResult.annotations({
  identifier: "TransactionalSendResult",
  description:
    "One message per recipient, queued for delivery; `test` when a test-mode key sent it (delivered to the development mailbox only)."
})

export const ActivityEntryJson = Schema.Struct({
  id: UuidText,
  status: Schema.Literal("sent", "failed", "suppressed", "delivered", "deferred", "bounced", "complained").annotations({
    description:
      "sent: the mail server took it; failed: it refused it, or did not answer (`retrying` when another attempt follows); suppressed: not attempted, the recipient being on the account's suppression list (`error` is the list entry's reason). Reports that come back later about a sent message: delivered, deferred (still being tried by the receiving side), bounced (`metadata.bounce` hard or soft, `error` the remote answer) and complained (marked as spam)."
  }),
  recipient: Schema.String,
  templateId: Schema.NullOr(UuidText),
  templateName: Schema.NullOr(Schema.String),
  subject: Schema.String,
  providerMessageId: Schema.NullOr(Schema.String),
  error: Schema.NullOr(Schema.String),
  metadata: JsonObject,
  createdAt: Timestamp
}).annotations({
  identifier: "TransactionalLog",
  description:
    "One delivery attempt. `metadata.source` names the product that sent it; `metadata.messageId`, `attempt`, `test`, and `retrying` when another attempt follows."
})

export const ActivityPageJson = PageJson(ActivityEntryJson, "TransactionalLogPage")

export const ListParams = PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)

export const LogParams = Schema.Struct({
  ...ListParams.fields,
  source: Schema.optional(
    Text("must be all or a source name").annotations({
      description: "`transactional_v1` (the default): this API's sends; `all`: the whole shared activity ledger."
    })
  )
})

const IdempotencyHeaders = Schema.Struct({
  "idempotency-key": Schema.optional(
    withReason(
      Schema.String.pipe(Schema.pattern(/^[\x21-\x7e]{1,255}$/)),
      "must be 1 to 255 visible ASCII characters"
    ).annotations({
      description:
        "Per account, kept 24 hours: the same key with the same body answers the first response again; with another body 422; while the first is still running 409."
    })
  )
})

export const TemplateId = Schema.Struct({ id: Uuid })

/** Transactional email over API keys with transactional:send. */
export class TransactionalApi extends HttpApiGroup.make("transactional")
  .add(
    HttpApiEndpoint.get("listTemplates", "/transactional/templates")
      .setUrlParams(ListParams)
      .addSuccess(TemplatePageJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List templates")
      .annotate(OpenApi.Description, `Newest first. Default limit ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE}.`)
  )
  .add(
    HttpApiEndpoint.post("createTemplate", "/transactional/templates")
      .setPayload(CreateTemplateBody)
      .addSuccess(TemplateJson)
      .addError(ValidationFailed)
      .addError(TemplateNameTaken)
      .annotate(OpenApi.Summary, "Create a template")
      .annotate(
        OpenApi.Description,
        "`name` is unique per account; `channel` is `email` (the default and only one). A placeholder that does not parse is refused with its line and column."
      )
  )
  .add(
    HttpApiEndpoint.get("getTemplate", "/transactional/templates/:id")
      .setPath(TemplateId)
      .addSuccess(TemplateJson)
      .addError(TemplateNotFound)
      .annotate(OpenApi.Summary, "Get a template")
  )
  .add(
    HttpApiEndpoint.patch("updateTemplate", "/transactional/templates/:id")
      .setPath(TemplateId)
      .setPayload(PatchTemplateBody)
      .addSuccess(TemplateJson)
      .addError(ValidationFailed)
      .addError(TemplateNotFound)
      .addError(TemplateNameTaken)
      .annotate(OpenApi.Summary, "Update a template")
      .annotate(OpenApi.Description, "Fields left out are kept, each part of `bodyJson` on its own.")
  )
  .add(
    HttpApiEndpoint.del("deleteTemplate", "/transactional/templates/:id")
      .setPath(TemplateId)
      .addSuccess(TemplateJson)
      .addError(TemplateNotFound)
      .annotate(OpenApi.Summary, "Delete a template")
      .annotate(OpenApi.Description, "Answers the deleted template. Messages already accepted are still delivered.")
  )
  .add(
    HttpApiEndpoint.post("renderTemplate", "/transactional/templates/:id/render")
      .setPath(TemplateId)
      .setPayload(Schema.Struct({ variables: Schema.optional(Variables) }))
      .addSuccess(RenderedJson)
      .addError(TemplateNotFound)
      .annotate(OpenApi.Summary, "Preview a template")
      .annotate(OpenApi.Description, "Renders the template with `variables` without sending anything.")
  )
  .add(
    HttpApiEndpoint.post("sendMessage", "/transactional/messages")
      .setHeaders(IdempotencyHeaders)
      .setPayload(SendBody)
      .addSuccess(SendResultJson)
      .addError(ValidationFailed)
      .addError(TemplateNotFound)
      .addError(PermissionDenied)
      .addError(IdempotencyKeyReused)
      .addError(IdempotencyInProgress)
      .addError(QueueFull)
      .annotate(OpenApi.Summary, "Send email")
      .annotate(
        OpenApi.Description,
        "Needs the transactional and business_email entitlements. The answer comes once the messages are stored and queued; delivery follows (see the logs). A template placeholder without a variable is refused (400, `details` name each `variables.<name>`). Test-mode keys deliver to the development mailbox only."
      )
  )
  .add(
    HttpApiEndpoint.get("listLogs", "/transactional/logs")
      .setUrlParams(LogParams)
      .addSuccess(ActivityPageJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List send attempts")
      .annotate(
        OpenApi.Description,
        "Newest first. By default only this API's sends (`metadata.source` = `transactional_v1`); `source=all` the shared activity ledger."
      )
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "transactional:send")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Transactional")
  .annotate(
    OpenApi.Description,
    "Email templates and transactional sends (API key, scope transactional:send on every endpoint)."
  ) {}
