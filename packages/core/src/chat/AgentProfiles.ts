import { Context, Effect, Layer, Option } from "effect"
import { tenantRowsOf } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import type { AgentProfile } from "./Appearance.js"

/** The names a tenant's agents sign their replies with, one per agent. */
export class AgentProfileRepository extends Context.Tag("@servicekit/core/AgentProfileRepository")<
  AgentProfileRepository,
  {
    /** Stores the agent's profile, replacing theirs; the profile as stored. */
    readonly put: (profile: AgentProfile) => Effect.Effect<AgentProfile>
    readonly find: (tenantId: string, agentId: string) => Effect.Effect<Option.Option<AgentProfile>>
    /** The tenant's profiles by display name, at most `limit`. */
    readonly list: (tenantId: string, limit: number) => Effect.Effect<ReadonlyArray<AgentProfile>>
    readonly count: (tenantId: string) => Effect.Effect<number>
    /** Whether there was one to remove. */
    readonly remove: (tenantId: string, agentId: string) => Effect.Effect<boolean>
  }
>() {
  static readonly layerMemory: Layer.Layer<AgentProfileRepository, never, MemoryDatabase> = Layer.effect(
    AgentProfileRepository,
    Effect.map(MemoryDatabase, (db) => {
      const rows = new Map<string, AgentProfile>()
      const key = (tenantId: string, agentId: string) => JSON.stringify([tenantId, agentId])
      const ofTenant = (tenantId: string) => [...rows.values()].filter((profile) => profile.tenantId === tenantId)
      db.holdsTenantRows("chat_agents", tenantRowsOf(rows, (profile) => profile.tenantId))
      return AgentProfileRepository.of({
        put: (profile) =>
          db.run((undo) => {
            const at = key(profile.tenantId, profile.agentId)
            const stored = rows.get(at)
            rows.set(at, profile)
            undo(() => (stored === undefined ? rows.delete(at) : rows.set(at, stored)))
            return profile
          }),
        find: (tenantId, agentId) => db.run(() => Option.fromNullable(rows.get(key(tenantId, agentId)))),
        list: (tenantId, limit) =>
          db.run(() =>
            ofTenant(tenantId)
              .sort((a, b) => compare(a.displayName, b.displayName) || compare(a.agentId, b.agentId))
              .slice(0, limit)
          ),
        count: (tenantId) => db.run(() => ofTenant(tenantId).length),
        remove: (tenantId, agentId) =>
          db.run((undo) => {
            const at = key(tenantId, agentId)
            const stored = rows.get(at)
            if (stored === undefined) return false
            rows.delete(at)
            undo(() => rows.set(at, stored))
            return true
          })
      })
    })
  )
}

/** How an agent's words are signed: their profile's name and initials, nulls without a profile. */
export interface AgentSignature {
  readonly authorName: string | null
  readonly authorInitials: string | null
}

export const signatureOf = (profile: Option.Option<AgentProfile>): AgentSignature =>
  Option.match(profile, {
    onNone: () => ({ authorName: null, authorInitials: null }),
    onSome: ({ displayName, initials }) => ({ authorName: displayName, authorInitials: initials })
  })

/** Code point order, as the SQL adapters' `collate "C"`. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
