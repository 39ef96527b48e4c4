import { TenantDeletionRepository, type TenantDeletionRecord, isUuid } from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { AccountsTables, TenantDeletionsTable } from "./Tables.js"

type Db = Kysely<AccountsTables>

const toRecord = (row: Selectable<TenantDeletionsTable>): TenantDeletionRecord => ({
  tenantId: row.tenant_id,
  status: row.status,
  requestedAt: row.requested_at,
  finishedAt: row.finished_at,
  deleted: row.deleted
})

const toRow = (record: TenantDeletionRecord) => ({
  tenant_id: record.tenantId,
  status: record.status,
  requested_at: record.requestedAt,
  finished_at: record.finishedAt,
  deleted: JSON.stringify(record.deleted)
})

const find = (database: KyselyConnection, tenantId: string) =>
  isUuid(tenantId)
    ? findOne(
        database,
        (db: Db) => db.selectFrom("tenant_deletions").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst(),
        toRecord
      )
    : Effect.succeedNone

export const make = (database: KyselyConnection): TenantDeletionRepository["Type"] => ({
  // Of two requests at once, the second finds the first's row.
  start: (record) =>
    Effect.zipRight(
      query(database, (db: Db) =>
        db
          .insertInto("tenant_deletions")
          .values(toRow(record))
          .onConflict((conflict) => conflict.column("tenant_id").doNothing())
          .execute()
      ),
      Effect.map(find(database, record.tenantId), Option.getOrElse(() => record))
    ),
  find: (tenantId) => find(database, tenantId),
  // One statement adds to the count where it stands, so concurrent deleters' batches all count.
  count: (tenantId, kind, rows) =>
    isUuid(tenantId)
      ? Effect.asVoid(
          query(database, (db: Db) =>
            db
              .updateTable("tenant_deletions")
              .set({
                deleted: sql`jsonb_set(deleted, ARRAY[${kind}::text],
                  to_jsonb(COALESCE((deleted ->> ${kind}::text)::int, 0) + ${rows}::int))`
              })
              .where("tenant_id", "=", tenantId)
              .execute()
          )
        )
      : Effect.void,
  finish: (tenantId, at) =>
    isUuid(tenantId)
      ? Effect.asVoid(
          query(database, (db: Db) =>
            db
              .updateTable("tenant_deletions")
              .set({ status: "deleted", finished_at: at })
              .where("tenant_id", "=", tenantId)
              .execute()
          )
        )
      : Effect.void,
  unfinished: (limit) =>
    Effect.map(
      query(database, (db: Db) =>
        db
          .selectFrom("tenant_deletions")
          .selectAll()
          .where("status", "=", "deleting")
          .orderBy("requested_at")
          .limit(limit)
          .execute()
      ),
      (rows) => rows.map(toRecord)
    )
})

export const layer: Layer.Layer<TenantDeletionRepository, never, KyselyDatabase> = Layer.effect(
  TenantDeletionRepository,
  Effect.map(KyselyDatabase, make)
)
