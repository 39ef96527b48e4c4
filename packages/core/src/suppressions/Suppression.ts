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
export const REMOVABLE_REASONS: ReadonlyArray<SuppressionReason> = ["hard_bounce", "soft_bounce", "manual"]

export const isRemovable = (reason: SuppressionReason): boolean => REMOVABLE_REASONS.includes(reason)

/**
 * Soft bounces are temporary, so one suppresses nothing; this many of an address within
 * SOFT_BOUNCE_WINDOW_DAYS of the first counted mean a dead or full mailbox, and suppress it.
 */
export const SOFT_BOUNCE_LIMIT = 3
/** Days a soft-bounce count runs from its first bounce; a bounce after that starts it over. */
export const SOFT_BOUNCE_WINDOW_DAYS = 30

/** The most entries a tenant adds by hand; bounces and complaints are bounded by what it sent. */
export const MAX_MANUAL_SUPPRESSIONS = 100_000
/** A detail is kept to this many characters. */
export const MAX_DETAIL_LENGTH = 1_000

export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 200

/** One address on one tenant's stream. */
export interface StreamAddress {
  readonly tenantId: string
  readonly stream: MailStream
  /** Lowercase. */
  readonly email: string
}

/** How many soft bounces of an address its current count holds (see SOFT_BOUNCE_LIMIT). */
export interface SoftBounceCount extends StreamAddress {
  readonly count: number
}

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
