import { Context, Effect, Layer, type Option } from "effect"
import type { Page } from "../../platform/Keyset.js"
import { memoryTable } from "../../platform/MemoryTable.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import type { Agent } from "./Agent.js"

export class AgentRepository extends Context.Tag("@servicekit/core/AgentRepository")<
  AgentRepository,
  {
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Agent>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<Agent>>
    /** Every agent of the tenant (at most MAX_AGENTS), oldest first: what routing reads. */
    readonly all: (tenantId: string) => Effect.Effect<ReadonlyArray<Agent>>
    /** Stores the agent under its id, replacing what the id held. */
    readonly save: (agent: Agent) => Effect.Effect<void>
    /** Whether there was such an agent. */
    readonly remove: (tenantId: string, id: string) => Effect.Effect<boolean>
  }
>() {
  static readonly layerMemory: Layer.Layer<AgentRepository, never, MemoryDatabase> = Layer.effect(
    AgentRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Agent>(db, "automation_agents")
      return AgentRepository.of({
        find: table.find,
        list: (tenantId, page) => table.list(tenantId, page),
        all: (tenantId) =>
          db.run(() =>
            [...table.rows()]
              .filter((agent) => agent.tenantId === tenantId)
              .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
          ),
        save: table.save,
        remove: table.remove
      })
    })
  )
}
