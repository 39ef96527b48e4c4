import { Clock, Effect } from "effect"
import { ServiceKitSettings } from "../platform/Settings.js"

/**
 * Data a module keeps for a while and then prunes, as it declares it: a kind the platform names
 * in `SERVICEKIT_RETENTION_DAYS`, the days it is kept by default, and how a batch of it is pruned.
 */
export interface RetainedData {
  /** `module.data`, e.g. `webhooks.deliveries`. */
  readonly kind: string
  /** What is kept, and from when its days count, for the docs and the logs. */
  readonly description: string
  /** Days kept unless the platform says otherwise; null: kept until the platform sets a period. */
  readonly defaultDays: number | null
  /**
   * Deletes up to `limit` items last changed before `before`, across tenants, with what hangs on
   * them, in statements of their own: how many it deleted (fewer than `limit` once none is left).
   */
  readonly prune: (before: Date, limit: number) => Effect.Effect<number, never, any>
}

export const RETENTION_KIND = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/
export const MAX_RETENTION_DAYS = 36_500
/** Items one prune statement deletes at most: short statements, so no request waits on a long one. */
export const RETENTION_BATCH = 500
/** Batches one sweep of a kind runs at most; the next sweep, an hour on, takes the rest. */
export const RETENTION_BATCHES_PER_SWEEP = 200

const DAY_MS = 86_400_000

/**
 * One sweep: each kind kept for a period loses what is older, a batch at a time. A kind the
 * platform names that no module declares (a typo) is logged at every sweep, not ignored in silence.
 */
export const pruneRetained = (retained: ReadonlyArray<RetainedData>) =>
  Effect.gen(function* () {
    const { retentionDays } = yield* ServiceKitSettings
    const known = new Set(retained.map((data) => data.kind))
    for (const kind of Object.keys(retentionDays).filter((named) => !known.has(named))) {
      yield* Effect.logWarning(`SERVICEKIT_RETENTION_DAYS names ${kind}, which no module keeps: it is ignored`)
    }
    const now = yield* Clock.currentTimeMillis
    for (const data of retained) {
      const days = Object.hasOwn(retentionDays, data.kind) ? retentionDays[data.kind]! : data.defaultDays
      if (days === null) continue
      const before = new Date(now - days * DAY_MS)
      let pruned = 0
      for (let batch = 0; batch < RETENTION_BATCHES_PER_SWEEP; batch += 1) {
        const deleted = yield* data.prune(before, RETENTION_BATCH)
        pruned += deleted
        if (deleted < RETENTION_BATCH) break
      }
      if (pruned > 0) yield* Effect.logInfo(`retention: pruned ${pruned} ${data.kind} older than ${days} days`)
    }
  })
