/** Where waitpoints are stored: the port and its memory implementation. */
import { Context, Effect, Layer, Option } from "effect"
import { memoryTable } from "../../platform/MemoryTable.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import type { Waitpoint, WaitpointStatus } from "./Waitpoint.js"

export class WaitpointRepository extends Context.Tag("@servicekit/core/WaitpointRepository")<
  WaitpointRepository,
  {
    readonly insert: (waitpoint: Waitpoint) => Effect.Effect<void>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Waitpoint>>
    /** The run's waitpoints still waiting, oldest first. */
    readonly waiting: (tenantId: string, runId: string) => Effect.Effect<ReadonlyArray<Waitpoint>>
    /**
     * Closes a waiting waitpoint with `status` at `at` (once: a second close finds it closed);
     * the waitpoint as closed.
     */
    readonly close: (
      tenantId: string,
      id: string,
      status: Exclude<WaitpointStatus, "waiting">,
      at: Date
    ) => Effect.Effect<Option.Option<Waitpoint>>
    /** Closes every waiting waitpoint of the run as `cancelled`; those it closed. */
    readonly cancelAll: (tenantId: string, runId: string, at: Date) => Effect.Effect<ReadonlyArray<Waitpoint>>
    /** Waiting waitpoints of every tenant due at or before `at`, the earliest due first, at most `limit`. */
    readonly overdue: (at: Date, limit: number) => Effect.Effect<ReadonlyArray<Waitpoint>>
  }
>() {
  static readonly layerMemory: Layer.Layer<WaitpointRepository, never, MemoryDatabase> = Layer.effect(
    WaitpointRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Waitpoint>(db, "automation_waitpoints")
      const waitingOf = (tenantId: string, runId: string) =>
        [...table.rows()]
          .filter((row) => row.tenantId === tenantId && row.runId === runId && row.status === "waiting")
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      return WaitpointRepository.of({
        insert: table.save,
        find: table.find,
        waiting: (tenantId, runId) => db.run(() => waitingOf(tenantId, runId)),
        close: (tenantId, id, status, at) =>
          db.run((undo) => {
            const stored = table.get(tenantId, id)
            if (stored?.status !== "waiting") return Option.none()
            const closed: Waitpoint = { ...stored, status, completedAt: at }
            table.put(closed, undo)
            return Option.some(closed)
          }),
        cancelAll: (tenantId, runId, at) =>
          db.run((undo) =>
            waitingOf(tenantId, runId).map((row) => {
              const closed: Waitpoint = { ...row, status: "cancelled", completedAt: at }
              table.put(closed, undo)
              return closed
            })
          ),
        overdue: (at, limit) =>
          db.run(() =>
            [...table.rows()]
              .filter((row) => row.status === "waiting" && row.dueAt <= at)
              .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || (a.id < b.id ? -1 : 1))
              .slice(0, limit)
          )
      })
    })
  )
}
