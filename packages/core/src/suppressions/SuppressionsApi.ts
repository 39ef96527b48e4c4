import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../http/Pages.js"
import { Timestamp, UuidText, withReason, withoutNul } from "../http/Schemas.js"
import { ApiKeyOrDashboardAuth, RequiredScope } from "../http/Security.js"
import { MAIL_STREAMS, SUPPRESSION_REASONS } from "../module/Suppressions.js"
import { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import {
  DEFAULT_PAGE_SIZE,
  MAX_DETAIL_LENGTH,
  MAX_PAGE_SIZE,
  SOFT_BOUNCE_LIMIT,
  SOFT_BOUNCE_WINDOW_DAYS
} from "./Suppression.js"
import { SuppressionConflict, SuppressionNotFound } from "./SuppressionErrors.js"

export const SUPPRESSIONS_SCOPE = "suppressions:manage"

const Stream = withReason(Schema.Literal(...MAIL_STREAMS), "must be transactional or broadcast").annotations({
  description: "The mail stream: `transactional` (the default) or `broadcast`."
})
const Reason = withReason(Schema.Literal(...SUPPRESSION_REASONS), `must be one of ${SUPPRESSION_REASONS.join(", ")}`)
const Address = withReason(withoutNul(Schema.String.pipe(Schema.maxLength(254))), "must be an email address")

export const SuppressionJson = Schema.Struct({
  id: UuidText,
  stream: Schema.Literal(...MAIL_STREAMS),
  email: Schema.String.annotations({ description: "Lowercase." }),
  reason: Schema.Literal(...SUPPRESSION_REASONS).annotations({
    description:
      `hard_bounce: the address bounced for good (removable); soft_bounce: it bounced softly (mailbox full, refused for now) ${SOFT_BOUNCE_LIMIT} times within ${SOFT_BOUNCE_WINDOW_DAYS} days (removable); complaint: its owner reported the mail as spam; unsubscribe: its owner unsubscribed from the broadcast stream; manual: the account added it (removable).`
  }),
  detail: Schema.NullOr(Schema.String).annotations({ description: "What the remote server answered, or the account's note." }),
  messageId: Schema.NullOr(UuidText).annotations({ description: "The message whose bounce or complaint suppressed it." }),
  createdAt: Timestamp
}).annotations({ identifier: "Suppression" })

const ListParams = Schema.Struct({
  ...PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE).fields,
  stream: Schema.optional(Stream),
  email: Schema.optional(Address),
  reason: Schema.optional(Reason)
})

const AddBody = Schema.Struct({
  email: Address,
  stream: Schema.optional(Stream),
  note: Schema.optional(
    withReason(withoutNul(Schema.String.pipe(Schema.maxLength(MAX_DETAIL_LENGTH))), `must be at most ${MAX_DETAIL_LENGTH} characters`)
  )
})

/** A tenant's suppression lists: by an API key with suppressions:manage or a dashboard token (admins change them). */
export class SuppressionsApi extends HttpApiGroup.make("suppressions")
  .add(
    HttpApiEndpoint.get("listSuppressions", "/transactional/suppressions")
      .setUrlParams(ListParams)
      .addSuccess(PageJson(SuppressionJson, "SuppressionPage"))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List suppressed addresses")
      .annotate(
        OpenApi.Description,
        `Newest first, narrowed by \`stream\`, \`email\` and \`reason\`. Default limit ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE}. A send to a suppressed address is not attempted: its message is \`suppressed\`.`
      )
  )
  .add(
    HttpApiEndpoint.post("addSuppression", "/transactional/suppressions")
      .setPayload(AddBody)
      .addSuccess(SuppressionJson, { status: 201 })
      .addError(ValidationFailed)
      .addError(SuppressionConflict)
      .annotate(OpenApi.Summary, "Suppress an address")
      .annotate(OpenApi.Description, "Adds the address to the stream's list (`transactional` by default) with the reason `manual`.")
  )
  .add(
    HttpApiEndpoint.del("removeSuppression", "/transactional/suppressions/:email")
      .setPath(Schema.Struct({ email: Address }))
      .setUrlParams(Schema.Struct({ stream: Schema.optional(Stream) }))
      .addSuccess(HttpApiSchema.Empty(204))
      .addError(ValidationFailed)
      .addError(SuppressionNotFound)
      .addError(SuppressionConflict)
      .annotate(OpenApi.Summary, "Take an address off the list")
      .annotate(
        OpenApi.Description,
        "Mail to it is attempted again, and its soft bounces are counted afresh. Bounces and manual entries only: a complaint or an unsubscribe is the recipient's choice (409 `suppression_not_removable`)."
      )
  )
  .addError(PermissionDenied)
  .middleware(ApiKeyOrDashboardAuth)
  .annotate(RequiredScope, SUPPRESSIONS_SCOPE)
  .prefix("/v1")
  .annotate(OpenApi.Title, "Suppressions")
  .annotate(
    OpenApi.Description,
    "Addresses a tenant's mail is not sent to, per stream, and why (API key with suppressions:manage, or a dashboard token; changes need a tenant admin)."
  ) {}
