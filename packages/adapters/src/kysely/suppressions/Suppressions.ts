import { type Suppression, SuppressionRepository, isRemovableSuppression as isRemovable, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, olderThan, removeInTenant } from "../Keyset.js"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as suppressionsTable from "./migrations/suppressions/0001_email_suppressions.js"
import type { EmailSuppressionsTable, SuppressionsTables } from "./Tables.js"

type Db = Kysely<SuppressionsTables>

const table: TenantTable<Selectable<EmailSuppressionsTable>, Suppression> = {
  name: "email_suppressions",
  toRecord: (row) => ({
    tenantId: row.tenant_id,
    id: row.id,
    stream: row.stream,
    email: row.email,
    reason: row.reason,
    detail: row.detail,
    messageId: row.message_id,
    createdAt: row.created_at
  })
}

const rowOf = (entry: Suppression): Insertable<EmailSuppressionsTable> => ({
  tenant_id: entry.tenantId,
  id: entry.id,
  stream: entry.stream,
  email: entry.email,
  reason: entry.reason,
  detail: entry.detail,
  // The id a bounce names is checked by then; anything else is not stored against the column's type.
  message_id: entry.messageId !== null && isUuid(entry.messageId) ? entry.messageId : null,
  created_at: entry.createdAt
})

/**
 * One entry per (tenant, stream, address), as the conflict clause may touch a row once: the first,
 * or the first the account may not remove, as the batch's entries would leave it one by one.
 */
const oncePerAddress = (entries: ReadonlyArray<Suppression>): ReadonlyArray<Suppression> => {
  const kept = new Map<string, Suppression>()
  for (const entry of entries) {
    const key = `${entry.tenantId} ${entry.stream} ${entry.email}`
    const held = kept.get(key)
    if (held === undefined) kept.set(key, entry)
    else if (!isRemovable(entry.reason) && isRemovable(held.reason)) {
      kept.set(key, { ...held, reason: entry.reason, detail: entry.detail, messageId: entry.messageId })
    }
  }
  return [...kept.values()]
}

export const make = (database: KyselyConnection): SuppressionRepository["Type"] =>
  SuppressionRepository.of({
    insert: (entry) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .insertInto("email_suppressions")
            .values(rowOf(entry))
            .onConflict((conflict) => conflict.columns(["tenant_id", "stream", "email"]).doNothing())
            .executeTakeFirst()
        ),
        (inserted) => Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0
      ),
    insertMany: (entries) =>
      entries.length === 0
        ? Effect.void
        : Effect.asVoid(
            query(database, (db: Db) =>
              db
                .insertInto("email_suppressions")
                .values(oncePerAddress(entries).map(rowOf))
                // The recipient's own choice outranks what the account may remove.
                .onConflict((conflict) =>
                  conflict
                    .columns(["tenant_id", "stream", "email"])
                    .doUpdateSet((eb) => ({
                      reason: eb.ref("excluded.reason"),
                      detail: eb.ref("excluded.detail"),
                      message_id: eb.ref("excluded.message_id")
                    }))
                    .where((eb) =>
                      eb.and([
                        eb("excluded.reason", "in", ["complaint", "unsubscribe"]),
                        eb("email_suppressions.reason", "in", ["hard_bounce", "manual"])
                      ])
                    )
                )
                .execute()
            )
          ),
    among: (tenantId, stream, emails) =>
      isUuid(tenantId) && emails.length > 0
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("email_suppressions")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("stream", "=", stream)
                .where("email", "in", emails)
                .execute()
            ),
            (rows) => rows.map(table.toRecord)
          )
        : Effect.succeed([]),
    find: (tenantId, id) => findInTenant(database, table, tenantId, id),
    list: (tenantId, filter, { after, limit }) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("email_suppressions")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .$if(filter.stream !== undefined, (select) => select.where("stream", "=", filter.stream!))
                .$if(filter.email !== undefined, (select) => select.where("email", "=", filter.email!))
                .$if(filter.reason !== undefined, (select) => select.where("reason", "=", filter.reason!))
                .$if(after !== undefined, (select) => select.where(olderThan(after!)))
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(table.toRecord)
          )
        : Effect.succeed([]),
    countManual: (tenantId, upTo) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom((select) =>
                  select
                    .selectFrom("email_suppressions")
                    .select("id")
                    .where("tenant_id", "=", tenantId)
                    .where("reason", "=", "manual")
                    .limit(upTo)
                    .as("manual")
                )
                .select((eb) => eb.fn.countAll().as("manual"))
                .executeTakeFirstOrThrow()
            ),
            // pg answers a bigint count as a string.
            (row) => Number(row.manual)
          )
        : Effect.succeed(0),
    remove: (tenantId, id) => removeInTenant(database, "email_suppressions", tenantId, id)
  })

/** The tenants' suppression lists. */
export const suppressionsStorage: KyselyModuleStorage<SuppressionRepository> = {
  dependsOn: ["accounts"],
  migrations: { "suppressions/0001_email_suppressions": suppressionsTable },
  tenantTables: [{ table: "email_suppressions" }],
  layer: Layer.effect(SuppressionRepository, Effect.map(KyselyDatabase, make))
}
