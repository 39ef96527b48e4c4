import type { MailStream } from "@servicekit/core/internal"
import type { ActivityStatus, MessageStatus } from "@servicekit/core/transactional"
import type { ColumnType } from "kysely"

/** Tables of the transactional module (column names as in SQL, see migrations/). */
export interface EmailTemplatesTable {
  readonly tenant_id: string
  readonly id: string
  readonly name: string
  readonly channel: "email"
  readonly subject: string
  readonly html: string
  readonly text: string
  readonly from_name: string | null
  readonly from_address: string | null
  readonly created_at: Date
  readonly updated_at: Date
}

export interface EmailMessagesTable {
  readonly tenant_id: string
  readonly id: string
  readonly template_id: string | null
  readonly template_name: string | null
  readonly from_address: string
  readonly to_address: string
  readonly subject: string
  readonly html: string | null
  readonly text: string | null
  readonly test: boolean
  readonly source: string
  readonly stream: MailStream
  readonly status: MessageStatus
  readonly attempts: number
  readonly provider_message_id: string | null
  readonly error: string | null
  readonly created_at: Date
  readonly updated_at: Date
  /** Set once, by the first report of the message's bounce (see MessageRepository.firstReport). */
  readonly bounce_reported_at: ColumnType<Date | null, never, Date>
  readonly complaint_reported_at: ColumnType<Date | null, never, Date>
}

export interface ActivityLogTable {
  readonly tenant_id: string
  readonly id: string
  readonly status: ActivityStatus
  readonly recipient: string
  readonly template_id: string | null
  readonly template_name: string | null
  readonly subject: string
  readonly provider_message_id: string | null
  readonly error: string | null
  /** Written as JSON text so that pg and PGlite serialise it the same way. */
  readonly metadata: ColumnType<Record<string, unknown>, string, never>
  readonly created_at: Date
}

export interface TransactionalTables {
  readonly email_templates: EmailTemplatesTable
  readonly email_messages: EmailMessagesTable
  readonly activity_log: ActivityLogTable
}
