import { type ApiKeyRecord, ApiKeyRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { findOne, query, write } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { AccountsTables, ApiKeysTable } from "./Tables.js"

const toRecord = (row: Selectable<ApiKeysTable>): ApiKeyRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  product: row.product,
  environment: row.environment,
  prefix: row.prefix,
  digest: row.digest,
  scopes: row.scopes,
  expiresAt: row.expires_at,
  ipAllowlist: row.ip_allowlist,
  createdAt: row.created_at,
  revokedAt: row.revoked_at
})

type Db = Kysely<AccountsTables>

export const make = (database: KyselyConnection): ApiKeyRepository["Type"] =>
  ApiKeyRepository.of({
    insert: (key) =>
      Effect.asVoid(
        write(database, (db: Db) =>
          db
            .insertInto("api_keys")
            .values({
              id: key.id,
              tenant_id: key.tenantId,
              name: key.name,
              product: key.product,
              environment: key.environment,
              prefix: key.prefix,
              digest: key.digest,
              scopes: key.scopes,
              expires_at: key.expiresAt,
              ip_allowlist: key.ipAllowlist,
              created_at: key.createdAt,
              revoked_at: key.revokedAt
            })
            .execute()
        )
      ),
    findByDigest: (digest) =>
      findOne(
        database,
        (db: Db) => db.selectFrom("api_keys").selectAll().where("digest", "=", digest).executeTakeFirst(),
        toRecord
      ),
    findById: (tenantId, id) =>
      isUuid(tenantId) && isUuid(id)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("api_keys")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .executeTakeFirst(),
            toRecord
          )
        : Effect.succeedNone,
    listByTenant: (tenantId) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("api_keys")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .execute()
            ),
            (rows) => rows.map(toRecord)
          )
        : Effect.succeed([]),
    // coalesce keeps the first revocation time, which makes revoking idempotent.
    revoke: (tenantId, id, at) =>
      isUuid(tenantId) && isUuid(id)
        ? findOne(
            database,
            (db: Db) =>
              db
                .updateTable("api_keys")
                .set((eb) => ({ revoked_at: eb.fn.coalesce("revoked_at", eb.val(at)) }))
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .returningAll()
                .executeTakeFirst(),
            toRecord
          )
        : Effect.succeedNone
  })

export const layer: Layer.Layer<ApiKeyRepository, never, KyselyDatabase> = Layer.effect(
  ApiKeyRepository,
  Effect.map(KyselyDatabase, make)
)
