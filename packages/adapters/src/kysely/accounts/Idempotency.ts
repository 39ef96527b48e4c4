import { type IdempotencyRecord, IdempotencyStore, isUuid } from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"
import type { Kysely, Selectable } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { AccountsTables, IdempotencyKeysTable } from "./Tables.js"

type Db = Kysely<AccountsTables>

type Claim = Omit<IdempotencyRecord, "response">

interface Released {
  readonly expiredBefore: Date
  readonly abandonedBefore: Date
}

const toRecord = (row: Selectable<IdempotencyKeysTable>): IdempotencyRecord => ({
  tenantId: row.tenant_id,
  scope: row.scope,
  key: row.key,
  fingerprint: row.fingerprint,
  response: row.response,
  createdAt: row.created_at
})

/**
 * Takes the key in one statement: a new row, or the held row replaced when it expired or was
 * abandoned. A concurrent claim waits on the row's primary key and then sees the winner's row.
 */
const takeKey = (db: Db, record: Claim, { abandonedBefore, expiredBefore }: Released) =>
  db
    .insertInto("idempotency_keys")
    .values({
      tenant_id: record.tenantId,
      scope: record.scope,
      key: record.key,
      fingerprint: record.fingerprint,
      response: null,
      created_at: record.createdAt
    })
    .onConflict((conflict) =>
      conflict
        .columns(["tenant_id", "scope", "key"])
        .doUpdateSet({ fingerprint: record.fingerprint, response: null, created_at: record.createdAt })
        .where((eb) =>
          eb.or([
            eb("idempotency_keys.created_at", "<", expiredBefore),
            eb.and([
              eb("idempotency_keys.response", "is", null),
              eb("idempotency_keys.created_at", "<", abandonedBefore)
            ])
          ])
        )
    )
    .returning("tenant_id")
    .executeTakeFirst()

const findHolder = (database: KyselyConnection, { key, scope, tenantId }: Claim) =>
  findOne(
    database,
    (db: Db) =>
      db
        .selectFrom("idempotency_keys")
        .selectAll()
        .where("tenant_id", "=", tenantId)
        .where("scope", "=", scope)
        .where("key", "=", key)
        .executeTakeFirst(),
    toRecord
  )

export const make = (database: KyselyConnection): IdempotencyStore["Type"] => {
  const claim = (record: Claim, released: Released): Effect.Effect<Option.Option<IdempotencyRecord>> =>
    Effect.flatMap(
      query(database, (db: Db) => takeKey(db, record, released)),
      (taken) =>
        taken !== undefined
          ? Effect.succeedNone
          : // The holder may have let the key go since: then claim again.
            Effect.flatMap(findHolder(database, record), (holder) =>
              Option.isSome(holder) ? Effect.succeed(holder) : claim(record, released)
            )
    )
  return IdempotencyStore.of({
    claim,
    // A null response stays SQL null: the record stays pending, as in the memory store.
    complete: (tenantId, scope, key, response) =>
      isUuid(tenantId)
        ? Effect.asVoid(
            query(database, (db: Db) =>
              db
                .updateTable("idempotency_keys")
                .set({ response: response === null || response === undefined ? null : JSON.stringify(response) })
                .where("tenant_id", "=", tenantId)
                .where("scope", "=", scope)
                .where("key", "=", key)
                .execute()
            )
          )
        : Effect.void,
    // A range on idempotency_keys_created_idx.
    sweep: (expiredBefore) =>
      Effect.map(
        query(database, (db: Db) =>
          db.deleteFrom("idempotency_keys").where("created_at", "<", expiredBefore).executeTakeFirst()
        ),
        (result) => Number(result.numDeletedRows)
      ),
    release: (tenantId, scope, key) =>
      isUuid(tenantId)
        ? Effect.asVoid(
            query(database, (db: Db) =>
              db
                .deleteFrom("idempotency_keys")
                .where("tenant_id", "=", tenantId)
                .where("scope", "=", scope)
                .where("key", "=", key)
                .execute()
            )
          )
        : Effect.void
  })
}

export const layer: Layer.Layer<IdempotencyStore, never, KyselyDatabase> = Layer.effect(
  IdempotencyStore,
  Effect.map(KyselyDatabase, make)
)
