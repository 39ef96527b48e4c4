import type { MemoryAudit } from "@servicekit/core/automations"
import { MemoryAuditRepository, isUuid } from "@servicekit/core/internal"
import { Array as Arr, Effect, Layer } from "effect"
import { type Insertable, type Kysely, type Selectable, sql } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, olderThan } from "../Keyset.js"
import { pruneRows } from "../RetentionBatch.js"
import type { AutomationMemoryAuditTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

/** Rows a statement inserts at most: six parameters each stay far below Postgres's 65,535. */
const INSERT_CHUNK = 1_000

const toRow = (audit: MemoryAudit): Insertable<AutomationMemoryAuditTable> => ({
  tenant_id: audit.tenantId,
  id: audit.id,
  key: audit.key,
  action: audit.action,
  actor: audit.actor,
  created_at: audit.createdAt
})

const toAudit = (row: Selectable<AutomationMemoryAuditTable>): MemoryAudit => ({
  id: row.id,
  tenantId: row.tenant_id,
  key: row.key,
  action: row.action,
  actor: row.actor,
  createdAt: row.created_at
})

const table: TenantTable<Selectable<AutomationMemoryAuditTable>, MemoryAudit> = {
  name: "automation_memory_audit",
  toRecord: toAudit
}

const insertChunks = async (db: Db, chunks: ReadonlyArray<Array<Insertable<AutomationMemoryAuditTable>>>) => {
  for (const rows of chunks) {
    await db
      .insertInto("automation_memory_audit")
      .values(rows)
      // Stores each row whole under its id, replacing what the id held, as the memory store does.
      .onConflict((conflict) =>
        conflict.columns(["tenant_id", "id"]).doUpdateSet((eb) => ({
          key: eb.ref("excluded.key"),
          action: eb.ref("excluded.action"),
          actor: eb.ref("excluded.actor"),
          created_at: eb.ref("excluded.created_at")
        }))
      )
      .execute()
  }
}

export const make = (database: KyselyConnection): MemoryAuditRepository["Type"] =>
  MemoryAuditRepository.of({
    insertMany: (rows) => {
      if (rows.length === 0) return Effect.void
      const chunks = Arr.chunksOf(rows.map(toRow), INSERT_CHUNK)
      // Several statements run in one transaction, so a batch is stored whole or not at all.
      return query(database, (db: Db) =>
        chunks.length === 1 || db.isTransaction
          ? insertChunks(db, chunks)
          : db.transaction().execute((trx) => insertChunks(trx, chunks))
      )
    },

    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    // A range on automation_memory_audit_tenant_key_created_idx with a key, else on automation_memory_audit_tenant_created_idx.
    list: (tenantId, { after, key, limit }) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_memory_audit")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .$if(key !== undefined, (select) => select.where("key", "=", key!))
                .$if(after !== undefined, (select) => select.where(olderThan(after!)))
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toAudit)
          )
        : Effect.succeed([]),

    // A range of automation_memory_audit_created_idx (automation_memory_audit_tenant_created_idx for one tenant).
    prune: (before, limit, tenantId) =>
      pruneRows(database, {
        table: "automation_memory_audit",
        where: sql`created_at < ${before}`,
        orderBy: sql`created_at`,
        limit,
        tenantId
      })
  })

export const layer: Layer.Layer<MemoryAuditRepository, never, KyselyDatabase> = Layer.effect(
  MemoryAuditRepository,
  Effect.map(KyselyDatabase, make)
)
