import { Context, Effect, Layer } from "effect"
import { tenantRowsOf } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"

/** What an agent says of themself; offline is what the kit concludes when they stop saying it. */
export const PRESENCE_STATUSES = ["online", "away"] as const
export type PresenceStatus = (typeof PRESENCE_STATUSES)[number]

/**
 * How long a status holds without being said again: the console says it every minute while it is
 * open, so an agent whose console closed is offline within two.
 */
export const PRESENCE_HOLDS_MS = 2 * 60_000
/** Statuses not said again for this long are forgotten, so a tenant keeps a row only per recent agent. */
export const PRESENCE_KEPT_MS = 24 * 60 * 60_000

/** An agent's status as last said, and when. */
export interface AgentPresence {
  readonly tenantId: string
  readonly agentId: string
  readonly status: PresenceStatus
  readonly seenAt: Date
}

export class AgentPresenceRepository extends Context.Tag("@servicekit/core/AgentPresenceRepository")<
  AgentPresenceRepository,
  {
    /** Stores the agent's status, replacing theirs, and forgets the tenant's statuses last said before `forgetBefore`. */
    readonly say: (presence: AgentPresence, forgetBefore: Date) => Effect.Effect<void>
    /** The tenant's statuses said since `since`, the latest first, at most `limit`. */
    readonly since: (tenantId: string, since: Date, limit: number) => Effect.Effect<ReadonlyArray<AgentPresence>>
  }
>() {
  static readonly layerMemory: Layer.Layer<AgentPresenceRepository, never, MemoryDatabase> = Layer.effect(
    AgentPresenceRepository,
    Effect.map(MemoryDatabase, (db) => {
      const rows = new Map<string, AgentPresence>()
      const key = (tenantId: string, agentId: string) => JSON.stringify([tenantId, agentId])
      db.holdsTenantRows("chat_agent_presence", tenantRowsOf(rows, (row) => row.tenantId))
      return AgentPresenceRepository.of({
        say: (presence, forgetBefore) =>
          db.run((undo) => {
            for (const [at, row] of rows) {
              if (row.tenantId !== presence.tenantId || row.seenAt >= forgetBefore) continue
              rows.delete(at)
              undo(() => rows.set(at, row))
            }
            const at = key(presence.tenantId, presence.agentId)
            const previous = rows.get(at)
            rows.set(at, presence)
            undo(() => (previous === undefined ? rows.delete(at) : rows.set(at, previous)))
          }),
        since: (tenantId, since, limit) =>
          db.run(() =>
            [...rows.values()]
              .filter((row) => row.tenantId === tenantId && row.seenAt >= since)
              .sort((a, b) => b.seenAt.getTime() - a.seenAt.getTime() || (a.agentId < b.agentId ? -1 : 1))
              .slice(0, limit)
          )
      })
    })
  )
}
