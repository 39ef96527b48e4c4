import {
  REMOVABLE_SUPPRESSION_REASONS,
  type SoftBounceCount,
  type StreamAddress,
  type Suppression,
  SuppressionRepository,
  isRemovableSuppression as isRemovable,
  isUuid
} from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, olderThan, removeInTenant } from "../Keyset.js"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as suppressionsTable from "./migrations/suppressions/0001_email_suppressions.js"
import * as softBouncesTable from "./migrations/suppressions/0002_email_soft_bounces.js"
import * as softBouncesByAge from "./migrations/suppressions/0003_soft_bounces_by_age.js"
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

/** One count per address, of the times the batch names it: the conflict clause may touch a row once. */
const countedOnce = (bounces: ReadonlyArray<StreamAddress>): ReadonlyArray<SoftBounceCount> => {
  const counted = new Map<string, SoftBounceCount>()
  for (const { email, stream, tenantId } of bounces) {
    const key = `${tenantId} ${stream} ${email}`
    counted.set(key, { tenantId, stream, email, count: (counted.get(key)?.count ?? 0) + 1 })
  }
  // In one order everywhere: two writers counting the same addresses take their rows in turn.
  return [...counted.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, count]) => count)
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
                        eb("email_suppressions.reason", "in", REMOVABLE_SUPPRESSION_REASONS)
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
    remove: (tenantId, id) => removeInTenant(database, "email_suppressions", tenantId, id),
    countSoftBounces: (bounces, at, restartBefore) =>
      bounces.length === 0
        ? Effect.succeed([])
        : Effect.map(
            query(database, (db: Db) =>
              db
                .insertInto("email_soft_bounces")
                .values(
                  countedOnce(bounces).map(({ count, email, stream, tenantId }) => ({
                    tenant_id: tenantId,
                    stream,
                    email,
                    count,
                    first_at: at,
                    last_at: at
                  }))
                )
                // A count begun before the window starts over with this batch's bounces.
                .onConflict((conflict) =>
                  conflict.columns(["tenant_id", "stream", "email"]).doUpdateSet((eb) => {
                    const stale = eb("email_soft_bounces.first_at", "<", restartBefore)
                    return {
                      count: eb
                        .case()
                        .when(stale)
                        .then(eb.ref("excluded.count"))
                        .else(eb("email_soft_bounces.count", "+", eb.ref("excluded.count")))
                        .end(),
                      first_at: eb.case().when(stale).then(eb.ref("excluded.first_at")).else(eb.ref("email_soft_bounces.first_at")).end(),
                      last_at: eb.ref("excluded.last_at")
                    }
                  })
                )
                .returning(["tenant_id", "stream", "email", "count"])
                .execute()
            ),
            (rows) => rows.map((row) => ({ tenantId: row.tenant_id, stream: row.stream, email: row.email, count: row.count }))
          ),
    clearSoftBounces: (addresses) =>
      addresses.length === 0
        ? Effect.void
        : Effect.asVoid(
            query(database, (db: Db) =>
              db
                .deleteFrom("email_soft_bounces")
                .where((eb) =>
                  eb(
                    eb.refTuple("tenant_id", "stream", "email"),
                    "in",
                    addresses.map(({ email, stream, tenantId }) => eb.tuple(tenantId, stream, email))
                  )
                )
                .execute()
            )
          ),
    pruneSoftBounces: (before) =>
      Effect.map(
        query(database, (db: Db) => db.deleteFrom("email_soft_bounces").where("first_at", "<", before).executeTakeFirst()),
        (deleted) => Number(deleted.numDeletedRows)
      )
  })

/** The tenants' suppression lists. */
export const suppressionsStorage: KyselyModuleStorage<SuppressionRepository> = {
  dependsOn: ["accounts"],
  migrations: {
    "suppressions/0001_email_suppressions": suppressionsTable,
    "suppressions/0002_email_soft_bounces": softBouncesTable,
    "suppressions/0003_soft_bounces_by_age": softBouncesByAge
  },
  tenantTables: [{ table: "email_suppressions" }, { table: "email_soft_bounces" }],
  layer: Layer.effect(SuppressionRepository, Effect.map(KyselyDatabase, make))
}
