import { Context, Effect, Layer, type Option } from "effect"
import { memoryTable } from "../platform/MemoryTable.js"
import type { FileRef } from "./ChatFiles.js"
import { MemoryDatabase, UniqueViolation } from "../platform/UnitOfWork.js"

/** A reply the team keeps ready: agents insert it by its shortcut (`/refund`) and send it as their own. */
export interface CannedResponse {
  readonly id: string
  readonly tenantId: string
  readonly name: string
  /** Unique per tenant: lowercase letters, digits, `_` and `-`, what follows the `/`. */
  readonly shortcut: string
  readonly content: string
  /** Library files sent with it. */
  readonly files: ReadonlyArray<FileRef>
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** Canned responses a tenant may keep: a library, listed whole. */
export const MAX_CANNED_RESPONSES = 500
export const MAX_CANNED_NAME_LENGTH = 100
export const SHORTCUT = /^[a-z0-9][a-z0-9_-]{0,31}$/
export const SHORTCUT_RULE = "1 to 32 lowercase letters, digits, `_` or `-`, starting with a letter or digit"
/** The constraint a shortcut the tenant already uses breaks, in every storage. */
export const SHORTCUT_TAKEN = "chat_canned_responses_tenant_shortcut_key"

export class CannedResponseRepository extends Context.Tag("@servicekit/core/CannedResponseRepository")<
  CannedResponseRepository,
  {
    /** Stores it under its id, new or replacing; fails with UniqueViolation SHORTCUT_TAKEN when another has its shortcut. */
    readonly save: (response: CannedResponse) => Effect.Effect<void, UniqueViolation>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<CannedResponse>>
    /** The tenant's, by shortcut, at most `limit`. */
    readonly list: (tenantId: string, limit: number) => Effect.Effect<ReadonlyArray<CannedResponse>>
    readonly count: (tenantId: string) => Effect.Effect<number>
    /** Whether there was one to remove. */
    readonly remove: (tenantId: string, id: string) => Effect.Effect<boolean>
  }
>() {
  static readonly layerMemory: Layer.Layer<CannedResponseRepository, never, MemoryDatabase> = Layer.effect(
    CannedResponseRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<CannedResponse>(db, "chat_canned_responses")
      const ofTenant = (tenantId: string) => [...table.rows()].filter((row) => row.tenantId === tenantId)
      return CannedResponseRepository.of({
        save: (response) =>
          db.attempt((undo) => {
            const taken = ofTenant(response.tenantId).some(
              (row) => row.shortcut === response.shortcut && row.id !== response.id
            )
            if (taken) return Effect.fail(new UniqueViolation({ constraint: SHORTCUT_TAKEN }))
            table.put(response, undo)
            return Effect.void
          }),
        find: table.find,
        list: (tenantId, limit) =>
          db.run(() =>
            ofTenant(tenantId)
              .sort((a, b) => (a.shortcut < b.shortcut ? -1 : a.shortcut > b.shortcut ? 1 : 0))
              .slice(0, limit)
          ),
        count: (tenantId) => db.run(() => ofTenant(tenantId).length),
        remove: table.remove
      })
    })
  )
}
