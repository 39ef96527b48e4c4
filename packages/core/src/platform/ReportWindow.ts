import { Clock, Effect } from "effect"
import { invalidField } from "./Errors.js"

const DAY_MS = 24 * 60 * 60 * 1000

/** Without bounds a report covers the 30 days up to now; a window spans at most 366 days. */
export const REPORT_DAYS = 30
export const MAX_REPORT_DAYS = 366

/** A dashboard report's window [from, to): defaults filled in, an empty or too long one refused (400). */
export const reportWindow = (window: { readonly from?: Date | undefined; readonly to?: Date | undefined }) =>
  Effect.gen(function* () {
    const to = window.to ?? new Date(yield* Clock.currentTimeMillis)
    const from = window.from ?? new Date(to.getTime() - REPORT_DAYS * DAY_MS)
    if (from.getTime() >= to.getTime()) return yield* invalidField("from", "must be before to")
    if (to.getTime() - from.getTime() > MAX_REPORT_DAYS * DAY_MS) {
      return yield* invalidField("from", `the window spans at most ${MAX_REPORT_DAYS} days`)
    }
    return { from, to }
  })
