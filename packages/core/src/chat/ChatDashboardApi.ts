import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { PageParams } from "../http/Pages.js"
import { Integer, Uuid, withReason, withoutNul } from "../http/Schemas.js"
import { DashboardAuth } from "../http/Security.js"
import { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import { CONVERSATION_STATUSES } from "./Chat.js"
import {
  MESSAGES_DESCRIPTION,
  MessageBody,
  MessageParams,
  LABELS_DESCRIPTION,
  LabelsBody,
  NOTES_DESCRIPTION,
  NOTE_DESCRIPTION,
  NoteParams,
  PostMessageBody,
  SearchParam,
  VISITORS_DESCRIPTION,
  VisitorParams
} from "./ChatApi.js"
import { ConversationNotFound, ConversationStateConflict, NoteLimitReached } from "./ChatErrors.js"
import { FileLimitReached } from "./ChatFileErrors.js"
import {
  AgentConversationJson,
  AgentConversationPageJson,
  MessageJson,
  MessagePageJson,
  NoteJson,
  NotePageJson,
  IdentitySecretJson,
  VisitorPageJson,
  WidgetJson
} from "./ChatJson.js"
import { DEFAULT_PAGE_SIZE, MAX_NAME_LENGTH, MAX_PAGE_SIZE } from "./ChatInputs.js"
import { INBOX_STREAM_MINUTES } from "./InboxFeed.js"

const Status = withReason(
  Schema.Literal(...CONVERSATION_STATUSES),
  `must be one of ${CONVERSATION_STATUSES.join(", ")}`
)

const TenantPath = Schema.Struct({ tenantId: Uuid })
const ConversationPath = Schema.Struct({ tenantId: Uuid, id: Uuid })

const ConversationParams = Schema.Struct({
  ...PageParams(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE).fields,
  status: Schema.optional(Status),
  source: Schema.optional(withReason(withoutNul(Schema.String), "must be a string")),
  assigned: Schema.optional(
    withReason(Schema.Literal("me", "nobody"), "must be me or nobody").annotations({
      description: "`me`: only the conversations assigned to the token's user; `nobody`: only unassigned ones."
    })
  ),
  label: Schema.optional(
    withReason(withoutNul(Schema.String), "must be a label").annotations({
      description: "Only the conversations with this label (in any case)."
    })
  ),
  q: SearchParam,
  visitorId: Schema.optional(
    Uuid.annotations({
      jsonSchema: { type: "string", format: "uuid", description: "Only the conversations of this visitor (a Visitor's `id`)." }
    })
  )
})

const AssignBody = Schema.Struct({
  assigneeId: withReason(
    Schema.NullOr(withoutNul(Schema.String)),
    `must be an agent id of 1 to ${MAX_NAME_LENGTH} characters, or null`
  ).annotations({ description: "The agent's id (a dashboard user id), or null to unassign." })
})

const StatusBody = Schema.Struct({ status: Status })

const ReadBody = Schema.Struct({
  sequence: withReason(
    Integer.pipe(Schema.between(0, 2_147_483_647)),
    "must be a whole number from 0, the sequence of the last message read"
  ).annotations({
    description: "The `sequence` of the last message the agent has seen; a greater one than the conversation's last counts as its last."
  })
})

/** Live Chat for agents in the tenant's dashboard (tenant JWT). */
export class ChatDashboardApi extends HttpApiGroup.make("chatDashboard")
  .add(
    HttpApiEndpoint.get("listAgentConversations", "/tenants/:tenantId/chat/conversations")
      .setPath(TenantPath)
      .setUrlParams(ConversationParams)
      .addSuccess(AgentConversationPageJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List conversations")
      .annotate(OpenApi.Description, "Newest first, optionally only one `status` or `source`, only those assigned to the token's user or to nobody (`assigned`), and only one visitor's (`visitorId`); each with what the token's user has read of it.")
  )
  .add(
    HttpApiEndpoint.get("getAgentConversation", "/tenants/:tenantId/chat/conversations/:id")
      .setPath(ConversationPath)
      .addSuccess(AgentConversationJson)
      .addError(ConversationNotFound)
      .annotate(OpenApi.Summary, "Get a conversation")
  )
  .add(
    HttpApiEndpoint.post("markConversationRead", "/tenants/:tenantId/chat/conversations/:id/read")
      .setPath(ConversationPath)
      .setPayload(ReadBody)
      .addSuccess(AgentConversationJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .annotate(OpenApi.Summary, "Mark a conversation read")
      .annotate(
        OpenApi.Description,
        "Marks the conversation read by the token's user up to message `sequence`. A mark only moves forward: an older one changes nothing. Replying marks what the reply follows read too."
      )
  )
  .add(
    HttpApiEndpoint.get("listAgentMessages", "/tenants/:tenantId/chat/conversations/:id/messages")
      .setPath(ConversationPath)
      .setUrlParams(MessageParams)
      .addSuccess(MessagePageJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .annotate(OpenApi.Summary, "List a conversation's messages")
      .annotate(OpenApi.Description, MESSAGES_DESCRIPTION)
  )
  .add(
    HttpApiEndpoint.post("replyAsAgent", "/tenants/:tenantId/chat/conversations/:id/messages")
      .setPath(ConversationPath)
      .setPayload(PostMessageBody)
      .addError(FileLimitReached)
      .addSuccess(MessageJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .addError(ConversationStateConflict)
      .annotate(OpenApi.Summary, "Reply as an agent")
      .annotate(
        OpenApi.Description,
        "Posts as the token's user (`authorType` agent, `authorId` the token's subject), which marks the conversation read by them up to the reply. A closed conversation takes no messages (409 `conversation_closed`). Emits `message.created`."
      )
  )
  .add(
    HttpApiEndpoint.put("setAgentConversationLabels", "/tenants/:tenantId/chat/conversations/:id/labels")
      .setPath(ConversationPath)
      .setPayload(LabelsBody)
      .addSuccess(AgentConversationJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .annotate(OpenApi.Summary, "Set a conversation's labels")
      .annotate(OpenApi.Description, LABELS_DESCRIPTION)
  )
  .add(
    HttpApiEndpoint.get("listAgentNotes", "/tenants/:tenantId/chat/conversations/:id/notes")
      .setPath(ConversationPath)
      .setUrlParams(NoteParams)
      .addSuccess(NotePageJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .annotate(OpenApi.Summary, "List a conversation's private notes")
      .annotate(OpenApi.Description, `As \`GET /v1/chat/conversations/{id}/notes\`. ${NOTES_DESCRIPTION}`)
  )
  .add(
    HttpApiEndpoint.post("addAgentNote", "/tenants/:tenantId/chat/conversations/:id/notes")
      .setPath(ConversationPath)
      .setPayload(MessageBody)
      .addSuccess(NoteJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .addError(NoteLimitReached)
      .annotate(OpenApi.Summary, "Add a private note")
      .annotate(
        OpenApi.Description,
        `As the token's user (\`authorType\` agent), signed with their name and initials. ${NOTE_DESCRIPTION}`
      )
  )
  .add(
    HttpApiEndpoint.post("agentTyping", "/tenants/:tenantId/chat/conversations/:id/typing")
      .setPath(ConversationPath)
      .addSuccess(Schema.Void, { status: 204 })
      .addError(ConversationNotFound)
      .annotate(OpenApi.Summary, "Say the agent is typing")
      .annotate(
        OpenApi.Description,
        "Tells the visitor's page (its stream's `typing` event, signed with the agent's name and initials as their replies are); nothing is stored. Send it every few seconds while the agent types: more than one in two seconds is dropped, and in a closed conversation it says nothing."
      )
  )
  .add(
    HttpApiEndpoint.post("assignConversation", "/tenants/:tenantId/chat/conversations/:id/assign")
      .setPath(ConversationPath)
      .setPayload(AssignBody)
      .addSuccess(AgentConversationJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .annotate(OpenApi.Summary, "Assign a conversation")
      .annotate(OpenApi.Description, "Emits `conversation.assigned` when the assignee changes (null: unassigned).")
  )
  .add(
    HttpApiEndpoint.post("setConversationStatus", "/tenants/:tenantId/chat/conversations/:id/status")
      .setPath(ConversationPath)
      .setPayload(StatusBody)
      .addSuccess(AgentConversationJson)
      .addError(ValidationFailed)
      .addError(ConversationNotFound)
      .annotate(OpenApi.Summary, "Change a conversation's status")
      .annotate(
        OpenApi.Description,
        "Any status may follow any other; moving to `closed` emits `conversation.closed`, and a closed conversation takes messages again once reopened."
      )
  )
  .add(
    HttpApiEndpoint.get("listAgentVisitors", "/tenants/:tenantId/chat/visitors")
      .setPath(TenantPath)
      .setUrlParams(VisitorParams)
      .addSuccess(VisitorPageJson)
      .addError(ValidationFailed)
      .annotate(OpenApi.Summary, "List visitors")
      .annotate(OpenApi.Description, `As \`GET /v1/chat/visitors\`. ${VISITORS_DESCRIPTION}`)
  )
  .add(
    HttpApiEndpoint.get("getChatWidget", "/tenants/:tenantId/chat/widget")
      .setPath(TenantPath)
      .addSuccess(WidgetJson)
      .annotate(OpenApi.Summary, "The chat widget's line for the tenant's website")
      .annotate(
        OpenApi.Description,
        "The tenant's widget, made on first need: its site key and the one line of HTML that puts the launcher and chat panel on the tenant's website."
      )
  )
  .add(
    HttpApiEndpoint.post("rotateWidgetIdentitySecret", "/tenants/:tenantId/chat/widget/identity-secret")
      .setPath(TenantPath)
      .addSuccess(IdentitySecretJson)
      .annotate(OpenApi.Summary, "Make the widget's identity secret")
      .annotate(
        OpenApi.Description,
        "A new secret for signing signed-in visitors' ids (admins only), shown once and stored sealed; the one before stops verifying at once, so sign with the new one before you rotate again."
      )
  )
  .add(
    HttpApiEndpoint.get("followInbox", "/tenants/:tenantId/chat/events")
      .setPath(TenantPath)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/event-stream" }))
      .annotate(OpenApi.Summary, "Follow every conversation live")
      .annotate(
        OpenApi.Description,
        `Server-sent events for the tenant's inbox: \`resync\` first on every connection (and again after a break in delivery between servers), then \`conversation\` (a Conversation, when one is created or changes: status, assignee, a new message; without the reader's \`lastReadSequence\`, which stays as last read: \`unreadCount\` is \`messageCount\` less it), \`message\` (a ChatMessage, when one is written), \`note\` (a ConversationNote, when one is added), \`read\` (\`{ conversationId, readerId, lastReadSequence }\`: an agent's read mark moved; the reader's own tabs recount what is unread) and \`typing\` (\`{ conversationId, authorType: "visitor" }\`: the visitor is writing; show it a few seconds, until their message or the next \`typing\`). Events carry no ids and there is no Last-Event-ID resume: on \`resync\`, fetch what you show (the list, the open conversation's messages) and merge later events by id. A connection lasts at most ${INBOX_STREAM_MINUTES} minutes; reconnect with a current token.`
      )
  )
  .addError(PermissionDenied)
  .middleware(DashboardAuth)
  .annotate(OpenApi.Title, "Live Chat (agents)")
  .annotate(
    OpenApi.Description,
    "Conversations and visitors for the tenant's agents (dashboard token of the path's tenant, any role; another tenant's token is a 403 `tenant_mismatch`)."
  ) {}
