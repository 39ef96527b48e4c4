import { Context, type Effect } from "effect"

/** A tenant's mail streams: a suppression holds for one of them. */
export const MAIL_STREAMS = ["transactional", "broadcast"] as const
export type MailStream = (typeof MAIL_STREAMS)[number]

/**
 * Why a recipient is not mailed: the address bounced for good, or softly time after time, its owner
 * reported the mail as spam or unsubscribed, or the tenant added it itself.
 */
export const SUPPRESSION_REASONS = ["hard_bounce", "soft_bounce", "complaint", "unsubscribe", "manual"] as const
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number]

export interface NewSuppression {
  readonly tenantId: string
  readonly stream: MailStream
  /** Any case: stored lowercase. */
  readonly email: string
  readonly reason: SuppressionReason
  /** What the remote server answered, or a note. */
  readonly detail: string | null
  /** The message whose bounce or complaint suppressed the address. */
  readonly messageId: string | null
}

/** A temporary failure to deliver to an address (mailbox full, a server refusing for now). */
export interface SoftBounce {
  readonly tenantId: string
  readonly stream: MailStream
  /** Any case: counted lowercase. */
  readonly email: string
  /** What the remote server answered. */
  readonly detail: string | null
  readonly messageId: string | null
}

/** Addresses compare case-insensitively: mailbox providers treat local parts so, and so do the lists. */
export const suppressionAddress = (email: string): string => email.trim().toLowerCase()

/**
 * The tenants' suppression lists, as the products that send mail see them: whom not to mail, and
 * the addresses their bounces and complaints take off a stream.
 */
export class Suppressions extends Context.Tag("@servicekit/core/Suppressions")<
  Suppressions,
  {
    /** Those of `emails` the tenant may not mail on `stream`, by lowercase address, with why. */
    readonly among: (
      tenantId: string,
      stream: MailStream,
      emails: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyMap<string, SuppressionReason>>
    /**
     * Suppresses each address on its stream, in the caller's unit of work; one already suppressed
     * there keeps its entry, but the recipient's own choice (a complaint, an unsubscribe) replaces a
     * bounce or manual entry, as it may not be removed.
     */
    readonly add: (entries: ReadonlyArray<NewSuppression>) => Effect.Effect<void>
    /**
     * Counts a soft bounce of each address on its stream, in the caller's unit of work; the third
     * within 30 days (SOFT_BOUNCE_LIMIT, SOFT_BOUNCE_WINDOW_DAYS) suppresses it as `soft_bounce`,
     * as `add` would, and starts its count over.
     */
    readonly softBounced: (entries: ReadonlyArray<SoftBounce>) => Effect.Effect<void>
  }
>() {}
