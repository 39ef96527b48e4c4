import { Context, Effect, Layer, Option } from "effect"
import { type Page, type Position, pageOf } from "../platform/Keyset.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import type { Flow, Workflow } from "./Workflow.js"

/** Rows by (tenant, id) in memory, each write undone with its unit of work. */
const memoryTable = <A extends { readonly tenantId: string; readonly id: string }>(db: MemoryDatabase["Type"]) => {
  const rows = new Map<string, A>()
  const key = (tenantId: string, id: string) => `${tenantId}/${id}`
  return {
    find: (tenantId: string, id: string) => db.run(() => Option.fromNullable(rows.get(key(tenantId, id)))),
    list: (tenantId: string, page: Page) =>
      db.run(() => pageOf([...rows.values()].filter((row) => row.tenantId === tenantId) as Array<A & Position>, page)),
    save: (row: A) =>
      db.run((undo) => {
        const at = key(row.tenantId, row.id)
        const previous = rows.get(at)
        rows.set(at, row)
        undo(() => (previous === undefined ? rows.delete(at) : rows.set(at, previous)))
      }),
    remove: (tenantId: string, id: string) =>
      db.run((undo) => {
        const at = key(tenantId, id)
        const previous = rows.get(at)
        if (previous === undefined) return false
        rows.delete(at)
        undo(() => rows.set(at, previous))
        return true
      })
  }
}

export class WorkflowRepository extends Context.Tag("@servicekit/core/WorkflowRepository")<
  WorkflowRepository,
  {
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Workflow>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<Workflow>>
    /** Stores the workflow whole, inserting or replacing it. */
    readonly save: (workflow: Workflow) => Effect.Effect<void>
    /** Whether there was such a workflow. */
    readonly remove: (tenantId: string, id: string) => Effect.Effect<boolean>
  }
>() {
  static readonly layerMemory: Layer.Layer<WorkflowRepository, never, MemoryDatabase> = Layer.effect(
    WorkflowRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Workflow>(db)
      return WorkflowRepository.of(table)
    })
  )
}

export class FlowRepository extends Context.Tag("@servicekit/core/FlowRepository")<
  FlowRepository,
  {
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Flow>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<Flow>>
    /** Stores the flow whole, inserting or replacing it. */
    readonly save: (flow: Flow) => Effect.Effect<void>
  }
>() {
  static readonly layerMemory: Layer.Layer<FlowRepository, never, MemoryDatabase> = Layer.effect(
    FlowRepository,
    Effect.map(MemoryDatabase, (db) => {
      const { find, list, save } = memoryTable<Flow>(db)
      return FlowRepository.of({ find, list, save })
    })
  )
}
