/** Where approvals are stored: the port and its memory implementation. */
import { Context, Effect, Layer, Option } from "effect"
import type { Page } from "../../platform/Keyset.js"
import { memoryTable } from "../../platform/MemoryTable.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import type { Approval, ApprovalStatus } from "./Run.js"

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
    /** Closes the run's pending approvals as `cancelled` (its run was cancelled); how many it closed. */
    readonly cancelPending: (tenantId: string, runId: string, at: Date) => Effect.Effect<number>
  }
>() {
  static readonly layerMemory: Layer.Layer<ApprovalRepository, never, MemoryDatabase> = Layer.effect(
    ApprovalRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Approval>(db, "automation_approvals")
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
        cancelPending: (tenantId, runId, at) =>
          db.run((undo) => {
            const pending = [...table.rows()].filter(
              (row) => row.tenantId === tenantId && row.runId === runId && row.status === "pending"
            )
            for (const row of pending) table.put({ ...row, status: "cancelled", decidedAt: at, updatedAt: at }, undo)
            return pending.length
          })
      })
    })
  )
}
