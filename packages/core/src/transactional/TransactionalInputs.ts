import { Effect, Schema } from "effect"
import { invalidField } from "../platform/Errors.js"
import type { Environment, Product } from "../platform/Products.js"
import { type MailStream, SUPPRESSION_REASONS, type SuppressionReason } from "../module/Suppressions.js"
import type { EmailMessage, FromAddress, TemplateBody } from "./Transactional.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
/** Recipients of one send request; each gets a message of its own. */
export const MAX_RECIPIENTS = 50
/** Template and message text limits: a subject line, and 512 KiB for each body. */
export const MAX_SUBJECT_LENGTH = 998
export const MAX_BODY_LENGTH = 512 * 1024
export const MAX_NAME_LENGTH = 200
/** A sender's display name. */
export const MAX_SENDER_NAME = 100

/** The address of a mailbox as `mailboxOf` writes it. */
export const addressOf = (mailbox: string): string => /<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox

/** `"Name" <address>`, the name quoted (RFC 5322 §3.2.4), or the bare address. */
export const mailboxOf = (from: NonNullable<SendInput["from"]>): string =>
  from.name === undefined || from.name.trim() === ""
    ? from.address
    : `"${from.name.replace(/["\\]/g, (char) => `\\${char}`)}" <${from.address}>`

export interface TemplateInput {
  readonly name: string
  readonly channel?: string | undefined
  readonly bodyJson: TemplateBody
  readonly from?: FromAddress | undefined
}

export interface TemplatePatch {
  readonly name?: string | undefined
  readonly channel?: string | undefined
  readonly bodyJson?: Partial<TemplateBody> | undefined
  /** null takes the template's sender away (sends then use the platform's, or their own). */
  readonly from?: FromAddress | null | undefined
}

export interface SendInput {
  /** Who sends, as the activity ledger's `metadata.source` records it; Transactional's API by default. */
  readonly source?: string | undefined
  readonly templateId?: string | undefined
  readonly to: ReadonlyArray<string>
  readonly variables?: Readonly<Record<string, unknown>> | undefined
  readonly subject?: string | undefined
  readonly html?: string | undefined
  readonly text?: string | undefined
  /** An address on one of the tenant's verified sending domains; the platform's sender without it. */
  readonly from?: FromAddress | undefined
  /** transactional by default; broadcast mail carries a one-click unsubscribe link. */
  readonly stream?: MailStream | undefined
}

/** Who sends: the tenant with its entitlements, and whether its key is a test-mode key. */
export interface Sender {
  readonly tenantId: string
  readonly environment: Environment
  readonly entitlements: ReadonlyArray<Product>
  /** Set for another product's notice to the tenant's end users: the tenant needs it instead of Business Email. */
  readonly noticeOf?: Product | undefined
}

export const SendResult = Schema.Struct({
  test: Schema.Boolean,
  messages: Schema.Array(
    Schema.Struct({
      id: Schema.String,
      to: Schema.String,
      status: Schema.Literal("queued", "suppressed"),
      suppression: Schema.optional(
        Schema.Literal(...SUPPRESSION_REASONS).annotations({
          description: "Why a suppressed message was not attempted: its recipient's entry on the suppression list."
        })
      )
    })
  )
})
export type SendResult = typeof SendResult.Type

/** A send's answer: each composed message, queued or, its recipient suppressed, not attempted. */
export const answerOf = (test: boolean, composed: ReadonlyArray<EmailMessage>): SendResult => ({
  test,
  messages: composed.map((message) =>
    message.status === "suppressed"
      ? { id: message.id, to: message.to, status: "suppressed" as const, suppression: message.error as SuppressionReason }
      : { id: message.id, to: message.to, status: "queued" as const }
  )
})

export interface Rendered {
  readonly subject: string
  readonly html: string
  readonly text: string
  /** Variables the template uses that were not given (rendered as nothing here; a send refuses them). */
  readonly missingVariables: ReadonlyArray<string>
}

export interface ListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
}

export const checkName = (name: string) =>
  name.trim().length === 0 || name.length > MAX_NAME_LENGTH
    ? invalidField("name", `must be 1 to ${MAX_NAME_LENGTH} characters`)
    : Effect.void

export const checkChannel = (channel: string | undefined) =>
  channel === undefined || channel === "email" ? Effect.void : invalidField("channel", "must be email")
