import {
  MAX_LISTED_STANDINGS,
  type ReputationStanding,
  ReputationRepository,
  isUuid
} from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as reputationTables from "./migrations/mailreputation/0001_mail_reputation.js"
import * as restartsTable from "./migrations/mailreputation/0002_restarts.js"
import type { MailReputationStandingsTable, MailReputationTables } from "./Tables.js"

type Db = Kysely<MailReputationTables>

const standingOf = (row: Selectable<MailReputationStandingsTable>): ReputationStanding => ({
  tenantId: row.tenant_id,
  status: row.status,
  cause: row.cause,
  totals: { sent: row.sent, bounced: row.bounced, complained: row.complained },
  since: row.since
})

const rowOf = (standing: ReputationStanding): MailReputationStandingsTable => ({
  tenant_id: standing.tenantId,
  status: standing.status,
  cause: standing.cause,
  ...standing.totals,
  since: standing.since
})

export const make = (database: KyselyConnection): ReputationRepository["Type"] =>
  ReputationRepository.of({
    add: (tallies) =>
      tallies.length === 0
        ? Effect.void
        : Effect.asVoid(
            query(database, (db: Db) =>
              db
                .insertInto("mail_reputation_hours")
                .values(tallies.map(({ bounced, complained, hour, sent, tenantId }) => ({ tenant_id: tenantId, hour, sent, bounced, complained })))
                .onConflict((conflict) =>
                  conflict.columns(["tenant_id", "hour"]).doUpdateSet((eb) => ({
                    sent: eb("mail_reputation_hours.sent", "+", eb.ref("excluded.sent")),
                    bounced: eb("mail_reputation_hours.bounced", "+", eb.ref("excluded.bounced")),
                    complained: eb("mail_reputation_hours.complained", "+", eb.ref("excluded.complained"))
                  }))
                )
                .execute()
            )
          ),
    totals: (tenantId, since) =>
      !isUuid(tenantId)
        ? Effect.succeed({ sent: 0, bounced: 0, complained: 0 })
        : Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("mail_reputation_hours")
                .select([
                  sql<string>`coalesce(sum(sent), 0)`.as("sent"),
                  sql<string>`coalesce(sum(bounced), 0)`.as("bounced"),
                  sql<string>`coalesce(sum(complained), 0)`.as("complained")
                ])
                .where("tenant_id", "=", tenantId)
                .where("hour", ">=", since)
                .executeTakeFirstOrThrow()
            ),
            // pg answers a bigint sum as a string.
            (row) => ({ sent: Number(row.sent), bounced: Number(row.bounced), complained: Number(row.complained) })
          ),
    standing: (tenantId) =>
      !isUuid(tenantId)
        ? Effect.succeed(Option.none())
        : Effect.map(
            query(database, (db: Db) =>
              db.selectFrom("mail_reputation_standings").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst()
            ),
            (row) => Option.map(Option.fromNullable(row), standingOf)
          ),
    changeStanding: (standing, from) =>
      from === undefined
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .insertInto("mail_reputation_standings")
                .values(rowOf(standing))
                .onConflict((conflict) => conflict.column("tenant_id").doNothing())
                .executeTakeFirst()
            ),
            (inserted) => Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0
          )
        : Effect.map(
            query(database, (db: Db) =>
              db
                .updateTable("mail_reputation_standings")
                .set(rowOf(standing))
                .where("tenant_id", "=", standing.tenantId)
                .where("status", "=", from)
                .executeTakeFirst()
            ),
            (updated) => Number(updated.numUpdatedRows) > 0
          ),
    clearStanding: (tenantId, from) =>
      !isUuid(tenantId)
        ? Effect.succeed(false)
        : Effect.map(
            query(database, (db: Db) =>
              db
                .deleteFrom("mail_reputation_standings")
                .where("tenant_id", "=", tenantId)
                .where("status", "=", from)
                .executeTakeFirst()
            ),
            (deleted) => Number(deleted.numDeletedRows) > 0
          ),
    restart: (tenantId, at) =>
      !isUuid(tenantId)
        ? Effect.void
        : Effect.asVoid(
            query(database, async (db: Db) => {
              await db.deleteFrom("mail_reputation_hours").where("tenant_id", "=", tenantId).execute()
              await db
                .insertInto("mail_reputation_restarts")
                .values({ tenant_id: tenantId, counted_from: at })
                .onConflict((conflict) => conflict.column("tenant_id").doUpdateSet({ counted_from: at }))
                .execute()
            })
          ),
    countedFrom: (tenantId) =>
      !isUuid(tenantId)
        ? Effect.succeed(Option.none())
        : Effect.map(
            query(database, (db: Db) =>
              db.selectFrom("mail_reputation_restarts").select("counted_from").where("tenant_id", "=", tenantId).executeTakeFirst()
            ),
            (row) => Option.fromNullable(row?.counted_from)
          ),
    listStandings: (status) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .selectFrom("mail_reputation_standings")
            .selectAll()
            .$if(status !== undefined, (select) => select.where("status", "=", status!))
            .orderBy("since", "desc")
            .orderBy("tenant_id")
            .limit(MAX_LISTED_STANDINGS)
            .execute()
        ),
        (rows) => rows.map(standingOf)
      ),
    prune: (before) =>
      Effect.map(
        query(database, (db: Db) => db.deleteFrom("mail_reputation_hours").where("hour", "<", before).executeTakeFirst()),
        (deleted) => Number(deleted.numDeletedRows)
      )
  })

/** The tenants' sending counts and standings. */
export const mailReputationStorage: KyselyModuleStorage<ReputationRepository> = {
  dependsOn: ["accounts"],
  migrations: {
    "mailreputation/0001_mail_reputation": reputationTables,
    "mailreputation/0002_restarts": restartsTable
  },
  tenantTables: [{ table: "mail_reputation_hours" }, { table: "mail_reputation_standings" }, { table: "mail_reputation_restarts" }],
  layer: Layer.effect(ReputationRepository, Effect.map(KyselyDatabase, make))
}
