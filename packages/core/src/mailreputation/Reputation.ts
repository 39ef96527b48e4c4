import type { MailReputationSettings } from "../platform/Settings.js"

/** A tenant's counts over the window. */
export interface ReputationTotals {
  readonly sent: number
  readonly bounced: number
  readonly complained: number
}

export const NO_TOTALS: ReputationTotals = { sent: 0, bounced: 0, complained: 0 }

export const REPUTATION_STATUSES = ["good", "warning", "paused"] as const
export type ReputationStatus = (typeof REPUTATION_STATUSES)[number]

/** Which rate a verdict stands on. */
export type ReputationCause = "bounces" | "complaints"

/**
 * A tenant out of good standing: warned, or paused until a platform admin resumes it. A tenant
 * in good standing has none.
 */
export interface ReputationStanding {
  readonly tenantId: string
  readonly status: Exclude<ReputationStatus, "good">
  readonly cause: ReputationCause
  /** The counts the verdict was taken on. */
  readonly totals: ReputationTotals
  readonly since: Date
}

export interface Verdict {
  readonly status: ReputationStatus
  readonly cause: ReputationCause | null
}

/** The share of `part` in `sent`; 0 with nothing sent. */
export const rateOf = (part: number, sent: number): number => (sent === 0 ? 0 : part / sent)

/**
 * How the counts stand against the thresholds: a rate past (above) one crosses it; the worse of
 * the two rates, complaints first on a tie.
 */
export const judge = (totals: ReputationTotals, settings: MailReputationSettings): Verdict => {
  if (totals.sent < settings.minimumSends) return { status: "good", cause: null }
  const complaints = rateOf(totals.complained, totals.sent)
  const bounces = rateOf(totals.bounced, totals.sent)
  for (const status of ["paused", "warning"] as const) {
    const level = status === "paused" ? "pause" : "warning"
    if (complaints > settings.complaintRate[level]) return { status, cause: "complaints" }
    if (bounces > settings.bounceRate[level]) return { status, cause: "bounces" }
  }
  return { status: "good", cause: null }
}

const HOUR_MS = 3_600_000

/** The hour a count falls in: tallies are kept per tenant and hour. */
export const hourOf = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS)

/** The first hour of the window ending at `at`. */
export const windowStart = (at: Date, settings: MailReputationSettings): Date =>
  new Date(hourOf(at).getTime() - settings.windowDays * 24 * HOUR_MS)
