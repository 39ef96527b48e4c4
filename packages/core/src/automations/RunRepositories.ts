import { Context, Effect, Layer, Option } from "effect"
import type { Page } from "../platform/Keyset.js"
import { memoryTable } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import type { Approval, ApprovalStatus, Run, RunStatus } from "./Run.js"

export interface RunQuery extends Page {
  readonly workflowId?: string | undefined
  readonly status?: RunStatus | undefined
}

export class RunRepository extends Context.Tag("@servicekit/core/RunRepository")<
  RunRepository,
  {
    readonly insert: (run: Run) => Effect.Effect<void>
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
     * Stores the run whole if its stored status is one of `from` (and, when `leaseUntil` is given,
     * the stored lease is that one: the writer still holds the run); whether it did.
     */
    readonly update: (
      run: Run,
      from: ReadonlyArray<RunStatus>,
      leaseUntil?: Date | null | undefined
    ) => Effect.Effect<boolean>
    /**
     * Takes a run for a worker until `leaseUntil`: a queued run, or a running one whose lease ran
     * out before `at` (its worker died). The run as taken (status running); None otherwise.
     */
    readonly claim: (tenantId: string, id: string, at: Date, leaseUntil: Date) => Effect.Effect<Option.Option<Run>>
    /** Running runs of every tenant whose lease ran out before `at` (their worker died), the longest stalled first. */
    readonly stalled: (at: Date, limit: number) => Effect.Effect<ReadonlyArray<Run>>
    /** How many of the tenant's runs are running now. */
    readonly countRunning: (tenantId: string) => Effect.Effect<number>
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
        update: (run, from, leaseUntil) =>
          db.attempt((undo) => {
            const stored = table.get(run.tenantId, run.id)
            if (stored === undefined || !from.includes(stored.status)) return Effect.succeed(false)
            if (leaseUntil !== undefined && !sameLease(stored.leaseUntil, leaseUntil)) return Effect.succeed(false)
            if (heldByOther(run)) return keyHeld(run)
            table.put(run, undo)
            return Effect.succeed(true)
          }),
        claim: (tenantId, id, at, leaseUntil) =>
          db.run((undo) => {
            const stored = table.get(tenantId, id)
            const free =
              stored?.status === "queued" ||
              (stored?.status === "running" && (stored.leaseUntil === null || stored.leaseUntil < at))
            if (stored === undefined || !free) return Option.none()
            const claimed: Run = {
              ...stored,
              status: "running",
              leaseUntil,
              startedAt: stored.startedAt ?? at,
              updatedAt: at
            }
            table.put(claimed, undo)
            return Option.some(claimed)
          }),
        stalled: (at, limit) =>
          db.run(() =>
            [...table.rows()]
              .filter((row) => row.status === "running" && (row.leaseUntil === null || row.leaseUntil < at))
              .sort(
                (a, b) =>
                  (a.leaseUntil?.getTime() ?? Infinity) - (b.leaseUntil?.getTime() ?? Infinity) ||
                  (a.id < b.id ? -1 : 1)
              )
              .slice(0, limit)
          ),
        countRunning: (tenantId) =>
          db.run(() => [...table.rows()].filter((row) => row.tenantId === tenantId && row.status === "running").length)
      })
    })
  )
}

export interface ApprovalQuery extends Page {
  readonly status?: ApprovalStatus | undefined
}

export class ApprovalRepository extends Context.Tag("@servicekit/core/ApprovalRepository")<
  ApprovalRepository,
  {
    readonly insert: (approval: Approval) => Effect.Effect<void>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Approval>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, query: ApprovalQuery) => Effect.Effect<ReadonlyArray<Approval>>
    /** Decides a pending approval (once: a second decision finds it decided); the approval as decided. */
    readonly decide: (
      tenantId: string,
      id: string,
      decision: { readonly status: ApprovalStatus; readonly note: string | null; readonly at: Date }
    ) => Effect.Effect<Option.Option<Approval>>
    /** Pending approvals of every tenant that expired before `at`, the oldest first. */
    readonly expired: (at: Date, limit: number) => Effect.Effect<ReadonlyArray<Approval>>
  }
>() {
  static readonly layerMemory: Layer.Layer<ApprovalRepository, never, MemoryDatabase> = Layer.effect(
    ApprovalRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Approval>(db)
      return ApprovalRepository.of({
        insert: table.save,
        find: table.find,
        list: (tenantId, query) =>
          table.list(tenantId, query, (row) => query.status === undefined || row.status === query.status),
        decide: (tenantId, id, decision) =>
          db.run((undo) => {
            const stored = table.get(tenantId, id)
            if (stored?.status !== "pending") return Option.none()
            const decided: Approval = {
              ...stored,
              status: decision.status,
              note: decision.note,
              decidedAt: decision.at,
              updatedAt: decision.at
            }
            table.put(decided, undo)
            return Option.some(decided)
          }),
        expired: (at, limit) =>
          db.run(() =>
            [...table.rows()]
              .filter((row) => row.status === "pending" && row.expiresAt < at)
              .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime() || (a.id < b.id ? -1 : 1))
              .slice(0, limit)
          )
      })
    })
  )
}
