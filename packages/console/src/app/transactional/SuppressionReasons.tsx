import type { Schema } from "@servicekit/client"

export type Suppression = Schema<"Suppression">
export type SuppressionReason = Suppression["reason"]
export type MailStream = Suppression["stream"]

/** The reasons in words: the console names them by what happened, the API by a code. */
export const REASONS: Readonly<Record<SuppressionReason, string>> = {
  hard_bounce: "Hard bounce",
  soft_bounce: "Repeated soft bounces",
  complaint: "Spam complaint",
  unsubscribe: "Unsubscribed",
  manual: "Added by hand"
}

export const STREAMS: Readonly<Record<MailStream, string>> = {
  transactional: "Transactional",
  broadcast: "Broadcast"
}

/** A reason the API sends as a code, in words (a code this console does not know yet, as it is). */
export const reasonWords = (reason: string) => REASONS[reason as SuppressionReason] ?? reason

/** A suppression's reason as a badge. */
export const ReasonBadge = (props: { readonly reason: SuppressionReason }) => (
  <span class={`status reason-${props.reason}`}>{REASONS[props.reason]}</span>
)

/**
 * Why an entry stays on the list whatever the account does, or undefined when the account may take
 * it off (a bounce or one added by hand): a complaint or an unsubscribe was the recipient's
 * own choice, so the API refuses to remove it (`suppression_not_removable`).
 */
export const keptBecause = (reason: SuppressionReason): string | undefined =>
  reason === "complaint"
    ? "Only the recipient can undo a spam complaint."
    : reason === "unsubscribe"
      ? "Only the recipient can undo an unsubscribe."
      : undefined

/** Said to members where an admin finds the buttons: the API refuses a member's changes too. */
export const AdminsChangeSuppressions = () => (
  <p class="muted">Tenant admins add and remove addresses; you can see the list.</p>
)
