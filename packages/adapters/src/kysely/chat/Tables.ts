import type {
  AuthorType,
  FileRef,
  ConversationStatus,
  LauncherPosition,
  PresenceStatus,
  Priority,
  Visitor
} from "@servicekit/core/chat"
import type { ColumnType, Generated } from "kysely"

/** JSON written as text, so that pg and PGlite serialise it the same way, and read back parsed. */
type JsonColumn<A> = ColumnType<A, string, string>

/** Tables of the chat module (column names as in SQL, see migrations/). */
export interface VisitorsTable {
  readonly tenant_id: string
  readonly id: string
  readonly external_id: string
  readonly display_name: string | null
  readonly email: string | null
  readonly attributes: JsonColumn<Visitor["attributes"]>
  readonly created_at: Date
  readonly updated_at: Date
}

export interface ChatWidgetsTable {
  readonly tenant_id: string
  readonly site_key: string
  /** Sealed by the secret box. */
  readonly identity_secret: string | null
  readonly identity_secret_at: Date | null
  readonly display_name: string | null
  readonly accent_color: string | null
  readonly greeting: string | null
  readonly launcher_position: Generated<LauncherPosition>
  readonly appearance_updated_at: Date | null
  readonly file_max_bytes: number | null
  readonly file_kinds: ReadonlyArray<string> | null
  readonly assignment_mode: string | null
  readonly assignment_capacity: number | null
  readonly assignment_cursor: string | null
  /** WorkingHours as JSON, `updatedAt` an ISO string. */
  readonly working_hours: unknown | null
  readonly created_at: Date
}

export interface ChatAgentsTable {
  readonly tenant_id: string
  readonly agent_id: string
  readonly display_name: string
  readonly initials: string
  readonly updated_at: Date
}

export interface ConversationsTable {
  readonly tenant_id: string
  readonly id: string
  readonly visitor_id: string | null
  /** The visitor's names, as its row has them: written with the visitor (see Visitors.upsert). */
  readonly visitor_external_id: string | null
  readonly visitor_display_name: string | null
  readonly visitor_email: string | null
  readonly name: string | null
  readonly status: ConversationStatus
  readonly priority: Priority
  readonly source: string
  readonly assignee_id: string | null
  readonly labels: Generated<ReadonlyArray<string>>
  readonly csat_rating: number | null
  readonly csat_comment: string | null
  readonly csat_submitted_at: Date | null
  readonly message_count: number
  readonly last_message_at: Date | null
  readonly last_message_author_type: AuthorType | null
  readonly last_message_preview: string | null
  readonly created_at: Date
  readonly updated_at: Date
}

export interface ChatMessagesTable {
  readonly tenant_id: string
  readonly id: string
  readonly conversation_id: string
  readonly sequence: number
  readonly author_type: AuthorType
  readonly author_id: string | null
  readonly author_name: string | null
  readonly author_initials: string | null
  readonly content: string
  readonly files: JsonColumn<ReadonlyArray<FileRef>>
  readonly created_at: Date
}

export interface ChatNotesTable {
  readonly tenant_id: string
  readonly id: string
  readonly conversation_id: string
  readonly author_type: "agent" | "api"
  readonly author_id: string | null
  readonly author_name: string | null
  readonly author_initials: string | null
  readonly content: string
  readonly created_at: Date
}

export interface ChatCannedResponsesTable {
  readonly tenant_id: string
  readonly id: string
  readonly name: string
  readonly shortcut: string
  readonly content: string
  readonly files: JsonColumn<ReadonlyArray<FileRef>>
  readonly created_at: Date
  readonly updated_at: Date
}

export interface ChatFilesTable {
  readonly tenant_id: string
  readonly id: string
  readonly conversation_id: string | null
  readonly name: string
  readonly content_type: string
  readonly size: number
  readonly author_type: AuthorType
  readonly author_id: string | null
  readonly created_at: Date
}

export interface ChatAgentPresenceTable {
  readonly tenant_id: string
  readonly agent_id: string
  readonly status: PresenceStatus
  readonly seen_at: Date
}

export interface ChatVisitorSeenTable {
  readonly tenant_id: string
  readonly conversation_id: string
  readonly seen_at: Date | null
  readonly emailed_through: Generated<number>
}

export interface ChatConversationReadsTable {
  readonly tenant_id: string
  readonly conversation_id: string
  readonly reader_id: string
  readonly sequence: number
  readonly read_at: Date
}

export interface VisitorTokensTable {
  readonly digest: string
  readonly tenant_id: string
  readonly visitor_id: string
  readonly conversation_id: string
  readonly expires_at: Date
  readonly created_at: Date
}

export interface ChatTables {
  readonly visitors: VisitorsTable
  readonly chat_widgets: ChatWidgetsTable
  readonly conversations: ConversationsTable
  readonly chat_messages: ChatMessagesTable
  readonly visitor_tokens: VisitorTokensTable
  readonly chat_conversation_reads: ChatConversationReadsTable
  readonly chat_agents: ChatAgentsTable
  readonly chat_notes: ChatNotesTable
  readonly chat_canned_responses: ChatCannedResponsesTable
  readonly chat_agent_presence: ChatAgentPresenceTable
  readonly chat_files: ChatFilesTable
  readonly chat_visitor_seen: ChatVisitorSeenTable
}
