import type { MailStream, SuppressionReason } from "../module/Suppressions.js"

/** One address a tenant does not mail on one stream, and why. */
export interface Suppression {
  readonly tenantId: string
  readonly id: string
  readonly stream: MailStream
  /** Lowercase. */
  readonly email: string
  readonly reason: SuppressionReason
  readonly detail: string | null
  readonly messageId: string | null
  readonly createdAt: Date
}

/**
 * The tenant may take these off its list again; a complaint or an unsubscribe was the recipient's
 * own choice, which only the recipient undoes (as Postmark and SES keep them).
 */
export const isRemovable = (reason: SuppressionReason): boolean => reason === "hard_bounce" || reason === "manual"

/** The most entries a tenant adds by hand; bounces and complaints are bounded by what it sent. */
export const MAX_MANUAL_SUPPRESSIONS = 100_000
/** A detail is kept to this many characters. */
export const MAX_DETAIL_LENGTH = 1_000

export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 200

/** What a list narrows to. */
export interface SuppressionFilter {
  readonly stream?: MailStream | undefined
  readonly email?: string | undefined
  readonly reason?: SuppressionReason | undefined
}

export const matches = (row: Suppression, filter: SuppressionFilter): boolean =>
  (filter.stream === undefined || row.stream === filter.stream) &&
  (filter.email === undefined || row.email === filter.email) &&
  (filter.reason === undefined || row.reason === filter.reason)
