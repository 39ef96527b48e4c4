import { Context, type Effect } from "effect"
import type { PermissionDenied } from "../platform/Errors.js"

/**
 * What one tenant's mail came to in a moment: messages handed to the relay (one recipient each,
 * taken or refused), and hard bounces and complaints. Test-mode mail never counts: it does not leave.
 */
export interface SendingTally {
  readonly tenantId: string
  readonly sent: number
  readonly bounced: number
  readonly complained: number
  /**
   * For a bounce or complaint: when its message was sent. One of mail sent before the tenant's
   * counts started again (a resume) does not count against the new ones.
   */
  readonly sentAt?: Date | undefined
}

/**
 * The tenants' sending reputation as the products that send mail see it: whether a tenant may
 * send, and the outcomes that weigh on it. A tenant whose bounce or complaint rate passes the
 * platform's pause threshold is paused until a platform admin resumes it; others send on.
 */
export class SendingReputation extends Context.Tag("@servicekit/core/SendingReputation")<
  SendingReputation,
  {
    /**
     * Fails with 403 `sending_paused` while the tenant's sending is paused. Each tenant is read at
     * most once every five seconds per process: a pause counts everywhere within that time.
     */
    readonly checkSending: (tenantId: string) => Effect.Effect<void, PermissionDenied>
    /** Those of `tenantIds` whose sending is paused (read as `checkSending` reads). */
    readonly pausedAmong: (tenantIds: ReadonlyArray<string>) => Effect.Effect<ReadonlySet<string>>
    /**
     * Counts the tallies. A tenant with bounces or complaints among them is weighed afresh: past
     * the warning threshold it is warned, past the pause threshold paused (each once, with its
     * event). Counts are advisory: callers run it outside the unit of work of what they record.
     */
    readonly tally: (tallies: ReadonlyArray<SendingTally>) => Effect.Effect<void>
  }
>() {}
