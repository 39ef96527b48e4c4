import { Cron } from "croner"
import { Clock, Context, Effect, Layer, Option } from "effect"
import { tenantRowsOf } from "../platform/MemoryTable.js"
import { MemoryDatabase, type UnitOfWork, withTransaction } from "../platform/UnitOfWork.js"
import { type JobPayload, JobQueue, type QueueDefinition } from "./JobQueue.js"

/** When a schedule fires: every N seconds, on a 5-field UTC cron expression, or once. */
export type ScheduleSpec = { readonly everySeconds: number } | { readonly cron: string } | { readonly at: Date }

/** A schedule: each firing enqueues `payload` (plus `scheduleId` and `dueAt`) on `queue`. */
export interface ScheduleDefinition {
  /** Unique across tenants, e.g. `automations:workflow:<id>`. */
  readonly id: string
  readonly tenantId: string
  readonly spec: ScheduleSpec
  readonly queue: QueueDefinition
  readonly payload: JobPayload
}

/** A stored schedule and its next due time (none once a one-shot has fired). */
export interface StoredSchedule extends ScheduleDefinition {
  readonly nextDueAt: Date | null
}

/** Checks a spec, so that a bad one is refused where it is written: a reason, or undefined when valid. */
export const invalidSpec = (spec: ScheduleSpec): string | undefined => {
  if ("everySeconds" in spec) {
    return Number.isInteger(spec.everySeconds) && spec.everySeconds >= 1 && spec.everySeconds <= 31_536_000
      ? undefined
      : "everySeconds must be a whole number of seconds from 1 to 31536000"
  }
  if ("cron" in spec) {
    if (spec.cron.trim().split(/\s+/).length !== 5)
      return "cron must have 5 fields (minute hour day month weekday), in UTC"
    try {
      new Cron(spec.cron, { timezone: "UTC", paused: true })
      return undefined
    } catch (error) {
      return `cron is not valid: ${(error as Error).message}`
    }
  }
  return Number.isNaN(spec.at.getTime()) ? "at must be a timestamp" : undefined
}

/**
 * The first due time after `after`. Firings missed while no scheduler ran are not replayed one by
 * one: an interval resumes from the last due time that has passed, a cron from now.
 */
export const nextDue = (spec: ScheduleSpec, after: Date, now: Date): Date | null => {
  if ("at" in spec) return spec.at > after ? spec.at : null
  if ("cron" in spec) return new Cron(spec.cron, { timezone: "UTC", paused: true }).nextRun(after > now ? after : now)
  const step = spec.everySeconds * 1000
  const next = after.getTime() + step
  return new Date(next > now.getTime() ? next : now.getTime() - ((now.getTime() - after.getTime()) % step) + step)
}

/**
 * Firings are kept a week: a firing only guards its due time while a scheduler may still try it,
 * and `fire` refuses a due time its schedule has moved past anyway.
 */
export const FIRINGS_KEPT_DAYS = 7
const FIRINGS_BATCH = 500
/** Batches one hourly prune runs at most; the next takes the rest. */
const FIRINGS_BATCHES = 200

/** Storage of schedules and of their firings (one row per schedule and due time). */
export class ScheduleStore extends Context.Tag("@servicekit/core/ScheduleStore")<
  ScheduleStore,
  {
    /** Creates or replaces a schedule, in the current unit of work. */
    readonly upsert: (schedule: StoredSchedule) => Effect.Effect<void>
    readonly remove: (id: string) => Effect.Effect<void>
    readonly find: (id: string) => Effect.Effect<Option.Option<StoredSchedule>>
    /** Schedules due at `now`, soonest first. */
    readonly due: (now: Date, limit: number) => Effect.Effect<ReadonlyArray<StoredSchedule>>
    /**
     * Records the firing of `id` at `dueAt` and moves the schedule to `nextDueAt`; false when that
     * firing is recorded already (another scheduler took it), or the schedule no longer waits for
     * `dueAt` (moved on or removed: a scheduler that read it long ago), so that pruned firings
     * never fire again.
     */
    readonly fire: (id: string, dueAt: Date, nextDueAt: Date | null) => Effect.Effect<boolean>
    /** Deletes up to `limit` firings recorded before `before`, the oldest first: how many it deleted. */
    readonly pruneFirings: (before: Date, limit: number) => Effect.Effect<number>
  }
>() {
  static readonly layerMemory: Layer.Layer<ScheduleStore, never, MemoryDatabase> = Layer.effect(
    ScheduleStore,
    Effect.map(MemoryDatabase, (db) => {
      const schedules = new Map<string, StoredSchedule>()
      // The schedule id of each firing, and when it was recorded, by `id@dueAt`.
      const firings = new Map<string, { readonly id: string; readonly firedAt: number }>()
      db.holdsTenantRows("schedules", tenantRowsOf(schedules, (schedule) => schedule.tenantId))
      // A firing belongs to the tenant of its schedule, as the SQL row only names the schedule: one of a removed
      // schedule, to none.
      db.holdsTenantRows("schedule_firings", tenantRowsOf(firings, ({ id }) => schedules.get(id)?.tenantId ?? ""))
      return {
        upsert: (schedule) =>
          db.run((undo) => {
            const previous = schedules.get(schedule.id)
            schedules.set(schedule.id, schedule)
            undo(() => (previous === undefined ? schedules.delete(schedule.id) : schedules.set(schedule.id, previous)))
          }),
        remove: (id) =>
          db.run((undo) => {
            const previous = schedules.get(id)
            if (previous === undefined) return
            schedules.delete(id)
            undo(() => schedules.set(id, previous))
          }),
        find: (id) => db.run(() => Option.fromNullable(schedules.get(id))),
        due: (now, limit) =>
          db.run(() =>
            [...schedules.values()]
              .filter((s) => s.nextDueAt !== null && s.nextDueAt.getTime() <= now.getTime())
              .sort((a, b) => a.nextDueAt!.getTime() - b.nextDueAt!.getTime())
              .slice(0, limit)
          ),
        fire: (id, dueAt, nextDueAt) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) =>
            db.run((undo) => {
              const firing = `${id}@${dueAt.toISOString()}`
              const schedule = schedules.get(id)
              if (firings.has(firing) || schedule?.nextDueAt?.getTime() !== dueAt.getTime()) return false
              firings.set(firing, { id, firedAt: now })
              schedules.set(id, { ...schedule, nextDueAt })
              undo(() => {
                firings.delete(firing)
                schedules.set(id, schedule)
              })
              return true
            })
          ),
        pruneFirings: (before, limit) =>
          db.run((undo) => {
            const old = [...firings].filter(([, { firedAt }]) => firedAt < before.getTime()).slice(0, limit)
            for (const [firing, recorded] of old) {
              firings.delete(firing)
              undo(() => firings.set(firing, recorded))
            }
            return old.length
          })
      }
    })
  )
}

export class Scheduler extends Context.Tag("@servicekit/core/Scheduler")<
  Scheduler,
  {
    /** Creates or replaces a schedule (in the current unit of work); its first due time counts from now. */
    readonly upsert: (schedule: ScheduleDefinition) => Effect.Effect<void>
    readonly remove: (id: string) => Effect.Effect<void>
    /** Fires what is due: one job per schedule and due time, whatever other schedulers run. */
    readonly tick: Effect.Effect<number>
    /** Deletes the firings recorded more than FIRINGS_KEPT_DAYS ago, a batch at a time: how many. */
    readonly pruneFirings: Effect.Effect<number>
  }
>() {
  static readonly layer: Layer.Layer<Scheduler, never, ScheduleStore | JobQueue | UnitOfWork> = Layer.effect(
    Scheduler,
    Effect.gen(function* () {
      const store = yield* ScheduleStore
      const jobs = yield* JobQueue
      const context = yield* Effect.context<UnitOfWork>()
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const fireOne = (schedule: StoredSchedule, at: Date) =>
        withTransaction(
          Effect.gen(function* () {
            const dueAt = schedule.nextDueAt!
            const fired = yield* store.fire(schedule.id, dueAt, nextDue(schedule.spec, dueAt, at))
            if (fired) {
              yield* jobs.enqueue(
                schedule.queue,
                { ...schedule.payload, scheduleId: schedule.id, dueAt: dueAt.toISOString() },
                { tenant: schedule.tenantId, key: `${schedule.id}@${dueAt.toISOString()}` }
              )
            }
            return fired
          })
        )

      return {
        upsert: (schedule) =>
          Effect.flatMap(now, (at) => {
            const reason = invalidSpec(schedule.spec)
            if (reason !== undefined) return Effect.die(new Error(`Schedule ${schedule.id}: ${reason}`))
            return store.upsert({ ...schedule, nextDueAt: nextDue(schedule.spec, at, at) })
          }),
        remove: store.remove,
        pruneFirings: Effect.gen(function* () {
          const before = new Date((yield* now).getTime() - FIRINGS_KEPT_DAYS * 86_400_000)
          let pruned = 0
          for (let batch = 0; batch < FIRINGS_BATCHES; batch++) {
            const deleted = yield* store.pruneFirings(before, FIRINGS_BATCH)
            pruned += deleted
            if (deleted < FIRINGS_BATCH) break
          }
          return pruned
        }),
        tick: Effect.flatMap(now, (at) =>
          Effect.flatMap(store.due(at, 100), (due) =>
            Effect.map(
              Effect.forEach(due, (schedule) => fireOne(schedule, at)),
              (fired) => fired.filter(Boolean).length
            )
          )
        ).pipe(Effect.provide(context))
      }
    })
  )
}

/**
 * The scheduler's loop: a tick every second (the precision of intervals) until interrupted; and
 * each hour, the firings past FIRINGS_KEPT_DAYS pruned.
 */
export const runScheduler: Effect.Effect<never, never, Scheduler> = Effect.flatMap(Scheduler, (scheduler) =>
  Effect.zipRight(
    Effect.forkScoped(
      Effect.forever(
        Effect.zipRight(
          Effect.sleep("1 hour"),
          scheduler.pruneFirings.pipe(Effect.catchAllCause((cause) => Effect.logWarning("pruning schedule firings failed", cause)))
        )
      )
    ),
    Effect.forever(
      Effect.zipRight(
        scheduler.tick.pipe(Effect.catchAllCause((cause) => Effect.logWarning("scheduler tick failed", cause))),
        Effect.sleep("1 second")
      )
    )
  ).pipe(Effect.scoped)
)
