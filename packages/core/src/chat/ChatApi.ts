import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageParams } from "../http/Pages.js"
import { JsonObjectInput, Timestamp, Uuid, UuidText, withReason, withoutNul } from "../http/Schemas.js"
import { ApiKeyAuth, RequiredScope } from "../http/Security.js"
import { ValidationFailed } from "../platform/Errors.js"
import { CONVERSATION_STATUSES, PRIORITIES } from "./Chat.js"
import { ConversationNotFound, ConversationStateConflict, NoteLimitReached } from "./ChatErrors.js"
import {
  ConversationJson,
  ConversationPageJson,
  MessageJson,
  MessagePageJson,
  NoteJson,
  NotePageJson,
  VisitorPageJson
} from "./ChatJson.js"
import { MAX_NOTES_PER_CONVERSATION } from "./ConversationNotes.js"
import { LABELS_RULE, SEARCH_RULE } from "./ChatInputs.js"
import { FileLimitReached } from "./ChatFileErrors.js"
import { MAX_FILES_PER_MESSAGE } from "./ChatFiles.js"
import {
  DEFAULT_PAGE_SIZE,
  MAX_ATTRIBUTES_LENGTH,
  MAX_CONTENT_LENGTH,
  MAX_EXTERNAL_ID_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PAGE_SIZE,
  SOURCE_RULE,
  VISITOR_TOKEN_HOURS
} from "./ChatInputs.js"

const Text = (reason: string) => withReason(withoutNul(Schema.String), reason)

const VisitorFields = {
  externalId: Text(`must be a string of 1 to ${MAX_EXTERNAL_ID_LENGTH} characters`).annotations({
    description: "The tenant's stable id for this end user."
  }),
  displayName: Schema.optional(Text(`must be a string of 1 to ${MAX_NAME_LENGTH} characters`)),
  email: Schema.optional(Text("must be an email address")),
  attributes: Schema.optional(
    JsonObjectInput.annotations({
      description: `Any JSON object, at most ${MAX_ATTRIBUTES_LENGTH} characters as JSON.`
    })
  )
}

const VisitorBody = Schema.Struct(VisitorFields).annotations({
  identifier: "VisitorInput",
  description:
    "Upserts the visitor by `externalId`: fields given replace the stored ones, fields left out are kept. `attributes` is replaced whole."
})

export const SessionBody = Schema.Struct({
  ...VisitorFields,
  name: Schema.optional(Text(`must be a string of 1 to ${MAX_NAME_LENGTH} characters`)).annotations({
    description: "The conversation's title."
  }),
  source: Schema.optional(Text(`must be ${SOURCE_RULE}`)).annotations({ description: "Default `api`." })
})

export const SessionJson = Schema.Struct({
  conversationId: UuidText,
  chatUrl: Schema.String,
  externalId: Schema.String,
  visitorToken: Schema.String,
  expiresAt: Timestamp,
  siteKey: Schema.String
}).annotations({
  identifier: "ChatSession",
  description: `\`chatUrl\` opens the hosted chat page with \`siteKey\` and the visitor token as query parameters; give only it to browsers and apps. The token opens this one conversation for ${VISITOR_TOKEN_HOURS} hours (\`expiresAt\`).`
})

const Status = withReason(
  Schema.Literal(...CONVERSATION_STATUSES),
  `must be one of ${CONVERSATION_STATUSES.join(", ")}`
)

/** `q` of the conversation lists. */
export const SearchParam = Schema.optional(
  Text(SEARCH_RULE).annotations({
    description:
      "Search: only the conversations whose title or visitor's name, email or id holds every word, or one of whose messages has a word beginning with each (`refu` finds refund). Case does not matter; the other filters apply too."
  })
)

const ConversationParams = Schema.Struct({
  ...PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE).fields,
  status: Schema.optional(Status),
  source: Schema.optional(Text("must be a string")),
  label: Schema.optional(
    Text("must be a label").annotations({
      description: "Only the conversations with this label (in any case)."
    })
  ),
  q: SearchParam
})

export const LabelsBody = Schema.Struct({
  labels: withReason(Schema.Array(withoutNul(Schema.String)), `must be ${LABELS_RULE}`).annotations({
    description: `The conversation's labels, replacing its own: ${LABELS_RULE}; stored trimmed and in lower case, each once.`
  })
})

export const LABELS_DESCRIPTION =
  "Replaces the conversation's labels (`[]` removes them all). Labels are the team's: the visitor never sees them. The conversation's other fields stay; no webhook event is sent for labels alone."

const CreateConversationBody = Schema.Struct({
  name: Text(`must be a string of 1 to ${MAX_NAME_LENGTH} characters`),
  priority: Schema.optional(
    withReason(Schema.Literal(...PRIORITIES), `must be one of ${PRIORITIES.join(", ")}`).annotations({
      description: "Default `normal`."
    })
  ),
  visitor: Schema.optional(VisitorBody)
})

export const MessageParams = Schema.Struct({
  limit: PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE).fields.limit,
  after: Schema.optional(
    Uuid.annotations({
      jsonSchema: {
        type: "string",
        format: "uuid",
        description: "A message id: only the messages after it (the previous page's `meta.nextCursor`)."
      }
    })
  )
})

export const MessageBody = Schema.Struct({
  content: Text(`must be a string of 1 to ${MAX_CONTENT_LENGTH} characters`).annotations({
    description: `Plain text, 1 to ${MAX_CONTENT_LENGTH} characters.`
  })
})

/** A message to write: text, files (uploaded first) or both. */
export const PostMessageBody = Schema.Struct({
  content: withReason(withoutNul(Schema.String), `must be a string of at most ${MAX_CONTENT_LENGTH} characters`).annotations({
    description: `Plain text, 1 to ${MAX_CONTENT_LENGTH} characters; may be empty when \`fileIds\` names files.`
  }),
  fileIds: Schema.optional(
    Schema.Array(UuidText).annotations({
      description: `Files to send with it, at most ${MAX_FILES_PER_MESSAGE}: uploaded to this conversation, or (not for visitors) library files, which are copied into it.`
    })
  )
}).annotations({ identifier: "ChatMessageInput" })

export const VisitorParams = Schema.Struct({
  ...PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE).fields,
  externalId: Schema.optional(Text("must be a string"))
})

export const VISITORS_DESCRIPTION = `Newest first; with \`externalId\`, the one visitor it names (or none). Default limit ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE}.`

export const ConversationId = Schema.Struct({ id: Uuid })

export const NoteParams = PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)

export const NOTES_DESCRIPTION = `Private notes, newest first; \`meta.nextCursor\` is the \`cursor\` of the next page, null at the end. Default limit ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE}.`

export const NOTE_DESCRIPTION = `A note is the team's own: the visitor never sees it, their stream never carries it, no webhook event is sent for it, and it changes nothing of the conversation (its messages, count or last message); agents' inbox streams get it as a \`note\` event. Allowed on a closed conversation too. A conversation keeps at most ${MAX_NOTES_PER_CONVERSATION} (409 \`note_limit_reached\`).`

export const MESSAGES_DESCRIPTION = `Oldest first, by \`sequence\`. Pass the id of the last message you have as \`after\` to catch up after a reconnect; \`meta.nextCursor\` is the \`after\` of the next page, null at the end. Default limit ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE}.`

/** Live Chat over API keys: sessions, conversations, messages and visitors. */
export class ChatApi extends HttpApiGroup.make("chat")
  .add(
    HttpApiEndpoint.post("mintSession", "/chat/sessions")
      .setPayload(SessionBody)
      .addSuccess(SessionJson)
      .addError(ValidationFailed)
      .annotate(RequiredScope, "chat:write")
      .annotate(OpenApi.Summary, "Mint a hosted chat session")
      .annotate(
        OpenApi.Description,
        "Upserts the visitor by `externalId`, creates the account's widget on the first mint, and opens a conversation: the visitor's open (or pending) conversation is reused unless `name` differs from its title, which starts a new one. Records a `chat_session_mint` usage entry; a new conversation emits `conversation.created`. Keep the API key on the server: hand out `chatUrl` only."
      )
  )
  .add(
    HttpApiEndpoint.get("listConversations", "/chat/conversations")
      .setUrlParams(ConversationParams)
      .addSuccess(ConversationPageJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List conversations")
      .annotate(
        OpenApi.Description,
        `Newest first, optionally only one \`status\`, \`source\` or \`label\`. Default limit ${DEFAULT_PAGE_SIZE}, maximum ${MAX_PAGE_SIZE}.`
      )
  )
  .add(
    HttpApiEndpoint.post("createConversation", "/chat/conversations")
      .setPayload(CreateConversationBody)
      .addSuccess(ConversationJson)
      .addError(ValidationFailed)
      .annotate(RequiredScope, "chat:write")
      .annotate(OpenApi.Summary, "Create a conversation")
      .annotate(
        OpenApi.Description,
        "Opens a conversation with source `api`, for the `visitor` given (upserted by `externalId`) or for none. Emits `conversation.created`."
      )
  )
  .add(
    HttpApiEndpoint.get("listMessages", "/chat/conversations/:id/messages")
      .setPath(ConversationId)
      .setUrlParams(MessageParams)
      .addSuccess(MessagePageJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .annotate(OpenApi.Summary, "List a conversation's messages")
      .annotate(OpenApi.Description, MESSAGES_DESCRIPTION)
  )
  .add(
    HttpApiEndpoint.post("postMessage", "/chat/conversations/:id/messages")
      .setPath(ConversationId)
      .setPayload(PostMessageBody)
      .addSuccess(MessageJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .addError(ConversationStateConflict)
      .addError(FileLimitReached)
      .annotate(RequiredScope, "chat:write")
      .annotate(OpenApi.Summary, "Post a message")
      .annotate(
        OpenApi.Description,
        "Posts as the API (`authorType` api). A closed conversation takes no messages (409 `conversation_closed`). Emits `message.created`."
      )
  )
  .add(
    HttpApiEndpoint.put("setLabels", "/chat/conversations/:id/labels")
      .setPath(ConversationId)
      .setPayload(LabelsBody)
      .addSuccess(ConversationJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .annotate(RequiredScope, "chat:write")
      .annotate(OpenApi.Summary, "Set a conversation's labels")
      .annotate(OpenApi.Description, LABELS_DESCRIPTION)
  )
  .add(
    HttpApiEndpoint.get("listNotes", "/chat/conversations/:id/notes")
      .setPath(ConversationId)
      .setUrlParams(NoteParams)
      .addSuccess(NotePageJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .annotate(OpenApi.Summary, "List a conversation's private notes")
      .annotate(OpenApi.Description, NOTES_DESCRIPTION)
  )
  .add(
    HttpApiEndpoint.post("addNote", "/chat/conversations/:id/notes")
      .setPath(ConversationId)
      .setPayload(MessageBody)
      .addSuccess(NoteJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .addError(NoteLimitReached)
      .annotate(RequiredScope, "chat:write")
      .annotate(OpenApi.Summary, "Add a private note")
      .annotate(OpenApi.Description, `As the API (\`authorType\` api). ${NOTE_DESCRIPTION}`)
  )
  .add(
    HttpApiEndpoint.get("listVisitors", "/chat/visitors")
      .setUrlParams(VisitorParams)
      .addSuccess(VisitorPageJson)
      .addError(ValidationFailed)
      .annotate(RequiredScope, "visitors:read")
      .annotate(OpenApi.Summary, "List visitors")
      .annotate(OpenApi.Description, VISITORS_DESCRIPTION)
  )
  .middleware(ApiKeyAuth)
  .annotate(RequiredScope, "chat:read")
  .prefix("/v1")
  .annotate(OpenApi.Title, "Live Chat")
  .annotate(
    OpenApi.Description,
    "Hosted chat sessions, conversations, messages and visitors (API key, scopes chat:read, chat:write, visitors:read)."
  ) {}
