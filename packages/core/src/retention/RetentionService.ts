import { Clock, Context, Duration, Effect, Layer, Option } from "effect"
import { type ValidationFailed, invalidField } from "../platform/Errors.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { TenantRepository } from "../platform/Tenants.js"
import { TenantService } from "../platform/TenantService.js"
import { type RetainedData, RetainedKinds, minimumDays, platformDays } from "../module/Retention.js"
import { RetentionKindNotFound } from "./RetentionErrors.js"
import { TenantPeriodRepository } from "./TenantPeriods.js"

/** How long a tenant's data of one kind is kept, and why. */
export interface RetentionPeriod {
  readonly kind: string
  readonly description: string
  readonly product: string | null
  readonly defaultDays: number | null
  /** The fewest days it may be kept, by the platform or the tenant. */
  readonly minimumDays: number
  /** The platform's period (its setting, else the default); null: the platform keeps it. */
  readonly platformDays: number | null
  /** The tenant's own period; null: it follows the platform's. */
  readonly tenantDays: number | null
  /** What is pruned after: the shorter of the two; null: kept. */
  readonly days: number | null
  readonly updatedAt: Date | null
}

/** Items one prune statement deletes at most: short statements, so no request waits on a long one. */
const RETENTION_BATCH = 500
/** Batches one sweep runs at most for a kind (and for each tenant's own period); the next sweep, an hour on, takes the rest. */
const RETENTION_BATCHES_PER_SWEEP = 200
/** How much longer than a batch took the sweep rests before the next. */
const RETENTION_REST = 3
/** Tenants' periods read at a time by the sweep. */
const TENANTS_PER_PAGE = 500
const DAY_MS = 86_400_000

/** A tenant's days, or the kind's minimum where they are fewer (a period chosen before the minimum was raised). */
const atLeastMinimum = (data: RetainedData, days: number) => Math.max(days, minimumDays(data))

const shorter = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b))

/**
 * Retention: the periods each kind of data is kept for, the platform's and each tenant's within
 * it, and the hourly sweep that prunes past them. It knows no product: the modules declare their
 * kinds (RetainedData) and how a batch is pruned.
 */
export class RetentionService extends Context.Tag("@servicekit/core/RetentionService")<
  RetentionService,
  {
    /** Every kind the tenant's products keep, with its periods. */
    readonly list: (tenantId: string) => Effect.Effect<ReadonlyArray<RetentionPeriod>>
    /**
     * Sets the tenant's period for a kind (null: the platform's again). Within the platform's
     * period only: a tenant may keep less than the platform does, never more.
     */
    readonly choose: (
      tenantId: string,
      kind: string,
      days: number | null
    ) => Effect.Effect<RetentionPeriod, RetentionKindNotFound | ValidationFailed>
    /**
     * One sweep: each kind loses what is older than the platform's period, then each tenant that
     * chose a shorter one (or any, where the platform keeps the kind) what is older than its own.
     * A kind the platform names that no module declares (a typo) is logged at every sweep.
     */
    readonly sweep: Effect.Effect<void, never, any>
  }
>() {
  static readonly layer = Layer.effect(
    RetentionService,
    Effect.gen(function* () {
      const retained = yield* RetainedKinds
      const settings = yield* ServiceKitSettings
      const periods = yield* TenantPeriodRepository
      const tenants = yield* TenantRepository
      const platformOf = (data: RetainedData) => platformDays(data, settings.retentionDays)

      /** The kinds the tenant's products hold: those of no product, and those of its entitlements. */
      const kindsOf = (tenantId: string) =>
        Effect.map(tenants.findById(tenantId), (tenant) => {
          const entitled: ReadonlyArray<string> = Option.isSome(tenant) ? tenant.value.entitlements : []
          return retained.filter((data) => data.product === undefined || entitled.includes(data.product))
        })

      const periodOf = (data: RetainedData, chosen: { readonly days: number; readonly updatedAt: Date } | undefined): RetentionPeriod => {
        const platform = platformOf(data)
        const tenantDays = chosen?.days ?? null
        return {
          kind: data.kind,
          description: data.description,
          product: data.product ?? null,
          defaultDays: data.defaultDays,
          minimumDays: minimumDays(data),
          platformDays: platform,
          tenantDays,
          days: shorter(platform, tenantDays === null ? null : atLeastMinimum(data, tenantDays)),
          updatedAt: chosen?.updatedAt ?? null
        }
      }

      const list = (tenantId: string) =>
        Effect.gen(function* () {
          const kinds = yield* kindsOf(tenantId)
          const chosen = yield* periods.of(tenantId)
          return kinds.map((data) => periodOf(data, chosen.find((period) => period.kind === data.kind)))
        })

      /** Prunes `data` before `days` ago, of one tenant or of all, a batch at a time: how many went. */
      const pruneOlder = (data: RetainedData, now: number, days: number, tenantId?: string) =>
        Effect.gen(function* () {
          const before = new Date(now - days * DAY_MS)
          let pruned = 0
          for (let batch = 0; batch < RETENTION_BATCHES_PER_SWEEP; batch += 1) {
            const [took, deleted] = yield* Effect.timed(data.prune(before, RETENTION_BATCH, tenantId))
            pruned += deleted
            if (deleted < RETENTION_BATCH) break
            // Rests three times as long as the batch took: a sweep holds at most a quarter of one
            // connection's time, and the requests beside it keep their share of the database.
            yield* Effect.sleep(Duration.times(took, RETENTION_REST))
          }
          return pruned
        }).pipe(
          // A batch that fails (a row written into it meanwhile) is tried again at the next sweep; the other kinds go on.
          Effect.catchAllCause((cause) =>
            Effect.as(Effect.logWarning(`retention: pruning ${data.kind} failed; the next sweep tries again`, cause), 0)
          )
        )

      return {
        list,
        choose: (tenantId: string, kind: string, days: number | null) =>
          Effect.gen(function* () {
            const data = (yield* kindsOf(tenantId)).find((known) => known.kind === kind)
            if (data === undefined) return yield* Effect.fail(new RetentionKindNotFound())
            const platform = platformOf(data)
            if (days !== null && platform !== null && days > platform) {
              return yield* Effect.fail(
                invalidField("days", `must be at most ${platform}: the platform keeps ${kind} ${platform} days`)
              )
            }
            if (days !== null && days < minimumDays(data)) {
              return yield* Effect.fail(invalidField("days", `must be at least ${minimumDays(data)}: ${kind} is kept that long at least`))
            }
            const updatedAt = new Date(yield* Clock.currentTimeMillis)
            if (days === null) yield* periods.remove(tenantId, kind)
            else yield* periods.set({ tenantId, kind, days, updatedAt })
            return periodOf(data, days === null ? undefined : { days, updatedAt })
          }),
        sweep: Effect.gen(function* () {
          const known = new Set(retained.map((data) => data.kind))
          for (const kind of Object.keys(settings.retentionDays).filter((named) => !known.has(named))) {
            yield* Effect.logWarning(`SERVICEKIT_RETENTION_DAYS names ${kind}, which no module keeps: it is ignored`)
          }
          for (const data of retained) {
            const days = settings.retentionDays[data.kind]
            if (typeof days === "number" && days < minimumDays(data)) {
              yield* Effect.logWarning(
                `SERVICEKIT_RETENTION_DAYS keeps ${data.kind} ${days} days, under its minimum: it is kept ${minimumDays(data)}`
              )
            }
          }
          const now = yield* Clock.currentTimeMillis
          for (const data of retained) {
            const platform = platformOf(data)
            let pruned = platform === null ? 0 : yield* pruneOlder(data, now, platform)
            let after: string | null = null
            for (;;) {
              const page: ReadonlyArray<{ readonly tenantId: string; readonly days: number }> = yield* periods.ofKind(
                data.kind,
                after,
                TENANTS_PER_PAGE
              )
              for (const period of page) {
                const days = atLeastMinimum(data, period.days)
                if (platform === null || days < platform) pruned += yield* pruneOlder(data, now, days, period.tenantId)
              }
              if (page.length < TENANTS_PER_PAGE) break
              after = page[page.length - 1]!.tenantId
            }
            if (pruned > 0) yield* Effect.logInfo(`retention: pruned ${pruned} ${data.kind}`)
          }
        })
      }
    })
  )
}

const knownTenant = (tenantId: string) => Effect.flatMap(TenantService, (tenants) => tenants.get(tenantId))

/** The platform admin's reads and writes of a tenant's periods: as the tenant's own, TenantNotFound where no tenant has the id. */
export const tenantRetention = {
  list: (tenantId: string) =>
    Effect.zipRight(
      knownTenant(tenantId),
      Effect.flatMap(RetentionService, (retention) => retention.list(tenantId))
    ),
  choose: (tenantId: string, kind: string, days: number | null) =>
    Effect.zipRight(
      knownTenant(tenantId),
      Effect.flatMap(RetentionService, (retention) => retention.choose(tenantId, kind, days))
    )
}
