import type { MailStream, SuppressionReason } from "@servicekit/core/internal"

/** Tables of the suppressions module (column names as in SQL, see migrations/). */
export interface EmailSuppressionsTable {
  readonly tenant_id: string
  readonly id: string
  readonly stream: MailStream
  readonly email: string
  readonly reason: SuppressionReason
  readonly detail: string | null
  readonly message_id: string | null
  readonly created_at: Date
}

export interface EmailSoftBouncesTable {
  readonly tenant_id: string
  readonly stream: MailStream
  readonly email: string
  readonly count: number
  readonly first_at: Date
  readonly last_at: Date
}

export interface SuppressionsTables {
  readonly email_suppressions: EmailSuppressionsTable
  readonly email_soft_bounces: EmailSoftBouncesTable
}
