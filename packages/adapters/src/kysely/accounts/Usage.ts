import { type UsageEntry, UsageLedger, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { query, write } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { AccountsTables, UsageEntriesTable } from "./Tables.js"

const toEntry = (row: Selectable<UsageEntriesTable>): UsageEntry => ({
  id: row.id,
  tenantId: row.tenant_id,
  kind: row.kind,
  quantity: row.quantity,
  metadata: row.metadata,
  occurredAt: row.occurred_at
})

type Db = Kysely<AccountsTables>

export const make = (database: KyselyConnection): UsageLedger["Type"] =>
  UsageLedger.of({
    append: (entry) =>
      Effect.asVoid(
        write(database, (db: Db) =>
          db
            .insertInto("usage_entries")
            .values({
              id: entry.id,
              tenant_id: entry.tenantId,
              kind: entry.kind,
              quantity: entry.quantity,
              metadata: JSON.stringify(entry.metadata),
              occurred_at: entry.occurredAt
            })
            .execute()
        )
      ),
    list: (tenantId, { kind, since } = {}) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("usage_entries")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .$if(kind !== undefined, (q) => q.where("kind", "=", kind!))
                .$if(since !== undefined, (q) => q.where("occurred_at", ">=", since!))
                .orderBy("occurred_at")
                .orderBy("id")
                .execute()
            ),
            (rows) => rows.map(toEntry)
          )
        : Effect.succeed([])
  })

export const layer: Layer.Layer<UsageLedger, never, KyselyDatabase> = Layer.effect(
  UsageLedger,
  Effect.map(KyselyDatabase, make)
)
