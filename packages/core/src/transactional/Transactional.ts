import type { MailStream } from "../module/Suppressions.js"

/** The records of Transactional email. */

/** Who mail is from: an address on one of the tenant's sending domains, with an optional display name. */
export interface FromAddress {
  readonly name?: string | undefined
  readonly address: string
}

/** A template's content: each part may use `{{var}}` placeholders. */
export interface TemplateBody {
  readonly subject: string
  readonly html: string
  readonly text: string
}

export interface EmailTemplate {
  readonly id: string
  readonly tenantId: string
  /** Unique per tenant. */
  readonly name: string
  readonly channel: "email"
  readonly body: TemplateBody
  /** The sender of its mail when a send names none: an address on a verified sending domain of the tenant. */
  readonly from: FromAddress | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** suppressed: not attempted, the recipient being on the tenant's suppression list. */
export type MessageStatus = "queued" | "sent" | "failed" | "suppressed"

/** One email to one recipient, rendered when it was accepted and delivered by a job. */
export interface EmailMessage {
  readonly id: string
  readonly tenantId: string
  readonly templateId: string | null
  readonly templateName: string | null
  readonly from: string
  readonly to: string
  readonly subject: string
  readonly html: string | null
  readonly text: string | null
  /** Sent with a test-mode key: delivered to the development mailbox only. */
  readonly test: boolean
  /** What sent it: `metadata.source` of its activity entries. */
  readonly source: string
  /** transactional, or broadcast (which carries a one-click unsubscribe link): its suppressions are the stream's. */
  readonly stream: MailStream
  readonly status: MessageStatus
  /** Delivery attempts made so far. */
  readonly attempts: number
  readonly providerMessageId: string | null
  readonly error: string | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/**
 * sent and failed: a delivery attempt's outcome; suppressed: a message not attempted (its recipient
 * suppressed); delivered, deferred, bounced and complained: what a report from the recipient's side
 * said of a sent message later.
 */
export type ActivityStatus = "sent" | "failed" | "suppressed" | "delivered" | "deferred" | "bounced" | "complained"

/**
 * One delivery attempt in the shared activity ledger, which Transactional, Marketing, Business
 * Email and the automations' email skill all write; `metadata.source` tells them apart.
 */
export interface ActivityEntry {
  readonly id: string
  readonly tenantId: string
  readonly status: ActivityStatus
  readonly recipient: string
  readonly templateId: string | null
  readonly templateName: string | null
  readonly subject: string
  readonly providerMessageId: string | null
  readonly error: string | null
  readonly metadata: Readonly<Record<string, unknown>>
  readonly createdAt: Date
}

/** `metadata.source` of what Transactional's API sends. */
export const TRANSACTIONAL_SOURCE = "transactional_v1"

/** `metadata.source` of what automation runs send (the `email.send` skill). */
export const AUTOMATIONS_SOURCE = "automations_v1"

/** Sent and failed deliveries over a window, per UTC day and per template. */
export interface DeliveryStatistics {
  readonly byDay: ReadonlyArray<{ readonly day: string; readonly sent: number; readonly failed: number }>
  readonly byTemplate: ReadonlyArray<{
    readonly templateId: string | null
    readonly templateName: string | null
    readonly sent: number
    readonly failed: number
  }>
}
