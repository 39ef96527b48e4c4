import { Context, Effect, Layer, Option } from "effect"
import type { Page } from "../../platform/Keyset.js"
import { memoryTable } from "../../platform/MemoryTable.js"
import type { WorkerIdentity } from "../../platform/Settings.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import { ENDED_RUN_STATUSES, MAX_TAKEOVERS, type Run, type RunStatus, type RunTakeover, type StepResult } from "./Run.js"
import { type TenantRunCaps, keyHasRoom, refusedByCaps, runKeyOf } from "./RunCaps.js"
import { type RunStatistics, type StepLogPage, type StepLogQuery, statisticsOf, stepLogOf } from "./RunReadouts.js"

/**
 * The tables (and memory stores, by the same names) of rows that hang on a run by their run's id:
 * what goes with a pruned run, in either storage. In memory the step results live in their run.
 */
export const RUN_ROWS = [
  "automation_step_results",
  "automation_agent_turns",
  "automation_approvals",
  "automation_waitpoints"
] as const

export interface RunQuery extends Page {
  readonly workflowId?: string | undefined
  readonly status?: RunStatus | undefined
}

/**
 * Which step results a write stores: the results at these step indexes (an index the run has no
 * result at loses its stored one), or, when undefined, all of them (the run's results replace the
 * stored ones). A writer that knows which steps it changed names them, so a step's result is
 * written when it changes and never again with the others'.
 */
export type StepsWritten = ReadonlyArray<number> | undefined

/** The stored results after a write of `written` from `run`'s results (see `StepsWritten`). */
const resultsAfter = (stored: ReadonlyArray<StepResult>, run: Run, written: StepsWritten) => {
  if (written === undefined) return run.results
  const touched = new Set(written)
  return [
    ...stored.filter((result) => !touched.has(result.index)),
    ...run.results.filter((result) => touched.has(result.index))
  ].sort((a, b) => a.index - b.index)
}

/** What `RunRepository.update` writes: the fields a run's progress changes. */
const progressOf = (stored: Run, run: Run, written: StepsWritten) => ({
  status: run.status,
  attempt: run.attempt,
  results: resultsAfter(stored.results, run, written),
  reason: run.reason,
  expiresAt: run.expiresAt,
  leaseUntil: run.leaseUntil,
  startedAt: run.startedAt,
  finishedAt: run.finishedAt,
  updatedAt: run.updatedAt,
  // Only a queued run is parked.
  parkedAt: run.status === "queued" ? stored.parkedAt : null
})

/** What taking over `run`, a running run whose lease ran out, adds to its takeovers. */
export const takeoverOf = (run: Run, at: Date, worker: WorkerIdentity): RunTakeover => ({
  at,
  stepIndex: run.results.find((result) => result.status === "running")?.index ?? null,
  from: run.heldBy,
  to: worker,
  leaseExpiredAt: run.leaseUntil
})

/** A run by its key. */
export interface RunKey {
  readonly tenantId: string
  readonly id: string
}

/** One write of `RunRepository.updateMany`: the arguments of `update`. */
export interface RunUpdate {
  readonly run: Run
  readonly from: ReadonlyArray<RunStatus>
  readonly leaseUntil?: Date | null | undefined
  readonly steps?: StepsWritten
}

export class RunRepository extends Context.Tag("@servicekit/core/RunRepository")<
  RunRepository,
  {
    readonly insert: (run: Run) => Effect.Effect<void>
    /** Stores each run as `insert` does, in one statement. */
    readonly insertMany: (runs: ReadonlyArray<Run>) => Effect.Effect<void>
    /**
     * Stores `run` unless the tenant has a run with its idempotency key created at or after
     * `keptSince`; answers the run that holds the key (this one or the earlier one). Concurrent
     * duplicates end with one run. An older run's key is released.
     */
    readonly insertKeyed: (run: Run, keptSince: Date) => Effect.Effect<Run>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Run>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, query: RunQuery) => Effect.Effect<ReadonlyArray<Run>>
    /**
     * Stores the run's progress (status, attempt, the results of `steps`, reason, time to live,
     * lease, start, finish, updatedAt) if its stored status is one of `from` (and, when
     * `leaseUntil` is given, the stored lease is that one: the writer still holds the run); whether
     * it did, results included. What the run was made with (its steps, input, trigger, parent,
     * idempotency key) never changes, and is not written.
     */
    readonly update: (
      run: Run,
      from: ReadonlyArray<RunStatus>,
      leaseUntil?: Date | null | undefined,
      steps?: StepsWritten
    ) => Effect.Effect<boolean>
    /**
     * Takes runs, of any tenants, for `worker` until `leaseUntil`, in one write: each queued run
     * and each running one whose lease ran out before `at` (its worker died), as taken (status
     * running, held by `worker`, no longer parked), once, in any order; the others are left out.
     * Taking a running run adds a takeover to it (see `takeoverOf`). A queued run that would go past
     * its tenant's cap in `caps` or its concurrency key's limit is parked instead (see RunCaps.ts:
     * `parkedAt` set, its lease cleared). Claims of runs under caps are serialized across processes,
     * so that the caps hold exactly.
     */
    readonly claimMany: (
      keys: ReadonlyArray<RunKey>,
      at: Date,
      leaseUntil: Date,
      worker: WorkerIdentity,
      caps?: TenantRunCaps
    ) => Effect.Effect<ReadonlyArray<Run>>
    /**
     * Wakes, for each time a tenant is named in `tenantIds`, one of its parked runs, oldest first,
     * leaving out those whose concurrency key is full: they are queued runs no longer parked,
     * which the caller makes due. One write for every tenant named.
     */
    readonly wakeParked: (tenantIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<Run>>
    /**
     * Wakes, as wakeParked does, at most `limit` runs of any tenant parked before `before`, the
     * longest parked first: the sweep that catches a wake-up lost with its process.
     */
    readonly wakeLongParked: (before: Date, limit: number) => Effect.Effect<ReadonlyArray<Run>>
    /**
     * `update` of many runs (each at most once) in one write, each with its own `from` and lease:
     * whether each was written, in the order given.
     */
    readonly updateMany: (updates: ReadonlyArray<RunUpdate>) => Effect.Effect<ReadonlyArray<boolean>>
    /**
     * Runs of every tenant whose lease ran out before `at`, the longest stalled first: running runs
     * (their worker died) and queued runs reserved for the process that started them (it died
     * first). Waiting runs are their waitpoints' business.
     */
    readonly stalled: (at: Date, limit: number) => Effect.Effect<ReadonlyArray<Run>>
    /** How many of the tenant's runs are running now. */
    readonly countRunning: (tenantId: string) => Effect.Effect<number>
    /** How many of the tenant's runs are queued now, counting at most `upTo`. */
    readonly countQueued: (tenantId: string, upTo: number) => Effect.Effect<number>
    /** How the tenant's runs created from `from` to `to` (both included) went. */
    readonly statistics: (tenantId: string, from: Date, to: Date) => Effect.Effect<RunStatistics>
    /**
     * A page of the step results of the tenant's runs, newest run first by (createdAt, id), then
     * by step index descending: at most `limit` of those matching the query within the first
     * `maxRuns` runs from the position on.
     */
    readonly stepLog: (tenantId: string, query: StepLogQuery) => Effect.Effect<StepLogPage>
    /**
     * Deletes up to `limit` runs that ended (ENDED_RUN_STATUSES) before `before`, of `tenantId` alone when
     * given, the longest ended first, with the rows of RUN_ROWS that hang on them: how many runs
     * it deleted.
     */
    readonly pruneEnded: (before: Date, limit: number, tenantId?: string) => Effect.Effect<number>
  }
>() {
  static readonly layerMemory: Layer.Layer<RunRepository, never, MemoryDatabase> = Layer.effect(
    RunRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Run>(db, "automation_runs")
      // A table of their own in SQL, the step results live in their runs here: dropping some writes their runs.
      db.holdsTenantRows("automation_step_results", {
        count: (tenantId) => {
          let count = 0
          for (const run of table.rows()) if (run.tenantId === tenantId) count += run.results.length
          return count
        },
        rows: (tenantId) =>
          [...table.rows()].flatMap((run) =>
            run.tenantId === tenantId ? run.results.map((result) => ({ runId: run.id, ...result })) : []
          ),
        drop: (tenantId, limit, undo) => {
          let dropped = 0
          for (const run of [...table.rows()]) {
            if (dropped >= limit) break
            if (run.tenantId !== tenantId || run.results.length === 0) continue
            const kept = run.results.slice(0, Math.max(0, run.results.length - (limit - dropped)))
            dropped += run.results.length - kept.length
            table.put({ ...run, results: kept }, undo)
          }
          return dropped
        },
        dropWhere: (tenantId, match, undo) => {
          let dropped = 0
          for (const run of [...table.rows()]) {
            if (run.tenantId !== tenantId) continue
            const kept = run.results.filter((result) => !match(result))
            if (kept.length === run.results.length) continue
            dropped += run.results.length - kept.length
            table.put({ ...run, results: kept }, undo)
          }
          return dropped
        }
      })
      const sameLease = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null)
      /** The tenant's run holding `run`'s idempotency key (unique per tenant, as in SQL); none for a run without one. */
      const holderOf = (run: Run) =>
        run.idempotencyKey === null
          ? undefined
          : [...table.rows()].find((row) => row.tenantId === run.tenantId && row.idempotencyKey === run.idempotencyKey)
      const heldByOther = (run: Run) => {
        const holder = holderOf(run)
        return holder !== undefined && holder.id !== run.id
      }
      type Undo = (reverse: () => void) => void
      const updateOne = (undo: Undo, { from, leaseUntil, run, steps }: RunUpdate) => {
        const stored = table.get(run.tenantId, run.id)
        if (stored === undefined || !from.includes(stored.status)) return false
        if (leaseUntil !== undefined && !sameLease(stored.leaseUntil, leaseUntil)) return false
        table.put({ ...stored, ...progressOf(stored, run, steps) }, undo)
        return true
      }
      const isFree = (stored: Run, at: Date) =>
        stored.status === "queued" ||
        (stored.status === "running" && (stored.leaseUntil === null || stored.leaseUntil < at))
      const runningRuns = () => [...table.rows()].filter((row) => row.status === "running")
      const claimOne = (undo: Undo, stored: Run, at: Date, leaseUntil: Date, worker: WorkerIdentity) => {
        const claimed: Run = {
          ...stored,
          status: "running",
          parkedAt: null,
          leaseUntil,
          heldBy: worker,
          takeovers:
            stored.status === "running"
              ? [...stored.takeovers, takeoverOf(stored, at, worker)].slice(-MAX_TAKEOVERS)
              : stored.takeovers,
          startedAt: stored.startedAt ?? at,
          updatedAt: at
        }
        table.put(claimed, undo)
        return claimed
      }
      const byAge = (a: Date, b: Date, x: Run, y: Run) => a.getTime() - b.getTime() || (x.id < y.id ? -1 : 1)
      /** Unparks at most `limit` of the parked runs `chosen`, in `order`, whose keys have room. */
      const wake = (undo: Undo, chosen: (run: Run) => boolean, limit: number, order: (a: Run, b: Run) => number) => {
        const running = runningRuns()
        const woken = [...table.rows()]
          .filter((row) => row.status === "queued" && row.parkedAt !== null && chosen(row) && keyHasRoom(row, running))
          .sort(order)
          .slice(0, limit)
          .map((row) => ({ ...row, parkedAt: null }))
        for (const run of woken) table.put(run, undo)
        return woken
      }
      // Storing a held key is a defect, as the unique index makes it on Postgres.
      const keyHeld = (run: Run) =>
        Effect.die(new Error(`idempotency key of run ${run.id} is held by another run of tenant ${run.tenantId}`))
      return RunRepository.of({
        insert: (run) =>
          db.attempt((undo) => {
            if (heldByOther(run)) return keyHeld(run)
            table.put(run, undo)
            return Effect.void
          }),
        insertMany: (runs) =>
          db.attempt((undo) => {
            for (const run of runs) {
              if (heldByOther(run)) return keyHeld(run)
              table.put(run, undo)
            }
            return Effect.void
          }),
        insertKeyed: (run, keptSince) =>
          db.run((undo) => {
            const holder = holderOf(run)
            if (holder !== undefined && holder.createdAt >= keptSince) return holder
            if (holder !== undefined) table.put({ ...holder, idempotencyKey: null }, undo)
            table.put(run, undo)
            return run
          }),
        find: table.find,
        list: (tenantId, query) =>
          table.list(
            tenantId,
            query,
            (row) =>
              (query.workflowId === undefined || row.workflowId === query.workflowId) &&
              (query.status === undefined || row.status === query.status)
          ),
        update: (run, from, leaseUntil, steps) => db.run((undo) => updateOne(undo, { run, from, leaseUntil, steps })),
        updateMany: (updates) => db.run((undo) => updates.map((update) => updateOne(undo, update))),
        claimMany: (keys, at, leaseUntil, worker, caps = new Map()) =>
          db.run((undo) => {
            // A key given twice is claimed once.
            const free = [
              ...new Map(
                keys.flatMap(({ tenantId, id }) => {
                  const stored = table.get(tenantId, id)
                  return stored !== undefined && isFree(stored, at) ? [[runKeyOf(stored), stored] as const] : []
                })
              ).values()
            ]
            // Counting the running runs only when a candidate is under a cap.
            const capped = free.some((run) => run.concurrency !== null || (caps.get(run.tenantId) ?? 0) > 0)
            const refused = capped ? refusedByCaps(free, runningRuns(), caps) : new Set<string>()
            return free.flatMap((stored) => {
              if (!refused.has(runKeyOf(stored))) return [claimOne(undo, stored, at, leaseUntil, worker)]
              table.put({ ...stored, parkedAt: at, leaseUntil: null }, undo)
              return []
            })
          }),
        wakeParked: (tenantIds) =>
          db.run((undo) => {
            const wanted = new Map<string, number>()
            for (const tenant of tenantIds) wanted.set(tenant, (wanted.get(tenant) ?? 0) + 1)
            return [...wanted].flatMap(([tenant, count]) =>
              wake(undo, (row) => row.tenantId === tenant, count, (a, b) => byAge(a.createdAt, b.createdAt, a, b))
            )
          }),
        wakeLongParked: (before, limit) =>
          db.run((undo) => wake(undo, (row) => row.parkedAt! < before, limit, (a, b) => byAge(a.parkedAt!, b.parkedAt!, a, b))),
        stalled: (at, limit) =>
          db.run(() =>
            [...table.rows()]
              .filter((row) =>
                row.status === "running"
                  ? row.leaseUntil === null || row.leaseUntil < at
                  : row.status === "queued" &&
                    row.leaseUntil !== null &&
                    row.leaseUntil < at
              )
              .sort(
                (a, b) =>
                  (a.leaseUntil?.getTime() ?? Infinity) - (b.leaseUntil?.getTime() ?? Infinity) ||
                  (a.id < b.id ? -1 : 1)
              )
              .slice(0, limit)
          ),
        countRunning: (tenantId) =>
          db.run(() => [...table.rows()].filter((row) => row.tenantId === tenantId && row.status === "running").length),
        countQueued: (tenantId, upTo) =>
          db.run(() =>
            Math.min(upTo, [...table.rows()].filter((row) => row.tenantId === tenantId && row.status === "queued").length)
          ),
        statistics: (tenantId, from, to) => db.run(() => statisticsOf(table.rows(), tenantId, from, to)),
        stepLog: (tenantId, query) => db.run(() => stepLogOf(table.rows(), tenantId, query)),
        pruneEnded: (before, limit, tenantId) =>
          db.run((undo) => {
            const ended = [...table.rows()]
              .filter(
                (row) =>
                  (tenantId === undefined || row.tenantId === tenantId) &&
                  ENDED_RUN_STATUSES.includes(row.status) &&
                  row.finishedAt !== null &&
                  row.finishedAt < before
              )
              .sort((a, b) => byAge(a.finishedAt!, b.finishedAt!, a, b))
              .slice(0, limit)
            for (const run of ended) {
              const of = (row: unknown) => (row as { readonly runId?: unknown }).runId === run.id
              for (const kind of RUN_ROWS) db.tenantRows.get(kind)?.dropWhere(run.tenantId, of, undo)
              table.drop(run, undo)
            }
            return ended.length
          })
      })
    })
  )
}
