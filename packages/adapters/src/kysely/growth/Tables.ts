import type { GrowthConversationStatus, MessageDirection } from "@servicekit/core/growth"

/** Tables of the growth module (column names as in SQL, see migrations/). */
export interface GrowthConversationsTable {
  readonly tenant_id: string
  readonly id: string
  readonly contact_email: string
  readonly contact_name: string | null
  readonly subject: string
  readonly status: GrowthConversationStatus
  readonly message_count: number
  readonly last_message_at: Date
  readonly created_by: string
  readonly created_at: Date
  readonly updated_at: Date
}

export interface GrowthMessagesTable {
  readonly tenant_id: string
  readonly id: string
  readonly conversation_id: string
  readonly sequence: number
  readonly direction: MessageDirection
  readonly content: string
  readonly author_id: string | null
  readonly email_message_id: string | null
  readonly created_at: Date
}

export interface GrowthTables {
  readonly growth_conversations: GrowthConversationsTable
  readonly growth_messages: GrowthMessagesTable
}
