import { Clock, Context, Effect, Layer, Option } from "effect"
import { EventBus } from "../jobs/EventBus.js"
import { SendingReputation, type SendingTally } from "../module/SendingReputation.js"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { permissionDenied } from "../platform/Errors.js"
import { readFresh } from "../platform/FreshReads.js"
import { type MailReputationSettings, ServiceKitSettings } from "../platform/Settings.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import {
  NO_TOTALS,
  type ReputationCause,
  type ReputationStanding,
  type ReputationStatus,
  type ReputationTotals,
  hourOf,
  judge,
  windowStart
} from "./Reputation.js"
import { type ReputationEventType, reputationEvent } from "./ReputationEvents.js"
import { type HourTally, ReputationRepository } from "./ReputationRepository.js"

/** A tenant's reputation as its admins and the platform's see it. */
export interface ReputationView {
  readonly tenantId: string
  readonly status: ReputationStatus
  /** The rate that put the tenant out of good standing; null in good standing. */
  readonly cause: ReputationCause | null
  /** Since when it stands so; null in good standing. */
  readonly since: Date | null
  /** The counts over the window now. */
  readonly totals: ReputationTotals
  readonly settings: MailReputationSettings
}

/** Reading a tenant's reputation, and the platform admin's side: who is out of standing, resuming. */
export class ReputationService extends Context.Tag("@servicekit/core/ReputationService")<
  ReputationService,
  {
    readonly reputation: (tenantId: string) => Effect.Effect<ReputationView>
    /**
     * Resumes a paused tenant's sending: its rates start again from nothing (a `sending.resumed`
     * event); a tenant not paused is answered as it stands, unchanged.
     */
    readonly resume: (tenantId: string) => Effect.Effect<ReputationView>
    /** Tenants warned or paused (`status` narrows), most recent first, at most 1,000. */
    readonly list: (status: Exclude<ReputationStatus, "good"> | undefined) => Effect.Effect<ReadonlyArray<ReputationView>>
    /** Drops the counts of hours past the window, and judges warned tenants again (periodic). */
    readonly prune: Effect.Effect<number>
  }
>() {}

/** The sending reputation port and its service, sharing this process's memory of who is paused. */
export const layerReputation = Layer.effectContext(
  Effect.gen(function* () {
    const repository = yield* ReputationRepository
    const events = yield* EventBus
    const unit = yield* UnitOfWork
    const crypto = yield* SecretCrypto
    const settings = (yield* ServiceKitSettings).mailReputation
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
    const standingOf = readFresh((tenantId) => Effect.map(repository.standing(tenantId), Option.getOrUndefined))

    const publish = (tenantId: string, type: ReputationEventType, cause: ReputationCause | null, totals: ReputationTotals, at: Date) =>
      events.publish([reputationEvent(randomUuid(crypto), tenantId, type, cause, totals, settings, at)])

    /** Judges the tenant on its counts now: warns or pauses it (once), or ends a warning. A pause stays. */
    const weigh = (tenantId: string, at: Date) =>
      Effect.gen(function* () {
        const current = Option.getOrUndefined(yield* repository.standing(tenantId))
        if (current?.status === "paused") return
        const totals = yield* repository.totals(tenantId, windowStart(at, settings))
        const verdict = judge(totals, settings)
        if (verdict.status === "good") {
          if (current !== undefined) yield* repository.clearStanding(tenantId, current.status)
          return
        }
        if (verdict.status === current?.status) return
        const standing: ReputationStanding = { tenantId, status: verdict.status, cause: verdict.cause!, totals, since: at }
        // The standing and its event together, or neither.
        const changed = yield* unit.withTransaction(
          Effect.flatMap(repository.changeStanding(standing, current?.status), (stored) =>
            stored
              ? Effect.as(
                  publish(tenantId, verdict.status === "paused" ? "sending.paused" : "sending.warning", verdict.cause, totals, at),
                  true
                )
              : Effect.succeed(false)
          )
        )
        if (changed) standingOf.forget(tenantId)
      })

    /** A tally without the bounces and complaints of mail sent before the tenant's counts started again. */
    const ofCountedMail = (tally: SendingTally) =>
      tally.sentAt === undefined || tally.bounced + tally.complained === 0
        ? Effect.succeed(tally)
        : Effect.map(repository.countedFrom(tally.tenantId), (from) =>
            Option.isSome(from) && tally.sentAt! < from.value ? { ...tally, bounced: 0, complained: 0 } : tally
          )

    const viewOf = (tenantId: string, standing: ReputationStanding | undefined, totals: ReputationTotals): ReputationView => ({
      tenantId,
      status: standing?.status ?? "good",
      cause: standing?.cause ?? null,
      since: standing?.since ?? null,
      totals,
      settings
    })
    const reputation = (tenantId: string) =>
      Effect.gen(function* () {
        const at = yield* now
        const standing = Option.getOrUndefined(yield* repository.standing(tenantId))
        return viewOf(tenantId, standing, yield* repository.totals(tenantId, windowStart(at, settings)))
      })

    const port = SendingReputation.of({
      checkSending: (tenantId) =>
        Effect.flatMap(standingOf([tenantId]), (standings) => {
          const standing = standings.get(tenantId)
          return standing?.status !== "paused"
            ? Effect.void
            : Effect.fail(
                permissionDenied(
                  "sending_paused",
                  `Sending is paused: the account's ${standing.cause === "bounces" ? "bounce" : "complaint"} rate passed the platform's limit. Clean the list; the platform resumes sending.`
                )
              )
        }),
      pausedAmong: (tenantIds) =>
        Effect.map(
          standingOf([...new Set(tenantIds)]),
          (standings) => new Set([...standings].flatMap(([tenantId, standing]) => (standing?.status === "paused" ? [tenantId] : [])))
        ),
      tally: (tallies) =>
        Effect.gen(function* () {
          const counted = (yield* Effect.forEach(tallies, ofCountedMail)).filter(
            (tally) => tally.sent + tally.bounced + tally.complained > 0
          )
          if (counted.length === 0) return
          const at = yield* now
          yield* repository.add(perTenant(counted, hourOf(at)))
          const weighed = new Set(counted.filter((tally) => tally.bounced + tally.complained > 0).map((tally) => tally.tenantId))
          yield* Effect.forEach(weighed, (tenantId) => weigh(tenantId, at), { discard: true })
        })
    })

    const service = ReputationService.of({
      reputation,
      resume: (tenantId) =>
        Effect.gen(function* () {
          const resumed = yield* unit.withTransaction(
            Effect.gen(function* () {
              if (!(yield* repository.clearStanding(tenantId, "paused"))) return false
              const at = yield* now
              yield* repository.restart(tenantId, at)
              yield* publish(tenantId, "sending.resumed", null, NO_TOTALS, at)
              return true
            })
          )
          if (resumed) standingOf.forget(tenantId)
          return yield* reputation(tenantId)
        }),
      list: (status) =>
        Effect.flatMap(repository.listStandings(status), (standings) =>
          Effect.flatMap(now, (at) =>
            Effect.forEach(standings, (standing) =>
              Effect.map(repository.totals(standing.tenantId, windowStart(at, settings)), (totals) =>
                viewOf(standing.tenantId, standing, totals)
              )
            )
          )
        ),
      // A warning ends once the rates are back under it: counts leave the window with no bounce to judge on.
      prune: Effect.gen(function* () {
        const at = yield* now
        const pruned = yield* repository.prune(windowStart(at, settings))
        const warned = yield* repository.listStandings("warning")
        yield* Effect.forEach(warned, (standing) => weigh(standing.tenantId, at), { discard: true })
        return pruned
      })
    })
    return Context.make(SendingReputation, port).pipe(Context.add(ReputationService, service))
  })
)

/** One tally per tenant for the hour: the conflict clause of an upsert may touch a row once. */
const perTenant = (tallies: ReadonlyArray<SendingTally>, hour: Date): ReadonlyArray<HourTally> => {
  const summed = new Map<string, HourTally>()
  for (const tally of tallies) {
    const held = summed.get(tally.tenantId)
    summed.set(tally.tenantId, {
      tenantId: tally.tenantId,
      hour,
      sent: (held?.sent ?? 0) + tally.sent,
      bounced: (held?.bounced ?? 0) + tally.bounced,
      complained: (held?.complained ?? 0) + tally.complained
    })
  }
  // In one order everywhere: two writers adding to the same tenants take their rows in turn.
  return [...summed.values()].sort((a, b) => (a.tenantId < b.tenantId ? -1 : 1))
}
