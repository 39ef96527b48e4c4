import { Context, Effect, Layer, Option } from "effect"
import { tenantRowsOf } from "./MemoryTable.js"
import { TenantRepository } from "./Tenants.js"
import { MemoryDatabase, UniqueViolation } from "./UnitOfWork.js"
import type { Environment, Product } from "./Products.js"

/** Caps of a key's lists, whoever creates it (docs/operations.md lists every cap). */
export const MAX_SCOPES = 50
export const MAX_IP_ALLOWLIST = 100
/** The longest IPv6 CIDR range is 43 characters. */
export const MAX_IP_ENTRY_LENGTH = 64

/** A stored API key: only the SHA-256 digest of the plaintext is kept. */
export interface ApiKeyRecord {
  readonly id: string
  readonly tenantId: string
  readonly name: string | null
  readonly product: Product
  readonly environment: Environment
  readonly prefix: string
  readonly digest: string
  readonly scopes: ReadonlyArray<string>
  readonly expiresAt: Date | null
  readonly ipAllowlist: ReadonlyArray<string>
  readonly createdAt: Date
  readonly revokedAt: Date | null
}

export class ApiKeyRepository extends Context.Tag("@servicekit/core/ApiKeyRepository")<
  ApiKeyRepository,
  {
    /** Fails with UniqueViolation `api_keys_pkey` or `api_keys_digest_key`; a key of an unknown tenant is a defect. */
    readonly insert: (key: ApiKeyRecord) => Effect.Effect<void, UniqueViolation>
    /** Looks a key up by digest across tenants: the key itself names its tenant. */
    readonly findByDigest: (digest: string) => Effect.Effect<Option.Option<ApiKeyRecord>>
    readonly findById: (tenantId: string, id: string) => Effect.Effect<Option.Option<ApiKeyRecord>>
    /** A tenant's keys, newest first. */
    readonly listByTenant: (tenantId: string) => Effect.Effect<ReadonlyArray<ApiKeyRecord>>
    /** Marks a key revoked (idempotent: the first revocation time stays); none when absent. */
    readonly revoke: (tenantId: string, id: string, at: Date) => Effect.Effect<Option.Option<ApiKeyRecord>>
  }
>() {
  /** In memory; keys reference their tenant, as the database's foreign key does. */
  static readonly layerMemory: Layer.Layer<ApiKeyRepository, never, TenantRepository | MemoryDatabase> = Layer.effect(
    ApiKeyRepository,
    Effect.gen(function* () {
      const tenants = yield* TenantRepository
      const db = yield* MemoryDatabase
      const rows = new Map<string, ApiKeyRecord>()
      const byDigest = new Map<string, string>()
      // The digest index goes with its keys, or a digest would stay taken.
      db.holdsTenantRows(
        "api_keys",
        tenantRowsOf(rows, (key) => key.tenantId, (key, undo) => {
          byDigest.delete(key.digest)
          undo(() => byDigest.set(key.digest, key.id))
        })
      )
      return {
        insert: (key) =>
          Effect.flatMap(tenants.findById(key.tenantId), (tenant) =>
            db.attempt((undo) => {
              if (rows.has(key.id)) return Effect.fail(new UniqueViolation({ constraint: "api_keys_pkey" }))
              if (byDigest.has(key.digest))
                return Effect.fail(new UniqueViolation({ constraint: "api_keys_digest_key" }))
              if (Option.isNone(tenant)) return Effect.die(new Error("api key of an unknown tenant"))
              rows.set(key.id, key)
              byDigest.set(key.digest, key.id)
              undo(() => {
                rows.delete(key.id)
                byDigest.delete(key.digest)
              })
              return Effect.void
            })
          ),
        findByDigest: (digest) => db.run(() => Option.fromNullable(rows.get(byDigest.get(digest) ?? ""))),
        findById: (tenantId, id) =>
          db.run(() => Option.fromNullable(rows.get(id)).pipe(Option.filter((k) => k.tenantId === tenantId))),
        listByTenant: (tenantId) =>
          db.run(() =>
            [...rows.values()]
              .filter((k) => k.tenantId === tenantId)
              .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0))
          ),
        revoke: (tenantId, id, at) =>
          db.run((undo) => {
            const key = rows.get(id)
            if (key === undefined || key.tenantId !== tenantId) return Option.none()
            if (key.revokedAt !== null) return Option.some(key)
            const revoked = { ...key, revokedAt: at }
            rows.set(id, revoked)
            undo(() => rows.set(id, key))
            return Option.some(revoked)
          })
      }
    })
  )
}
