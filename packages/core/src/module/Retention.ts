import { Context, type Effect } from "effect"

/**
 * Data a module keeps for a while and then prunes, as it declares it: a kind the platform names
 * in `SERVICEKIT_RETENTION_DAYS` and a tenant in its own periods, the days it is kept by default,
 * and how a batch of it is pruned.
 */
export interface RetainedData {
  /** `module.data`, e.g. `webhooks.deliveries`. */
  readonly kind: string
  /** What is kept, and from when its days count, for the docs, the tenant and the logs. */
  readonly description: string
  /** The product the data belongs to, shown to the tenants entitled to it; none: every tenant's. */
  readonly product?: string | undefined
  /** Days kept unless the platform says otherwise; null: kept until the platform or the tenant sets a period. */
  readonly defaultDays: number | null
  /**
   * The fewest days it may be kept (1 unless given): where a readout reads this far back (the
   * automations SLO its 7 days of runs), a shorter period would change what the readout says.
   */
  readonly minimumDays?: number | undefined
  /**
   * Deletes up to `limit` items last changed before `before`, of `tenantId` alone when given and
   * of every tenant when not, with what hangs on them, in statements of their own: how many it
   * deleted (fewer than `limit` once none is left).
   */
  readonly prune: (before: Date, limit: number, tenantId?: string) => Effect.Effect<number, never, any>
}

export const RETENTION_KIND = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/
export const MAX_RETENTION_DAYS = 36_500

/** The data every module of the kit keeps for a period, in module order (see Composition). */
export class RetainedKinds extends Context.Tag("@servicekit/core/RetainedKinds")<
  RetainedKinds,
  ReadonlyArray<RetainedData>
>() {}

/** The fewest days a kind may be kept. */
export const minimumDays = (data: RetainedData) => data.minimumDays ?? 1

/**
 * The platform's period for a kind: its days in `SERVICEKIT_RETENTION_DAYS`, else the kind's
 * default, never under the kind's minimum; null: kept.
 */
export const platformDays = (data: RetainedData, retentionDays: Readonly<Record<string, number | null>>) => {
  const days = Object.hasOwn(retentionDays, data.kind) ? retentionDays[data.kind]! : data.defaultDays
  return days === null ? null : Math.max(days, minimumDays(data))
}
