import { Clock, Context, Effect, Layer, Option } from "effect"
import { SecretCrypto, randomUuid } from "../../platform/Crypto.js"
import { type ValidationFailed, invalidField } from "../../platform/Errors.js"
import { type Listed, listPage } from "../../platform/Keyset.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import type { MemoryAudit, MemoryEntry } from "./Governance.js"
import { MemoryAuditRepository, MemoryRepository } from "./GovernanceRepositories.js"

export const MAX_KEY_LENGTH = 200
/** A value's size as JSON. */
export const MAX_VALUE_BYTES = 64 * 1024
export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100

export interface MemoryListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly prefix?: string | undefined
  /** Only the entry with this key: a page of one, or of none. */
  readonly key?: string | undefined
}

export interface MemoryAuditListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly key?: string | undefined
}

const checkKey = (key: string, field = "key") =>
  key.length === 0 || key.length > MAX_KEY_LENGTH || key.includes("\u0000")
    ? Effect.fail(invalidField(field, `must be 1 to ${MAX_KEY_LENGTH} characters without NUL`))
    : Effect.void

/**
 * Key/value memory shared by a tenant's runs and its API callers. Every read and every write
 * leaves an audit row naming who made it (`key:<apiKeyId>` or `run:<runId>`), in the same unit
 * of work as the write.
 */
export class MemoryService extends Context.Tag("@servicekit/core/MemoryService")<
  MemoryService,
  {
    /** The entry under `key` (None when there is none), audited as a read. */
    readonly read: (
      tenantId: string,
      key: string,
      actor: string
    ) => Effect.Effect<Option.Option<MemoryEntry>, ValidationFailed>
    /** Entries newest first (or the one with `key`), each one returned audited as a read. */
    readonly list: (
      tenantId: string,
      query: MemoryListQuery,
      actor: string
    ) => Effect.Effect<Listed<MemoryEntry>, ValidationFailed>
    readonly write: (
      tenantId: string,
      key: string,
      value: unknown,
      actor: string
    ) => Effect.Effect<MemoryEntry, ValidationFailed>
    readonly audit: (
      tenantId: string,
      query: MemoryAuditListQuery
    ) => Effect.Effect<Listed<MemoryAudit>, ValidationFailed>
  }
>() {
  static readonly layer = Layer.effect(
    MemoryService,
    Effect.gen(function* () {
      const entries = yield* MemoryRepository
      const audits = yield* MemoryAuditRepository
      const unit = yield* UnitOfWork
      const crypto = yield* SecretCrypto
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const audited = (tenantId: string, keys: ReadonlyArray<string>, action: MemoryAudit["action"], actor: string) =>
        Effect.flatMap(now, (at) =>
          audits.insertMany(
            keys.map((key) => ({ id: randomUuid(crypto), tenantId, key, action, actor, createdAt: at }))
          )
        )

      const read = (tenantId: string, key: string, actor: string) =>
        Effect.zipRight(
          checkKey(key),
          unit.withTransaction(Effect.tap(entries.find(tenantId, key), () => audited(tenantId, [key], "read", actor)))
        )

      return {
        read,
        list: (tenantId, query, actor) =>
          Effect.gen(function* () {
            if (query.key !== undefined) {
              const found = yield* read(tenantId, query.key, actor)
              return { items: Option.toArray(found), limit: query.limit ?? DEFAULT_PAGE_SIZE, nextCursor: null }
            }
            if (query.prefix !== undefined && query.prefix !== "") yield* checkKey(query.prefix, "prefix")
            return yield* unit.withTransaction(
              Effect.tap(
                listPage(
                  { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
                  (cursor) => entries.findById(tenantId, cursor),
                  (page) => entries.list(tenantId, { ...page, prefix: query.prefix || undefined })
                ),
                (listed) =>
                  audited(
                    tenantId,
                    listed.items.map((entry) => entry.key),
                    "read",
                    actor
                  )
              )
            )
          }),
        write: (tenantId, key, value, actor) =>
          Effect.gen(function* () {
            yield* checkKey(key)
            const json = JSON.stringify(value)
            if (json === undefined) return yield* invalidField("value", "must be JSON")
            // Postgres cannot store NUL inside JSON text, so no storage accepts it.
            if (json.includes("\\u0000")) return yield* invalidField("value", "must not contain NUL characters")
            if (new TextEncoder().encode(json).length > MAX_VALUE_BYTES) {
              return yield* invalidField("value", `must be at most ${MAX_VALUE_BYTES} bytes as JSON`)
            }
            const at = yield* now
            return yield* unit.withTransaction(
              Effect.tap(
                entries.put({ id: randomUuid(crypto), tenantId, key, value, createdAt: at, updatedAt: at }),
                () => audited(tenantId, [key], "write", actor)
              )
            )
          }),
        audit: (tenantId, query) =>
          listPage(
            { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
            (cursor) => audits.find(tenantId, cursor),
            (page) => audits.list(tenantId, { ...page, key: query.key })
          )
      }
    })
  )
}
