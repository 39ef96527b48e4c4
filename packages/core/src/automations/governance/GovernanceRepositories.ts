import { Context, Effect, Layer, Option } from "effect"
import type { Page } from "../../platform/Keyset.js"
import { memoryTable, tenantRowsOf } from "../../platform/MemoryTable.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import {
  DEFAULT_TOOL_PROFILE,
  type MemoryAudit,
  type MemoryEntry,
  type ModelChoice,
  type Policy,
  type ToolProfile
} from "./Governance.js"

/** A table in memory keyed by the tenant: a record each tenant has at most one of. `kind` names the table. */
const oneRowPerTenant = <T extends { readonly tenantId: string }>(db: MemoryDatabase["Type"], kind: string) => {
  const rows = new Map<string, T>()
  db.holdsTenantRows(kind, tenantRowsOf(rows, (row) => row.tenantId))
  return {
    find: (tenantId: string) => db.run(() => Option.fromNullable(rows.get(tenantId))),
    save: (row: T) =>
      db.run((undo) => {
        const previous = rows.get(row.tenantId)
        rows.set(row.tenantId, row)
        undo(() => (previous === undefined ? rows.delete(row.tenantId) : rows.set(row.tenantId, previous)))
      })
  }
}

export class PolicyRepository extends Context.Tag("@servicekit/core/PolicyRepository")<
  PolicyRepository,
  {
    readonly find: (tenantId: string) => Effect.Effect<Option.Option<Policy>>
    /** Stores the tenant's policy, replacing the one it had. */
    readonly save: (policy: Policy) => Effect.Effect<void>
  }
>() {
  static readonly layerMemory: Layer.Layer<PolicyRepository, never, MemoryDatabase> = Layer.effect(
    PolicyRepository,
    Effect.map(MemoryDatabase, (db) => PolicyRepository.of(oneRowPerTenant<Policy>(db, "automation_policies")))
  )
}

export class ModelChoiceRepository extends Context.Tag("@servicekit/core/ModelChoiceRepository")<
  ModelChoiceRepository,
  {
    readonly find: (tenantId: string) => Effect.Effect<Option.Option<ModelChoice>>
    /** Stores the tenant's choice, replacing the one it had. */
    readonly save: (choice: ModelChoice) => Effect.Effect<void>
  }
>() {
  static readonly layerMemory: Layer.Layer<ModelChoiceRepository, never, MemoryDatabase> = Layer.effect(
    ModelChoiceRepository,
    Effect.map(MemoryDatabase, (db) =>
      ModelChoiceRepository.of(oneRowPerTenant<ModelChoice>(db, "automation_model_choices"))
    )
  )
}

export class ToolProfileRepository extends Context.Tag("@servicekit/core/ToolProfileRepository")<
  ToolProfileRepository,
  {
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<ToolProfile>>
    readonly findByName: (tenantId: string, name: string) => Effect.Effect<Option.Option<ToolProfile>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<ToolProfile>>
    /**
     * Stores the profile under its name: a new one as given, or the lists and `updatedAt` of the
     * tenant's profile with that name, which keeps its id and `createdAt`. Answers what is stored.
     */
    readonly upsert: (profile: ToolProfile) => Effect.Effect<ToolProfile>
  }
>() {
  static readonly layerMemory: Layer.Layer<ToolProfileRepository, never, MemoryDatabase> = Layer.effect(
    ToolProfileRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<ToolProfile>(db, "automation_tool_profiles")
      const byName = (tenantId: string, name: string) =>
        [...table.rows()].find((row) => row.tenantId === tenantId && row.name === name)
      return ToolProfileRepository.of({
        find: table.find,
        findByName: (tenantId, name) => db.run(() => Option.fromNullable(byName(tenantId, name))),
        list: (tenantId, page) => table.list(tenantId, page),
        upsert: (profile) =>
          db.run((undo) => {
            const current = byName(profile.tenantId, profile.name)
            const stored =
              current === undefined ? profile : { ...profile, id: current.id, createdAt: current.createdAt }
            table.put(stored, undo)
            return stored
          })
      })
    })
  )
}

/**
 * The profile a step follows when it runs: the one it names as `toolProfile`, else the tenant's
 * default one if any; a named profile that no longer exists fails the step (the message says so).
 */
export const profileOfStep = (
  profiles: ToolProfileRepository["Type"],
  tenantId: string,
  step: { readonly toolProfile?: unknown }
): Effect.Effect<ToolProfile | undefined, string> => {
  const named = typeof step.toolProfile === "string" ? step.toolProfile : undefined
  return Effect.flatMap(profiles.findByName(tenantId, named ?? DEFAULT_TOOL_PROFILE), (found) =>
    Option.isNone(found) && named !== undefined
      ? Effect.fail(`The tool profile ${named} does not exist.`)
      : Effect.succeed(Option.getOrUndefined(found))
  )
}

export interface MemoryQuery extends Page {
  /** Only keys starting with this. */
  readonly prefix?: string | undefined
}

export class MemoryRepository extends Context.Tag("@servicekit/core/MemoryRepository")<
  MemoryRepository,
  {
    readonly find: (tenantId: string, key: string) => Effect.Effect<Option.Option<MemoryEntry>>
    /** By id: the position of a list cursor. */
    readonly findById: (tenantId: string, id: string) => Effect.Effect<Option.Option<MemoryEntry>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, query: MemoryQuery) => Effect.Effect<ReadonlyArray<MemoryEntry>>
    /**
     * Stores the entry under its key: a new one as given, or the value and `updatedAt` of the
     * tenant's entry with that key, which keeps its id and `createdAt`. Answers what is stored.
     */
    readonly put: (entry: MemoryEntry) => Effect.Effect<MemoryEntry>
  }
>() {
  static readonly layerMemory: Layer.Layer<MemoryRepository, never, MemoryDatabase> = Layer.effect(
    MemoryRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<MemoryEntry>(db, "automation_memory")
      const byKey = (tenantId: string, key: string) =>
        [...table.rows()].find((row) => row.tenantId === tenantId && row.key === key)
      return MemoryRepository.of({
        find: (tenantId, key) => db.run(() => Option.fromNullable(byKey(tenantId, key))),
        findById: table.find,
        list: (tenantId, { prefix, ...page }) =>
          table.list(tenantId, page, (row) => prefix === undefined || row.key.startsWith(prefix)),
        put: (entry) =>
          db.run((undo) => {
            const current = byKey(entry.tenantId, entry.key)
            const stored = current === undefined ? entry : { ...entry, id: current.id, createdAt: current.createdAt }
            table.put(stored, undo)
            return stored
          })
      })
    })
  )
}

export interface MemoryAuditQuery extends Page {
  readonly key?: string | undefined
}

export class MemoryAuditRepository extends Context.Tag("@servicekit/core/MemoryAuditRepository")<
  MemoryAuditRepository,
  {
    readonly insertMany: (rows: ReadonlyArray<MemoryAudit>) => Effect.Effect<void>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<MemoryAudit>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, query: MemoryAuditQuery) => Effect.Effect<ReadonlyArray<MemoryAudit>>
    /** Deletes up to `limit` rows made before `before`, of `tenantId` alone when given, the oldest first: how many it deleted. */
    readonly prune: (before: Date, limit: number, tenantId?: string) => Effect.Effect<number>
  }
>() {
  static readonly layerMemory: Layer.Layer<MemoryAuditRepository, never, MemoryDatabase> = Layer.effect(
    MemoryAuditRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<MemoryAudit>(db, "automation_memory_audit")
      return MemoryAuditRepository.of({
        insertMany: (rows) => db.run((undo) => rows.forEach((row) => table.put(row, undo))),
        find: table.find,
        list: (tenantId, { key, ...page }) => table.list(tenantId, page, (row) => key === undefined || row.key === key),
        prune: (before, limit, tenantId) =>
          db.run((undo) => {
            const old = [...table.rows()]
              .filter((row) => (tenantId === undefined || row.tenantId === tenantId) && row.createdAt < before)
              .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
              .slice(0, limit)
            for (const row of old) table.drop(row, undo)
            return old.length
          })
      })
    })
  )
}
