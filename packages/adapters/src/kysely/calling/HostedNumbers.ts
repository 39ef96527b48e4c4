import { type HostedNumber, HostedNumbers } from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"
import type { Kysely } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { CallingTables } from "./Tables.js"

type Db = Kysely<CallingTables>

export const make = (database: KyselyConnection): HostedNumbers["Type"] => {
  const holder = (id: string) =>
    Effect.map(
      query(database, (db: Db) =>
        db.selectFrom("hosted_sip_numbers").select("tenant_id").where("id", "=", id).executeTakeFirst()
      ),
      (row) => Option.fromNullable(row?.tenant_id)
    )
  return HostedNumbers.of({
    assign: (number: HostedNumber) =>
      Effect.flatMap(
        query(database, (db: Db) =>
          db
            .insertInto("hosted_sip_numbers")
            .values({ id: number.id, tenant_id: number.tenantId, assigned_at: number.assignedAt })
            .onConflict((conflict) => conflict.column("id").doNothing())
            .executeTakeFirst()
        ),
        (inserted) =>
          Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0
            ? Effect.succeed(Option.none())
            : Effect.map(holder(number.id), Option.filter((tenantId) => tenantId !== number.tenantId))
      ),
    release: (tenantId, id) =>
      Effect.map(
        query(database, (db: Db) =>
          db.deleteFrom("hosted_sip_numbers").where("tenant_id", "=", tenantId).where("id", "=", id).executeTakeFirst()
        ),
        (deleted) => Number(deleted.numDeletedRows) > 0
      ),
    list: (tenantId) =>
      Effect.map(
        query(database, (db: Db) =>
          db.selectFrom("hosted_sip_numbers").selectAll().where("tenant_id", "=", tenantId).orderBy("id").execute()
        ),
        (rows) => rows.map((row) => ({ tenantId: row.tenant_id, id: row.id, assignedAt: row.assigned_at }))
      ),
    tenantOf: holder
  })
}

export const layer: Layer.Layer<HostedNumbers, never, KyselyDatabase> = Layer.effect(
  HostedNumbers,
  Effect.map(KyselyDatabase, make)
)
