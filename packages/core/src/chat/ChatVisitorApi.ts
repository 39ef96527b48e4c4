import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Integer, withReason, withoutNul } from "../http/Schemas.js"
import { DocumentedSecurity } from "../http/DocumentAnnotations.js"
import { ValidationFailed } from "../platform/Errors.js"
import { MESSAGES_DESCRIPTION, MessageBody, MessageParams } from "./ChatApi.js"
import { ConversationStateConflict } from "./ChatErrors.js"
import { VisitorConversationJson, VisitorMessageJson, VisitorMessagePageJson } from "./ChatJson.js"
import { MAX_COMMENT_LENGTH } from "./ChatInputs.js"
import { VisitorAuth } from "./VisitorAuth.js"

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
  .annotate(OpenApi.Title, "Live Chat hosted page")
  .annotate(OpenApi.Description, "The page a visitor chats in; no credentials.") {}

/** The visitor's side of its conversation: the visitor token only, never an API key or dashboard token. */
export class ChatVisitorApi extends HttpApiGroup.make("chatVisitor")
  .add(
    HttpApiEndpoint.get("getVisitorConversation", "/public/chat/conversation")
      .addSuccess(VisitorConversationJson)
      .annotate(OpenApi.Summary, "The visitor's conversation")
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
      .setPayload(MessageBody)
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
    HttpApiEndpoint.get("followVisitorConversation", "/public/chat/events")
      .addSuccess(HttpApiSchema.Text({ contentType: "text/event-stream" }))
      .annotate(OpenApi.Summary, "Follow the conversation live")
      .annotate(
        OpenApi.Description,
        "Server-sent events: `conversation` (the conversation, first and after each change) and `message` (each message, its id as the event id), until the token expires. Send the id of the last message you have as `Last-Event-ID` to resume after it without a gap or a repeat."
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
