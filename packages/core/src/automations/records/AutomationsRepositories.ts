import { Context, Effect, Layer, type Option } from "effect"
import type { Page } from "../../platform/Keyset.js"
import { memoryTable } from "../../platform/MemoryTable.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import type { Flow, Workflow } from "./Workflow.js"

/** A workflow's key: ids are per tenant. */
export interface WorkflowKey {
  readonly tenantId: string
  readonly id: string
}

export class WorkflowRepository extends Context.Tag("@servicekit/core/WorkflowRepository")<
  WorkflowRepository,
  {
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Workflow>>
    /** The workflows among these (tenant, id) keys, in one read, in no set order; keys that find none are left out. */
    readonly findMany: (keys: ReadonlyArray<WorkflowKey>) => Effect.Effect<ReadonlyArray<Workflow>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<Workflow>>
    /**
     * Workflows with this id in any tenant (ids are per tenant), by tenant id: for the inbound
     * hook's token, which names a workflow but no tenant.
     */
    readonly findEverywhere: (id: string) => Effect.Effect<ReadonlyArray<Workflow>>
    /**
     * The tenant's active workflows whose `event` trigger names one of `types`, oldest first by
     * (createdAt, id): the workflows a batch of Live Chat events starts.
     */
    readonly listEventTriggered: (
      tenantId: string,
      types: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyArray<Workflow>>
    /** The tenant's active workflows whose `channel` trigger names this channel, oldest first by (createdAt, id). */
    readonly listChannelTriggered: (tenantId: string, channelId: string) => Effect.Effect<ReadonlyArray<Workflow>>
    /** Stores the workflow whole, inserting or replacing it. */
    readonly save: (workflow: Workflow) => Effect.Effect<void>
    /** Whether there was such a workflow. */
    readonly remove: (tenantId: string, id: string) => Effect.Effect<boolean>
    /** Whether any of the tenant's workflows, active or not, has a trigger other than `manual`. */
    readonly hasAutomaticTrigger: (tenantId: string) => Effect.Effect<boolean>
  }
>() {
  static readonly layerMemory: Layer.Layer<WorkflowRepository, never, MemoryDatabase> = Layer.effect(
    WorkflowRepository,
    Effect.map(MemoryDatabase, (db) => {
      const { find, findMany, list, save, remove, rows } = memoryTable<Workflow>(db, "automation_workflows")
      /** The tenant's active workflows whose trigger `wanted` says, oldest first. */
      const activeOldestFirst = (tenantId: string, wanted: (trigger: Workflow["trigger"]) => boolean) =>
        db.run(() =>
          [...rows()]
            .filter((row) => row.tenantId === tenantId && row.active && wanted(row.trigger))
            .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        )
      return WorkflowRepository.of({
        find,
        findMany,
        list,
        save,
        remove,
        findEverywhere: (id) =>
          db.run(() => [...rows()].filter((row) => row.id === id).sort((a, b) => (a.tenantId < b.tenantId ? -1 : 1))),
        listChannelTriggered: (tenantId, channelId) =>
          activeOldestFirst(tenantId, (trigger) => trigger.type === "channel" && trigger.channelId === channelId),
        listEventTriggered: (tenantId, types) =>
          activeOldestFirst(
            tenantId,
            (trigger) =>
              trigger.type === "event" &&
              Array.isArray(trigger.events) &&
              trigger.events.some((event) => types.includes(event))
          ),
        hasAutomaticTrigger: (tenantId) =>
          db.run(() =>
            [...rows()].some(
              (row) =>
                row.tenantId === tenantId && typeof row.trigger.type === "string" && row.trigger.type !== "manual"
            )
          )
      })
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
      const { find, list, save } = memoryTable<Flow>(db, "automation_flows")
      return FlowRepository.of({ find, list, save })
    })
  )
}
