import { CONVERSATION_ROWS } from "@servicekit/core/internal"
import { Effect } from "effect"
import { type Kysely, sql } from "kysely"
import { query } from "../Connection.js"
import type { KyselyConnection } from "../Database.js"
import { retentionBatch } from "../RetentionBatch.js"

/**
 * One statement: picks the oldest conversations inactive since `before` (skipping any a write holds),
 * deletes what hangs on them and then them, and answers which went. It walks created_at, which
 * never changes (a conversation inactive since `before` was made before it): for one tenant along
 * conversations_tenant_created_idx, for all along conversations_created_idx. An index on updated_at,
 * which every message changes, would end the HOT updates of the busiest write there is.
 */
export const pruneInactive = (
  database: KyselyConnection,
  before: Date,
  limit: number,
  tenantId?: string
): Effect.Effect<ReadonlyArray<{ readonly tenantId: string; readonly id: string }>> => {
  const picked = retentionBatch(database, {
    table: "conversations",
    where: sql`created_at < ${before} and updated_at < ${before}`,
    orderBy: sql`created_at, id`,
    limit,
    tenantId
  })
  if (picked === undefined) return Effect.succeed([])
  const table = (name: string) => sql.id(database.schema, name)
  const children = CONVERSATION_ROWS.map(
    (name) => sql`${sql.id(`${name}_gone`)} as (
      delete from ${table(name)} as c using picked as p
      where c.tenant_id = p.tenant_id and c.conversation_id = p.id
    )`
  )
  return Effect.map(
    query(database, (db: Kysely<unknown>) =>
      sql<{ tenant_id: string; id: string }>`
        with picked as (${picked}), ${sql.join(children, sql`, `)}, conversations_gone as (
          delete from ${table("conversations")} as c using picked as p
          where c.tenant_id = p.tenant_id and c.id = p.id
          returning c.tenant_id, c.id
        )
        select tenant_id, id from conversations_gone
      `.execute(db)
    ),
    (result) => result.rows.map((row) => ({ tenantId: row.tenant_id, id: row.id }))
  )
}
