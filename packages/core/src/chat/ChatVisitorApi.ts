import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Integer, withReason, withoutNul } from "../http/Schemas.js"
import { DocumentedSecurity } from "../http/DocumentAnnotations.js"
import { PermissionDenied, RateLimited, ValidationFailed } from "../platform/Errors.js"
import { MESSAGES_DESCRIPTION, MessageBody, MessageParams, PostMessageBody } from "./ChatApi.js"
import { FileLimitReached } from "./ChatFileErrors.js"
import { IN_CONVERSATION, fileUpload } from "./ChatFilesApi.js"
import { ShownAppearanceJson } from "./AppearanceJson.js"
import { ConversationStateConflict, VisitorIdentityRefused, WidgetNotFound } from "./ChatErrors.js"
import {
  VisitorConversationJson,
  VisitorMessageJson,
  VisitorMessagePageJson,
  WidgetResumeJson,
  WidgetStartJson
} from "./ChatJson.js"
import { MAX_COMMENT_LENGTH, WIDGET_TOKEN_DAYS } from "./ChatInputs.js"
import { VisitorAuth } from "./VisitorAuth.js"
import { AvailabilityJson } from "./WorkingHoursApi.js"

const SiteKey = withReason(Schema.String.pipe(Schema.pattern(/^svw_[0-9A-Za-z]{24}$/)), "must be a site key: svw_ and 24 letters or digits")

const RatingBody = Schema.Struct({
  rating: withReason(Integer.pipe(Schema.between(1, 5)), "must be a whole number from 1 to 5"),
  comment: Schema.optional(
    withReason(withoutNul(Schema.String), `must be a string of at most ${MAX_COMMENT_LENGTH} characters`)
  )
})

/** The hosted chat page and its assets: public, the visitor token travels in the page's URL. */
export class ChatPageApi extends HttpApiGroup.make("chatPage")
  .add(
    HttpApiEndpoint.get("chatPage", "/public/chat")
      .addSuccess(HttpApiSchema.Text({ contentType: "text/html" }))
      .annotate(OpenApi.Summary, "The hosted chat page")
      .annotate(
        OpenApi.Description,
        "What a session's `chatUrl` opens (`?siteKey=...&token=...`). Sent with a strict Content-Security-Policy and `Referrer-Policy: no-referrer`; its script moves the token out of the address bar and uses it as a bearer token for the visitor API below."
      )
  )
  .add(
    HttpApiEndpoint.get("chatPageScript", "/public/chat/chat.js")
      .addSuccess(HttpApiSchema.Text({ contentType: "text/javascript" }))
      .annotate(OpenApi.Summary, "The hosted chat page's script")
  )
  .add(
    HttpApiEndpoint.get("chatPageStyles", "/public/chat/chat.css")
      .addSuccess(HttpApiSchema.Text({ contentType: "text/css" }))
      .annotate(OpenApi.Summary, "The hosted chat page's styles")
  )
  .add(
    HttpApiEndpoint.get("widgetScript", "/public/chat/widget.js")
      .addSuccess(HttpApiSchema.Text({ contentType: "text/javascript" }))
      .annotate(OpenApi.Summary, "The chat widget's loader")
      .annotate(
        OpenApi.Description,
        "What the tenant's website loads, with its site key as the script element's `data-site-key` (the console shows the one line: `GET /tenants/{tenantId}/chat/widget`). It draws a launcher and frames the panel below beside it; it fetches nothing itself, so a page whose Content-Security-Policy allows this origin for scripts and frames runs it."
      )
  )
  .add(
    HttpApiEndpoint.get("widgetPanel", "/public/chat/widget")
      .setUrlParams(Schema.Struct({ siteKey: SiteKey }))
      .addSuccess(HttpApiSchema.Text({ contentType: "text/html" }))
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "The chat widget's panel")
      .annotate(
        OpenApi.Description,
        "The page the loader frames. It remembers its visitor's token in this origin's storage of the visitor's browser, across page loads and tabs, and opens a conversation with the first message the visitor writes."
      )
  )
  .annotate(OpenApi.Title, "Live Chat hosted page")
  .annotate(OpenApi.Description, "The page a visitor chats in, and the widget a tenant puts on its website; no credentials.") {}

const VisitorEmail = withReason(withoutNul(Schema.String), "must be an email address")
const VisitorEmailJson = Schema.Struct({ email: Schema.String }).annotations({
  identifier: "VisitorEmail",
  description: "The address replies go to when the visitor is away."
})
const AVAILABILITY_DESCRIPTION =
  "Within the tenant's working hours with an agent online, the widget chats; otherwise it shows the away message (as text) and asks for the visitor's email address, and a first message still opens the conversation. Ask again every minute or so while the chat is open."

const ExternalId = withReason(withoutNul(Schema.String), "must be the visitor's id of 1 to 200 characters")
const IdentityHash = withReason(Schema.String.pipe(Schema.pattern(/^[0-9a-f]{64}$/)), "must be 64 lowercase hex digits")
const IDENTITY_DESCRIPTION =
  "A signed-in visitor: `externalId` with `identityHash`, the lowercase hex HMAC-SHA256 of it under the tenant's identity secret (made on the tenant's server, never in the browser): 403 `identity_hash_invalid` when it does not match, `identity_not_enabled` when the tenant has no secret."

/** The widget's visitor before it holds a token: the site key names the tenant. */
export class ChatWidgetApi extends HttpApiGroup.make("chatWidget")
  .add(
    HttpApiEndpoint.get("getWidgetAppearance", "/public/chat/widget/appearance")
      .setUrlParams(Schema.Struct({ siteKey: SiteKey }))
      .addSuccess(ShownAppearanceJson)
      .addError(ValidationFailed)
      .addError(WidgetNotFound)
      .addError(PermissionDenied)
      .addError(RateLimited)
      .annotate(OpenApi.Summary, "How the widget looks")
      .annotate(
        OpenApi.Description,
        "The tenant's name, accent, greeting and launcher side, as its widget shows them. A suspended tenant's widget answers 403 `tenant_suspended`."
      )
  )
  .add(
    HttpApiEndpoint.get("getWidgetAvailability", "/public/chat/widget/availability")
      .setUrlParams(Schema.Struct({ siteKey: SiteKey }))
      .addSuccess(AvailabilityJson)
      .addError(ValidationFailed)
      .addError(WidgetNotFound)
      .addError(PermissionDenied)
      .addError(RateLimited)
      .annotate(OpenApi.Summary, "Whether the team chats now")
      .annotate(OpenApi.Description, AVAILABILITY_DESCRIPTION)
  )
  .add(
    HttpApiEndpoint.post("resumeWidgetConversation", "/public/chat/widget/sessions")
      .setPayload(Schema.Struct({ siteKey: SiteKey, externalId: ExternalId, identityHash: IdentityHash }))
      .addSuccess(WidgetResumeJson)
      .addError(ValidationFailed)
      .addError(WidgetNotFound)
      .addError(PermissionDenied)
      .addError(VisitorIdentityRefused)
      .addError(RateLimited)
      .annotate(OpenApi.Summary, "Find a signed-in visitor's open conversation")
      .annotate(
        OpenApi.Description,
        `${IDENTITY_DESCRIPTION} Answers a token (${WIDGET_TOKEN_DAYS} days) for the visitor's open or pending conversation, or nulls when they have none; limited per client address as the first message is.`
      )
  )
  .add(
    HttpApiEndpoint.post("startWidgetConversation", "/public/chat/widget/conversations")
      .setPayload(
        Schema.Struct({
          siteKey: SiteKey,
          content: MessageBody.fields.content,
          externalId: Schema.optional(ExternalId),
          identityHash: Schema.optional(IdentityHash),
          email: Schema.optional(VisitorEmail)
        })
      )
      .addSuccess(WidgetStartJson)
      .addError(ValidationFailed)
      .addError(WidgetNotFound)
      .addError(PermissionDenied)
      .addError(RateLimited)
      .addError(ConversationStateConflict)
      .addError(VisitorIdentityRefused)
      .annotate(OpenApi.Summary, "Write the first message in the widget")
      .annotate(
        OpenApi.Description,
        `With \`email\`, the address the visitor leaves for replies (see the visitor's \`PUT /public/chat/email\`). Creates an anonymous visitor (\`externalId\` \`anon_\` and 24 characters), or takes the signed-in one (${IDENTITY_DESCRIPTION}), its conversation (source \`widget\`) with this message, and the visitor token that opens it for ${WIDGET_TOKEN_DAYS} days: use it as the visitor API's bearer token from then on. Limited per client address (\`SERVICEKIT_WIDGET_START_RATE_LIMIT\` an hour) beside the visitor routes' own limit. A suspended tenant's widget answers 403 \`tenant_suspended\`. Emits \`conversation.created\` and \`message.created\`.`
      )
  )
  .annotate(OpenApi.Title, "Live Chat widget")
  .annotate(OpenApi.Description, "The widget's look and first message; no credentials: the site key names the tenant.") {}

/** The visitor's side of its conversation: the visitor token only, never an API key or dashboard token. */
export class ChatVisitorApi extends HttpApiGroup.make("chatVisitor")
  .add(
    HttpApiEndpoint.get("getVisitorConversation", "/public/chat/conversation")
      .addSuccess(VisitorConversationJson)
      .annotate(OpenApi.Summary, "The visitor's conversation")
  )
  .add(
    HttpApiEndpoint.get("getVisitorAppearance", "/public/chat/appearance")
      .addSuccess(ShownAppearanceJson)
      .annotate(OpenApi.Summary, "How the chat looks")
      .annotate(OpenApi.Description, "The tenant's name, accent and greeting, as its hosted page shows them.")
  )
  .add(
    HttpApiEndpoint.post("sayVisitorPresent", "/public/chat/presence")
      .addSuccess(AvailabilityJson)
      .annotate(OpenApi.Summary, "Say the visitor has the chat open")
      .annotate(
        OpenApi.Description,
        `Send it when the page opens and every minute while it is shown: a reply the visitor has not had the chat open to see for the tenant's \`emailAfterMinutes\` goes to their email address. Answers whether the team chats now. ${AVAILABILITY_DESCRIPTION}`
      )
  )
  .add(
    HttpApiEndpoint.put("leaveVisitorEmail", "/public/chat/email")
      .setPayload(Schema.Struct({ email: VisitorEmail }))
      .addSuccess(VisitorEmailJson)
      .addError(ValidationFailed)
      .addError(VisitorIdentityRefused)
      .annotate(OpenApi.Summary, "Leave an email address for replies")
      .annotate(
        OpenApi.Description,
        "An agent's reply the visitor has not seen in the tenant's `emailAfterMinutes` goes to this address, with the recent conversation and a link back into it. An anonymous visitor gives and changes its own address; a visitor the tenant named keeps the address the tenant gave (403 `email_set_by_tenant`)."
      )
  )
  .add(
    HttpApiEndpoint.get("listVisitorMessages", "/public/chat/messages")
      .setUrlParams(MessageParams)
      .addSuccess(VisitorMessagePageJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "The conversation's messages")
      .annotate(OpenApi.Description, MESSAGES_DESCRIPTION)
  )
  .add(
    HttpApiEndpoint.post("postVisitorMessage", "/public/chat/messages")
      .setPayload(PostMessageBody)
      .addError(FileLimitReached)
      .addSuccess(VisitorMessageJson)
      .addError(ValidationFailed)
      .addError(ConversationStateConflict)
      .annotate(OpenApi.Summary, "Write as the visitor")
      .annotate(
        OpenApi.Description,
        "A message with `authorType` visitor; it reopens a resolved conversation, and a closed one takes none (409 `conversation_closed`). Emits `message.created`."
      )
  )
  .add(
    fileUpload("uploadVisitorFile", "/public/chat/files")
      .annotate(OpenApi.Summary, "Upload a file as the visitor")
      .annotate(OpenApi.Description, `To the visitor's conversation. ${IN_CONVERSATION}`)
  )
  .add(
    HttpApiEndpoint.get("followVisitorConversation", "/public/chat/events")
      .addSuccess(HttpApiSchema.Text({ contentType: "text/event-stream" }))
      .annotate(OpenApi.Summary, "Follow the conversation live")
      .annotate(
        OpenApi.Description,
        "Server-sent events: `conversation` (the conversation, first and after each change), `message` (each message, its id as the event id), `seen` (`{ sequence }`: agents have read the conversation up to that message; first after `conversation` once any has, then as they read on) and `typing` (`{ authorType: \"agent\", authorName, authorInitials }`: an agent is writing; show it a few seconds, until their message or the next `typing`), until the token expires. Send the id of the last message you have as `Last-Event-ID` to resume after it without a gap or a repeat."
      )
  )
  .add(
    HttpApiEndpoint.post("visitorTyping", "/public/chat/typing")
      .addSuccess(Schema.Void, { status: 204 })
      .annotate(OpenApi.Summary, "Say the visitor is typing")
      .annotate(
        OpenApi.Description,
        "Tells the tenant's agents (their inbox stream's `typing` event); nothing is stored. Send it every few seconds while the visitor types: more than one in two seconds is dropped, and in a closed conversation it says nothing."
      )
  )
  .add(
    HttpApiEndpoint.post("rateConversation", "/public/chat/csat")
      .setPayload(RatingBody)
      .addSuccess(VisitorConversationJson)
      .addError(ValidationFailed)
      .addError(ConversationStateConflict)
      .annotate(OpenApi.Summary, "Rate the conversation")
      .annotate(
        OpenApi.Description,
        "Once, after the conversation was resolved or closed (409 `conversation_not_finished` before, `csat_already_submitted` after). Emits `csat.submitted`."
      )
  )
  .middleware(VisitorAuth)
  .annotate(DocumentedSecurity, {
    schemes: {
      visitorToken: {
        type: "http",
        scheme: "bearer",
        description: "A chat session's visitor token (`svt_...`), as `Authorization: Bearer`"
      }
    },
    anyOf: ["visitorToken"]
  })
  .annotate(OpenApi.Title, "Live Chat visitor")
  .annotate(
    OpenApi.Description,
    "The hosted page's API, for the visitor token of a session (`Authorization: Bearer svt_...`); it reaches only the conversation the token was minted for."
  ) {}
