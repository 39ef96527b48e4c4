import { type Page, type Position, isUuid } from "@servicekit/core/internal"
import { Effect, type Option } from "effect"
import { type Kysely, type RawBuilder, sql } from "kysely"
import { findOne, query } from "./Connection.js"
import type { KyselyConnection } from "./Database.js"

/**
 * The rows after `position` in newest-first order, (created_at, id) descending: a range on the
 * list indexes. An id that is no uuid cannot be stored, yet a position may carry one: it is then
 * compared as text, bytewise, as JavaScript compares ids.
 */
export const olderThan = ({ createdAt, id }: Position): RawBuilder<boolean> => {
  if (isUuid(id)) return sql<boolean>`(created_at, id) < (${createdAt}, ${id})`
  const tiedBefore = sql<boolean>`created_at = ${createdAt} and id::text collate "C" < ${id}`
  return sql<boolean>`(created_at < ${createdAt} or (${tiedBefore}))`
}

/** A table keyed by (tenant_id, id) whose lists run newest first by (created_at, id). */
export interface TenantTable<Row, A> {
  readonly name: string
  readonly toRecord: (row: Row) => A
}

/** The tenant's row with this id; an id or tenant that is no uuid finds nothing, without a query. */
export const findInTenant = <Row, A>(
  database: KyselyConnection,
  table: TenantTable<Row, A>,
  tenantId: string,
  id: string
): Effect.Effect<Option.Option<A>> =>
  isUuid(tenantId) && isUuid(id)
    ? findOne(
        database,
        (db: Kysely<any>) =>
          db
            .selectFrom(table.name)
            .selectAll()
            .where("tenant_id", "=", tenantId)
            .where("id", "=", id)
            .executeTakeFirst() as Promise<Row | undefined>,
        table.toRecord
      )
    : Effect.succeedNone

/** Deletes the tenant's row with this id: whether there was one (an id or tenant that is no uuid finds none). */
export const removeInTenant = (
  database: KyselyConnection,
  tableName: string,
  tenantId: string,
  id: string
): Effect.Effect<boolean> =>
  isUuid(tenantId) && isUuid(id)
    ? Effect.map(
        query(database, (db: Kysely<any>) =>
          db.deleteFrom(tableName).where("tenant_id", "=", tenantId).where("id", "=", id).executeTakeFirst()
        ),
        (result) => result.numDeletedRows > 0n
      )
    : Effect.succeed(false)

/** How many rows the tenant has in the table; a tenant that is no uuid has none, without a query. */
export const countInTenant = (database: KyselyConnection, tableName: string, tenantId: string): Effect.Effect<number> =>
  isUuid(tenantId)
    ? Effect.map(
        query(database, (db: Kysely<any>) =>
          db
            .selectFrom(tableName)
            .select((eb) => eb.fn.countAll().as("count"))
            .where("tenant_id", "=", tenantId)
            .executeTakeFirstOrThrow()
        ),
        // pg answers a bigint count as a string.
        (row) => Number(row.count)
      )
    : Effect.succeed(0)

/**
 * How many of the tenant's rows are `queued`, counting no further than `upTo` (a range of an index
 * that leads with the tenant and the status); a tenant that is no uuid has none, without a query.
 */
export const countQueuedInTenant = (
  database: KyselyConnection,
  tableName: string,
  tenantId: string,
  upTo: number
): Effect.Effect<number> =>
  isUuid(tenantId)
    ? Effect.map(
        query(database, (db: Kysely<any>) =>
          db
            .selectFrom((select) =>
              select
                .selectFrom(tableName)
                .select(sql<number>`1`.as("one"))
                .where("tenant_id", "=", tenantId)
                .where("status", "=", "queued")
                .limit(upTo)
                .as("queued")
            )
            .select((eb) => eb.fn.countAll().as("queued"))
            .executeTakeFirstOrThrow()
        ),
        // pg answers a bigint count as a string.
        (row) => Number(row.queued)
      )
    : Effect.succeed(0)

/**
 * The rows among these (tenant, id) keys, in one statement however many keys, in no set order;
 * keys that are no uuids or find nothing are left out.
 */
export const findManyInTenant = <Row, A>(
  database: KyselyConnection,
  table: TenantTable<Row, A>,
  keys: ReadonlyArray<{ readonly tenantId: string; readonly id: string }>
): Effect.Effect<ReadonlyArray<A>> => {
  const json = keysAsJson(keys)
  if (json === undefined) return Effect.succeed([])
  return Effect.map(
    query(database, (db: Kysely<any>) =>
      sql<Row>`
        select t.* from ${sql.id(database.schema, table.name)} as t
        join jsonb_to_recordset(${json}::jsonb) as k(tenant_id uuid, id uuid)
          on t.tenant_id = k.tenant_id and t.id = k.id
      `.execute(db)
    ),
    (result) => result.rows.map(table.toRecord)
  )
}

/** A page of the tenant's rows, newest first: a range on the table's (tenant_id, created_at desc, id desc) index. */
export const pageInTenant = <Row, A>(
  database: KyselyConnection,
  table: TenantTable<Row, A>,
  tenantId: string,
  { after, limit }: Page
): Effect.Effect<ReadonlyArray<A>> =>
  isUuid(tenantId)
    ? Effect.map(
        query(database, (db: Kysely<any>) =>
          db
            .selectFrom(table.name)
            .selectAll()
            .where("tenant_id", "=", tenantId)
            .$if(after !== undefined, (select) => select.where(olderThan(after!)))
            .orderBy("created_at", "desc")
            .orderBy("id", "desc")
            .limit(limit)
            .execute()
        ),
        (rows) => rows.map((row) => table.toRecord(row as Row))
      )
    : Effect.succeed([])

/**
 * The distinct well-formed (tenant, id) keys as one JSON array of `{ tenant_id, id }`, for
 * `jsonb_to_recordset` (one parameter however many keys); undefined when none is left.
 */
export const keysAsJson = (
  keys: ReadonlyArray<{ readonly tenantId: string; readonly id: string }>
): string | undefined => {
  const wanted = new Map(
    keys.filter((key) => isUuid(key.tenantId) && isUuid(key.id)).map((key) => [`${key.tenantId}/${key.id}`, key])
  )
  return wanted.size === 0
    ? undefined
    : JSON.stringify([...wanted.values()].map(({ id, tenantId }) => ({ tenant_id: tenantId, id })))
}
