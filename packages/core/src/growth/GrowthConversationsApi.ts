import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageJson, PageParams } from "../http/Pages.js"
import { Integer, Timestamp, Uuid, UuidText, withReason, withoutNul } from "../http/Schemas.js"
import { DashboardAuth } from "../http/Security.js"
import { PermissionDenied, TenantNotFound, ValidationFailed } from "../platform/Errors.js"
import { GROWTH_CONVERSATIONS_SOURCE, GROWTH_CONVERSATION_STATUSES, MESSAGE_DIRECTIONS } from "./GrowthConversation.js"
import {
  DEFAULT_PAGE_SIZE,
  MAX_CONTENT_LENGTH,
  MAX_MESSAGES_SHOWN,
  MAX_NAME_LENGTH,
  MAX_PAGE_SIZE,
  MAX_SUBJECT_LENGTH
} from "./GrowthConversationService.js"
import { GrowthConversationNotFound } from "./GrowthErrors.js"

const Text = (reason: string) => withReason(withoutNul(Schema.String), reason)

const Status = withReason(
  Schema.Literal(...GROWTH_CONVERSATION_STATUSES),
  `must be one of ${GROWTH_CONVERSATION_STATUSES.join(", ")}`
)

/** Bodies refuse keys they do not know: a mistyped `direction` must not email a contact. */
const strict = { parseOptions: { onExcessProperty: "error" } } as const

const ContactBody = Schema.Struct({
  email: Text("must be an email address"),
  name: Schema.optional(Schema.NullOr(Text(`must be a string of 1 to ${MAX_NAME_LENGTH} characters, or null`)))
}).annotations(strict)

const CreateConversationBody = Schema.Struct({
  contact: ContactBody,
  subject: Text(`must be one line of 1 to ${MAX_SUBJECT_LENGTH} characters`),
  content: Text(`must be a string of 1 to ${MAX_CONTENT_LENGTH} characters`).annotations({
    description: "The first message, plain text, emailed to the contact."
  })
}).annotations(strict)

const MessageBody = Schema.Struct({
  content: Text(`must be a string of 1 to ${MAX_CONTENT_LENGTH} characters`),
  direction: Schema.optional(
    withReason(Schema.Literal(...MESSAGE_DIRECTIONS), `must be one of ${MESSAGE_DIRECTIONS.join(", ")}`)
  ).annotations({
    description:
      "`outbound` (the default): emailed to the contact as `Re: <subject>`. `inbound`: the contact's reply, received elsewhere, recorded and not emailed."
  })
}).annotations(strict)

const StatusBody = Schema.Struct({ status: Status }).annotations(strict)

const ConversationParams = Schema.Struct({
  ...PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE).fields,
  status: Schema.optional(Status)
})

const ConversationPath = Schema.Struct({ id: Uuid })

export const GrowthConversationJson = Schema.Struct({
  id: UuidText,
  contact: Schema.Struct({ email: Schema.String, name: Schema.NullOr(Schema.String) }),
  subject: Schema.String,
  status: Schema.Literal(...GROWTH_CONVERSATION_STATUSES),
  messageCount: Integer,
  lastMessageAt: Timestamp,
  createdBy: Schema.String,
  createdAt: Timestamp,
  updatedAt: Timestamp
}).annotations({
  identifier: "GrowthConversation",
  description:
    "An email thread of the tenant's team with one contact. `messageCount` is the `sequence` of its last message; `createdBy` the dashboard user who started it."
})

export const GrowthMessageJson = Schema.Struct({
  id: UuidText,
  conversationId: UuidText,
  sequence: Integer,
  direction: Schema.Literal(...MESSAGE_DIRECTIONS),
  content: Schema.String,
  authorId: Schema.NullOr(Schema.String),
  emailMessageId: Schema.NullOr(UuidText),
  createdAt: Timestamp
}).annotations({
  identifier: "GrowthMessage",
  description: `\`sequence\` numbers a conversation's messages 1, 2, 3... in the order they were stored. \`authorId\` is the dashboard user who wrote an outbound message (null for the contact's). \`emailMessageId\` is the Transactional message that carried an outbound one: its delivery attempts are in \`GET /growth/transactional/logs?source=${GROWTH_CONVERSATIONS_SOURCE}\` with that \`metadata.messageId\`. Content is plain text: show it as text, never as HTML.`
})

export const GrowthConversationThreadJson = Schema.Struct({
  ...GrowthConversationJson.fields,
  messages: Schema.Array(GrowthMessageJson)
}).annotations({
  identifier: "GrowthConversationThread",
  description: `The conversation with its latest ${MAX_MESSAGES_SHOWN} messages at most, oldest first: when \`messageCount\` is larger, the earlier ones are left out.`
})

export const GrowthConversationPageJson = PageJson(GrowthConversationJson, "GrowthConversationPage")

/** Growth conversations for any dashboard user of the tenant; the tenant comes from the dashboard token. */
export class GrowthConversationsApi extends HttpApiGroup.make("growthConversations")
  .add(
    HttpApiEndpoint.get("listGrowthConversations", "/growth/conversations")
      .setUrlParams(ConversationParams)
      .addSuccess(GrowthConversationPageJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List conversations")
      .annotate(
        OpenApi.Description,
        "Newest activity (last message) first, optionally one `status` only. A conversation that gets a message while pages are read moves to the front."
      )
  )
  .add(
    HttpApiEndpoint.post("createGrowthConversation", "/growth/conversations")
      .setPayload(CreateConversationBody)
      .addSuccess(GrowthConversationThreadJson)
      .addError(ValidationFailed)
      .addError(PermissionDenied)
      .addError(TenantNotFound)
      .annotate(OpenApi.Summary, "Start a conversation")
      .annotate(
        OpenApi.Description,
        "Stores the conversation and its first message and queues the email to the contact, together. Needs the `business_email` entitlement (403 `product_not_entitled`, nothing stored)."
      )
  )
  .add(
    HttpApiEndpoint.get("getGrowthConversation", "/growth/conversations/:id")
      .setPath(ConversationPath)
      .addSuccess(GrowthConversationThreadJson)
      .addError(ValidationFailed)
      .addError(GrowthConversationNotFound)
      .annotate(OpenApi.Summary, "Get a conversation with its messages")
  )
  .add(
    HttpApiEndpoint.post("addGrowthMessage", "/growth/conversations/:id/messages")
      .setPath(ConversationPath)
      .setPayload(MessageBody)
      .addSuccess(GrowthMessageJson)
      .addError(ValidationFailed)
      .addError(PermissionDenied)
      .addError(TenantNotFound)
      .addError(GrowthConversationNotFound)
      .annotate(OpenApi.Summary, "Reply, or record the contact's reply")
      .annotate(
        OpenApi.Description,
        "A reply is emailed to the contact and needs the `business_email` entitlement (403 `product_not_entitled`, nothing stored); recording an inbound message sends nothing. Either reopens a closed conversation."
      )
  )
  .add(
    HttpApiEndpoint.patch("updateGrowthConversation", "/growth/conversations/:id")
      .setPath(ConversationPath)
      .setPayload(StatusBody)
      .addSuccess(GrowthConversationJson)
      .addError(ValidationFailed)
      .addError(GrowthConversationNotFound)
      .annotate(OpenApi.Summary, "Open or close a conversation")
  )
  .middleware(DashboardAuth)
  .annotate(OpenApi.Title, "Growth conversations (dashboard)")
  .annotate(
    OpenApi.Description,
    "The tenant's email threads with its contacts, for any dashboard user of the tenant. Distinct from Live Chat: no visitors, no widget, no realtime."
  ) {}
