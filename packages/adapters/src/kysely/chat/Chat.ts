import type {
  AgentPresenceRepository,
  AgentProfileRepository,
  CannedResponseRepository,
  ChatFileRepository,
  ChatMessageRepository,
  ConversationNoteRepository,
  ConversationReadRepository,
  ConversationRepository,
  VisitorRepository,
  VisitorSeenRepository,
  VisitorTokenRepository,
  WidgetRepository
} from "@servicekit/core/internal"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as AgentPresence from "./AgentPresence.js"
import * as AgentProfiles from "./AgentProfiles.js"
import * as CannedResponses from "./CannedResponses.js"
import * as ConversationReads from "./ConversationReads.js"
import * as Conversations from "./Conversations.js"
import * as Files from "./Files.js"
import * as Messages from "./Messages.js"
import * as Notes from "./Notes.js"
import * as migration0010 from "./migrations/0010_chat.js"
import * as migration0032 from "./migrations/0032_chat_conversations_by_visitor.js"
import * as migration0033 from "./migrations/0033_webhook_attempt_answer.js"
import * as webhookHealthMigration from "./migrations/chat/0001_webhook_health.js"
import * as visitorTokensByTenantMigration from "./migrations/chat/0002_visitor_tokens_by_tenant.js"
import * as inboxMigration from "./migrations/chat/0003_inbox.js"
import * as appearanceMigration from "./migrations/chat/0004_appearance.js"
import * as notesMigration from "./migrations/chat/0005_notes.js"
import * as cannedResponsesMigration from "./migrations/chat/0006_canned_responses.js"
import * as labelsMigration from "./migrations/chat/0007_labels.js"
import * as presenceMigration from "./migrations/chat/0008_agent_presence.js"
import * as filesMigration from "./migrations/chat/0009_files.js"
import * as assignmentMigration from "./migrations/chat/0010_assignment.js"
import * as searchMigration from "./migrations/chat/0011_search.js"
import * as workingHoursMigration from "./migrations/chat/0012_working_hours.js"
import * as visitorSeenMigration from "./migrations/chat/0013_visitor_seen.js"
import * as retentionMigration from "./migrations/chat/0014_retention.js"
import * as visitorTokenExpiryMigration from "./migrations/chat/0015_visitor_token_expiry.js"
import * as VisitorSeen from "./VisitorSeen.js"
import * as Visitors from "./Visitors.js"
import * as VisitorTokens from "./VisitorTokens.js"
import * as Widgets from "./Widgets.js"

/**
 * Visitors, widgets and their appearance, conversations with their messages and private notes,
 * visitor tokens, agents' names and presence, canned responses, files (their rows; the bytes are in the blob store), and when visitors last had their conversations open. Its first migrations also made the webhooks' tables (`0010_chat`,
 * `0033_webhook_attempt_answer`, `chat/0001_webhook_health`), from before webhooks were a module of
 * their own: applied where the platform runs, they keep their names and owner (see
 * webhooks/Webhooks.ts).
 */
export const chatStorage: KyselyModuleStorage<
  | VisitorRepository
  | WidgetRepository
  | ConversationRepository
  | ChatMessageRepository
  | ConversationReadRepository
  | VisitorTokenRepository
  | AgentProfileRepository
  | ConversationNoteRepository
  | CannedResponseRepository
  | AgentPresenceRepository
  | ChatFileRepository
  | VisitorSeenRepository
> = {
  // Its tables reference accounts' tenants.
  dependsOn: ["accounts"],
  migrations: {
    "0010_chat": migration0010,
    "0032_chat_conversations_by_visitor": migration0032,
    "0033_webhook_attempt_answer": migration0033,
    "chat/0001_webhook_health": webhookHealthMigration,
    "chat/0002_visitor_tokens_by_tenant": visitorTokensByTenantMigration,
    "chat/0003_inbox": inboxMigration,
    "chat/0004_appearance": appearanceMigration,
    "chat/0005_notes": notesMigration,
    "chat/0006_canned_responses": cannedResponsesMigration,
    "chat/0007_labels": labelsMigration,
    "chat/0008_agent_presence": presenceMigration,
    "chat/0009_files": filesMigration,
    "chat/0010_assignment": assignmentMigration,
    "chat/0011_search": searchMigration,
    "chat/0012_working_hours": workingHoursMigration,
    "chat/0013_visitor_seen": visitorSeenMigration,
    "chat/0014_retention": retentionMigration,
    "chat/0015_visitor_token_expiry": visitorTokenExpiryMigration
  },
  // Messages, reads and notes first: they reference their conversation.
  tenantTables: [
    { table: "chat_messages" },
    { table: "chat_conversation_reads" },
    { table: "chat_notes" },
    { table: "chat_files" },
    { table: "chat_visitor_seen" },
    { table: "visitor_tokens" },
    { table: "conversations" },
    { table: "visitors" },
    { table: "chat_widgets" },
    { table: "chat_agents" },
    { table: "chat_canned_responses" },
    { table: "chat_agent_presence" }
  ],
  layer: Layer.mergeAll(
    Visitors.layer,
    Widgets.layer,
    Conversations.layer,
    Messages.layer,
    ConversationReads.layer,
    VisitorTokens.layer,
    AgentProfiles.layer,
    Notes.layer,
    CannedResponses.layer,
    AgentPresence.layer,
    Files.layer,
    VisitorSeen.layer
  )
}
