import { Context, Effect, Layer, Option } from "effect"
import type { SendingTally } from "../module/SendingReputation.js"
import { tenantRowsOf } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import { NO_TOTALS, type ReputationStanding, type ReputationStatus, type ReputationTotals } from "./Reputation.js"

/** A tenant's counts of one hour. */
export interface HourTally extends SendingTally {
  readonly hour: Date
}

/** The most standings one listing answers (tenants warned or paused, most recent first). */
export const MAX_LISTED_STANDINGS = 1_000

/**
 * The tenants' sending counts, per hour (tallies), and the standing of those warned or paused.
 * At most one tally row per tenant and hour; the periodic prune drops those past every window.
 */
export class ReputationRepository extends Context.Tag("@servicekit/core/ReputationRepository")<
  ReputationRepository,
  {
    /** Adds each tally to its tenant's and hour's counts. */
    readonly add: (tallies: ReadonlyArray<HourTally>) => Effect.Effect<void>
    /** The tenant's counts from the hour `since` on. */
    readonly totals: (tenantId: string, since: Date) => Effect.Effect<ReputationTotals>
    readonly standing: (tenantId: string) => Effect.Effect<Option.Option<ReputationStanding>>
    /**
     * Stores the tenant's standing if it still stands as `from` (none: good standing): whether it
     * was stored. Of two processes judging a tenant at once, one changes it.
     */
    readonly changeStanding: (
      standing: ReputationStanding,
      from: Exclude<ReputationStatus, "good" | "paused"> | undefined
    ) => Effect.Effect<boolean>
    /** Back to good standing if the tenant stands as `from`: whether it did. */
    readonly clearStanding: (tenantId: string, from: Exclude<ReputationStatus, "good">) => Effect.Effect<boolean>
    /** Drops the tenant's counts: its rates start again from nothing at `at` (on resuming). */
    readonly restart: (tenantId: string, at: Date) => Effect.Effect<void>
    /** When the tenant's counts last started again; none if never. */
    readonly countedFrom: (tenantId: string) => Effect.Effect<Option.Option<Date>>
    /** Standings with `status` (all when undefined), most recent first, at most MAX_LISTED_STANDINGS. */
    readonly listStandings: (
      status: Exclude<ReputationStatus, "good"> | undefined
    ) => Effect.Effect<ReadonlyArray<ReputationStanding>>
    /** Drops every tenant's counts of hours before `before`: how many rows. */
    readonly prune: (before: Date) => Effect.Effect<number>
  }
>() {
  static readonly layerMemory: Layer.Layer<ReputationRepository, never, MemoryDatabase> = Layer.effect(
    ReputationRepository,
    Effect.map(MemoryDatabase, (db) => {
      const tallies = new Map<string, HourTally>()
      const standings = new Map<string, ReputationStanding>()
      const restarts = new Map<string, { readonly tenantId: string; readonly at: Date }>()
      db.holdsTenantRows("mail_reputation_hours", tenantRowsOf(tallies, (row) => row.tenantId))
      db.holdsTenantRows("mail_reputation_standings", tenantRowsOf(standings, (row) => row.tenantId))
      db.holdsTenantRows("mail_reputation_restarts", tenantRowsOf(restarts, (row) => row.tenantId))
      const restore = <A>(map: Map<string, A>, key: string, previous: A | undefined) =>
        previous === undefined ? map.delete(key) : map.set(key, previous)
      const dropWhere = (undo: (reverse: () => void) => void, keep: (row: HourTally) => boolean) => {
        let dropped = 0
        for (const [key, row] of tallies) {
          if (keep(row)) continue
          tallies.delete(key)
          undo(() => tallies.set(key, row))
          dropped++
        }
        return dropped
      }
      return ReputationRepository.of({
        add: (added) =>
          db.run((undo) => {
            for (const tally of added) {
              const key = `${tally.tenantId}/${tally.hour.getTime()}`
              const previous = tallies.get(key)
              tallies.set(key, {
                ...tally,
                sent: (previous?.sent ?? 0) + tally.sent,
                bounced: (previous?.bounced ?? 0) + tally.bounced,
                complained: (previous?.complained ?? 0) + tally.complained
              })
              undo(() => restore(tallies, key, previous))
            }
          }),
        totals: (tenantId, since) =>
          db.run(() => {
            const totals = { ...NO_TOTALS }
            for (const row of tallies.values()) {
              if (row.tenantId !== tenantId || row.hour < since) continue
              totals.sent += row.sent
              totals.bounced += row.bounced
              totals.complained += row.complained
            }
            return totals
          }),
        standing: (tenantId) => db.run(() => Option.fromNullable(standings.get(tenantId))),
        changeStanding: (standing, from) =>
          db.run((undo) => {
            const previous = standings.get(standing.tenantId)
            if (previous?.status !== from) return false
            standings.set(standing.tenantId, standing)
            undo(() => restore(standings, standing.tenantId, previous))
            return true
          }),
        clearStanding: (tenantId, from) =>
          db.run((undo) => {
            const previous = standings.get(tenantId)
            if (previous?.status !== from) return false
            standings.delete(tenantId)
            undo(() => standings.set(tenantId, previous))
            return true
          }),
        restart: (tenantId, at) =>
          db.run((undo) => {
            dropWhere(undo, (row) => row.tenantId !== tenantId)
            const previous = restarts.get(tenantId)
            restarts.set(tenantId, { tenantId, at })
            undo(() => restore(restarts, tenantId, previous))
          }),
        countedFrom: (tenantId) => db.run(() => Option.fromNullable(restarts.get(tenantId)?.at)),
        listStandings: (status) =>
          db.run(() =>
            [...standings.values()]
              .filter((standing) => status === undefined || standing.status === status)
              .sort((a, b) => b.since.getTime() - a.since.getTime() || (a.tenantId < b.tenantId ? -1 : 1))
              .slice(0, MAX_LISTED_STANDINGS)
          ),
        prune: (before) => db.run((undo) => dropWhere(undo, (row) => row.hour >= before))
      })
    })
  )
}
