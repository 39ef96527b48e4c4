import { Context, Effect, Layer, Option } from "effect"
import { isUuid } from "../../platform/Crypto.js"
import { type Page, newestFirst } from "../../platform/Keyset.js"
import { memoryTable } from "../../platform/MemoryTable.js"
import type { WorkerIdentity } from "../../platform/Settings.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import {
  MAX_TAKEOVERS,
  RUN_STATUSES,
  type Run,
  type RunStatus,
  type RunTakeover,
  type StepResult,
  type StepStatus
} from "./Run.js"
import type { JsonObject } from "./Workflow.js"
import type { MessageChannel } from "../../module/Skill.js"

export interface RunQuery extends Page {
  readonly workflowId?: string | undefined
  readonly status?: RunStatus | undefined
}

/** How a tenant's runs created in a time range went. */
export interface RunStatistics {
  readonly total: number
  readonly byStatus: Readonly<Record<RunStatus, number>>
  /**
   * Start latency (startedAt − createdAt, in milliseconds) of the runs a worker took: their
   * number and `percentileDisc` at 0.5 and 0.95 (Postgres' percentile_disc). Null when no run
   * was taken.
   */
  readonly startLatencyMs: { readonly samples: number; readonly p50: number; readonly p95: number } | null
}

/**
 * The discrete percentile of Postgres' percentile_disc: the first of the values, sorted
 * ascending, whose position reaches `fraction` of them, i.e. the ceil(fraction × n)-th (at
 * least the first). Always one of the values, never an interpolation.
 */
export const percentileDisc = (ascending: ReadonlyArray<number>, fraction: number): number =>
  ascending[Math.max(1, Math.ceil(fraction * ascending.length)) - 1]!

/**
 * The channel a step result went out on when it is a message a run sent, else undefined: a
 * succeeded `deliver` step, or a succeeded step of a skill in `channels` (the skill registry's
 * `messageChannels`).
 */
export const messageChannel = (
  result: StepResult,
  step: JsonObject | null,
  channels: ReadonlyMap<string, MessageChannel>
): MessageChannel | undefined => {
  if (result.status !== "succeeded") return undefined
  if (result.type === "deliver") return "channel"
  const skillId = step?.skillId
  return result.type === "skill" && typeof skillId === "string" ? channels.get(skillId) : undefined
}

const isMessage = (result: StepResult, step: JsonObject | null, messageSkills: ReadonlyArray<string>) =>
  result.status === "succeeded" &&
  (result.type === "deliver" ||
    (result.type === "skill" && typeof step?.skillId === "string" && messageSkills.includes(step.skillId)))

/** A step in the runs' step log, which runs newest run first by (createdAt, id), then last step first. */
export interface StepPosition {
  readonly createdAt: Date
  readonly runId: string
  readonly index: number
}

export interface StepLogQuery {
  /** Steps strictly after this one; its run is a stored run (its id a uuid). */
  readonly after?: StepPosition | undefined
  readonly limit: number
  /**
   * At most this many runs are read for a page: the runs from `after`'s (itself included while
   * steps of it remain), newest first. Bounds a page's cost when few steps match.
   */
  readonly maxRuns: number
  readonly runId?: string | undefined
  readonly workflowId?: string | undefined
  /** Steps in this status. */
  readonly status?: StepStatus | undefined
  /**
   * Only the messages runs sent: succeeded deliver steps, and succeeded skill steps of these
   * skills (the ids of the skill registry's `messageChannels`; see `messageChannel`).
   */
  readonly messageSkills?: ReadonlyArray<string> | undefined
}

export interface StepLogEntry {
  readonly runId: string
  readonly workflowId: string
  readonly runCreatedAt: Date
  readonly result: StepResult
  /** The step as the run copied it from its workflow (placeholders unfilled); null if the run has none at the index. */
  readonly step: JsonObject | null
}

export interface StepLogPage {
  readonly entries: ReadonlyArray<StepLogEntry>
  /**
   * When `maxRuns` runs were read: the position after the last of them (its step 0), where the
   * next page goes on; null when the runs ran out first.
   */
  readonly readTo: StepPosition | null
}

/** Whether step `index` of `run` comes after `position` in the step log. */
const stepAfter = (position: StepPosition, run: Run, index: number) => {
  const byRun = newestFirst({ createdAt: position.createdAt, id: position.runId }, run)
  return byRun < 0 || (byRun === 0 && index < position.index)
}

/** What `RunRepository.update` writes: the fields a run's progress changes. */
const progressOf = (run: Run) => ({
  status: run.status,
  attempt: run.attempt,
  results: run.results,
  reason: run.reason,
  leaseUntil: run.leaseUntil,
  startedAt: run.startedAt,
  finishedAt: run.finishedAt,
  updatedAt: run.updatedAt
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
     * Stores the run's progress (status, attempt, results, reason, lease, start, finish, updatedAt) if its
     * stored status is one of `from` (and, when `leaseUntil` is given, the stored lease is that one:
     * the writer still holds the run); whether it did. What the run was made with (its steps,
     * input, trigger, parent, idempotency key) never changes, and is not written.
     */
    readonly update: (
      run: Run,
      from: ReadonlyArray<RunStatus>,
      leaseUntil?: Date | null | undefined
    ) => Effect.Effect<boolean>
    /**
     * Takes runs, of any tenants, for `worker` until `leaseUntil`, in one write: each queued run
     * and each running one whose lease ran out before `at` (its worker died), as taken (status
     * running, held by `worker`), once, in any order; the others are left out. Taking a running run adds a takeover to it (see
     * `takeoverOf`).
     */
    readonly claimMany: (
      keys: ReadonlyArray<RunKey>,
      at: Date,
      leaseUntil: Date,
      worker: WorkerIdentity
    ) => Effect.Effect<ReadonlyArray<Run>>
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
    /** How the tenant's runs created from `from` to `to` (both included) went. */
    readonly statistics: (tenantId: string, from: Date, to: Date) => Effect.Effect<RunStatistics>
    /**
     * A page of the step results of the tenant's runs, newest run first by (createdAt, id), then
     * by step index descending: at most `limit` of those matching the query within the first
     * `maxRuns` runs from the position on.
     */
    readonly stepLog: (tenantId: string, query: StepLogQuery) => Effect.Effect<StepLogPage>
  }
>() {
  static readonly layerMemory: Layer.Layer<RunRepository, never, MemoryDatabase> = Layer.effect(
    RunRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Run>(db)
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
      const updateOne = (undo: Undo, { from, leaseUntil, run }: RunUpdate) => {
        const stored = table.get(run.tenantId, run.id)
        if (stored === undefined || !from.includes(stored.status)) return false
        if (leaseUntil !== undefined && !sameLease(stored.leaseUntil, leaseUntil)) return false
        table.put({ ...stored, ...progressOf(run) }, undo)
        return true
      }
      const claimOne = (undo: Undo, { id, tenantId }: RunKey, at: Date, leaseUntil: Date, worker: WorkerIdentity) => {
        const stored = table.get(tenantId, id)
        const free =
          stored?.status === "queued" ||
          (stored?.status === "running" && (stored.leaseUntil === null || stored.leaseUntil < at))
        if (stored === undefined || !free) return undefined
        const claimed: Run = {
          ...stored,
          status: "running",
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
        update: (run, from, leaseUntil) => db.run((undo) => updateOne(undo, { run, from, leaseUntil })),
        updateMany: (updates) => db.run((undo) => updates.map((update) => updateOne(undo, update))),
        claimMany: (keys, at, leaseUntil, worker) =>
          db.run((undo) => keys.flatMap((key) => claimOne(undo, key, at, leaseUntil, worker) ?? [])),
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
        statistics: (tenantId, from, to) =>
          db.run(() => {
            const created = [...table.rows()].filter(
              (row) => row.tenantId === tenantId && row.createdAt >= from && row.createdAt <= to
            )
            const byStatus = Object.fromEntries(RUN_STATUSES.map((status) => [status, 0])) as Record<RunStatus, number>
            for (const row of created) byStatus[row.status]++
            const latencies = created
              .flatMap((row) => (row.startedAt === null ? [] : [row.startedAt.getTime() - row.createdAt.getTime()]))
              .sort((a, b) => a - b)
            return {
              total: created.length,
              byStatus,
              startLatencyMs:
                latencies.length === 0
                  ? null
                  : {
                      samples: latencies.length,
                      p50: percentileDisc(latencies, 0.5),
                      p95: percentileDisc(latencies, 0.95)
                    }
            }
          }),
        stepLog: (tenantId, query) =>
          db.run((): StepLogPage => {
            const { after } = query
            if (after !== undefined && !isUuid(after.runId)) return { entries: [], readTo: null }
            const read = [...table.rows()]
              .filter(
                (row) =>
                  row.tenantId === tenantId &&
                  (query.runId === undefined || row.id === query.runId) &&
                  (query.workflowId === undefined || row.workflowId === query.workflowId) &&
                  // The runs after the position's, and that run itself while its step 0 is still to come.
                  (after === undefined || stepAfter(after, row, 0))
              )
              .sort(newestFirst)
              .slice(0, query.maxRuns)
            const entries = read
              .flatMap((run) =>
                [...run.results]
                  .sort((a, b) => b.index - a.index)
                  .map((result): StepLogEntry => {
                    const step = run.steps[result.index]
                    return {
                      runId: run.id,
                      workflowId: run.workflowId,
                      runCreatedAt: run.createdAt,
                      result,
                      step: step ?? null
                    }
                  })
                  .filter(
                    ({ result, step }) =>
                      (after === undefined || stepAfter(after, run, result.index)) &&
                      (query.status === undefined || result.status === query.status) &&
                      (query.messageSkills === undefined || isMessage(result, step, query.messageSkills))
                  )
              )
              .slice(0, query.limit)
            const last = read.length === query.maxRuns ? read[read.length - 1] : undefined
            return {
              entries,
              readTo: last === undefined ? null : { createdAt: last.createdAt, runId: last.id, index: 0 }
            }
          })
      })
    })
  )
}
