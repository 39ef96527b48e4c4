import type { MemoryEntry } from "@servicekit/core/automations"
import { MemoryRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Insertable, type Kysely, type Selectable, sql } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, olderThan } from "../Keyset.js"
import type { AutomationMemoryTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

const toRow = (entry: MemoryEntry): Insertable<AutomationMemoryTable> => ({
  tenant_id: entry.tenantId,
  id: entry.id,
  key: entry.key,
  // Always JSON text, so a bare string is stored as a JSON string. JSON has no undefined: it is stored as null.
  value: JSON.stringify(entry.value === undefined ? null : entry.value),
  created_at: entry.createdAt,
  updated_at: entry.updatedAt
})

const toEntry = (row: Selectable<AutomationMemoryTable>): MemoryEntry => ({
  id: row.id,
  tenantId: row.tenant_id,
  key: row.key,
  value: row.value,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<AutomationMemoryTable>, MemoryEntry> = {
  name: "automation_memory",
  toRecord: toEntry
}

/** A LIKE pattern matching the keys that start with `prefix`, its `%`, `_` and `\` taken literally. */
const startsWith = (prefix: string) => `${prefix.replace(/[\\%_]/g, (special) => `\\${special}`)}%`

export const make = (database: KyselyConnection): MemoryRepository["Type"] =>
  MemoryRepository.of({
    // The unique constraint automation_memory_tenant_key's index.
    find: (tenantId, key) =>
      isUuid(tenantId)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("automation_memory")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("key", "=", key)
                .executeTakeFirst(),
            toEntry
          )
        : Effect.succeedNone,

    findById: (tenantId, id) => findInTenant(database, table, tenantId, id),

    // A range on automation_memory_tenant_created_idx, a prefix's keys filtered on the way.
    list: (tenantId, { after, limit, prefix }) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_memory")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .$if(prefix !== undefined, (select) =>
                  select.where(sql<boolean>`key like ${startsWith(prefix!)} escape '\\'`)
                )
                .$if(after !== undefined, (select) => select.where(olderThan(after!)))
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toEntry)
          )
        : Effect.succeed([]),

    // One statement on automation_memory_tenant_key: of two writers of one key, the second waits for
    // the first's row and then updates it, so the key ends with one entry, the first's id.
    put: (entry) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .insertInto("automation_memory")
            .values(toRow(entry))
            .onConflict((conflict) =>
              conflict.columns(["tenant_id", "key"]).doUpdateSet((eb) => ({
                value: eb.ref("excluded.value"),
                updated_at: eb.ref("excluded.updated_at")
              }))
            )
            .returningAll()
            .executeTakeFirstOrThrow()
        ),
        toEntry
      )
  })

export const layer: Layer.Layer<MemoryRepository, never, KyselyDatabase> = Layer.effect(
  MemoryRepository,
  Effect.map(KyselyDatabase, make)
)
