import { type TenantPeriod, TenantPeriodRepository } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as tenantPeriodsTable from "./migrations/retention/0001_tenant_periods.js"

/** The periods tenants chose (column names as in SQL). */
export interface TenantRetentionPeriodsTable {
  readonly tenant_id: string
  readonly kind: string
  readonly days: number
  readonly updated_at: Date
}

export interface RetentionTables {
  readonly tenant_retention_periods: TenantRetentionPeriodsTable
}

type Db = Kysely<RetentionTables>

const periodOfRow = (row: Selectable<TenantRetentionPeriodsTable>): TenantPeriod => ({
  tenantId: row.tenant_id,
  kind: row.kind,
  days: row.days,
  updatedAt: row.updated_at
})

export const make = (database: KyselyConnection): TenantPeriodRepository["Type"] => ({
  of: (tenantId) =>
    Effect.map(
      query(database, (db: Db) => db.selectFrom("tenant_retention_periods").selectAll().where("tenant_id", "=", tenantId).execute()),
      (rows) => rows.map(periodOfRow)
    ),
  set: ({ days, kind, tenantId, updatedAt }) =>
    Effect.asVoid(
      query(database, (db: Db) =>
        db
          .insertInto("tenant_retention_periods")
          .values({ tenant_id: tenantId, kind, days, updated_at: updatedAt })
          .onConflict((conflict) => conflict.columns(["tenant_id", "kind"]).doUpdateSet({ days, updated_at: updatedAt }))
          .execute()
      )
    ),
  remove: (tenantId, kind) =>
    Effect.asVoid(
      query(database, (db: Db) =>
        db.deleteFrom("tenant_retention_periods").where("tenant_id", "=", tenantId).where("kind", "=", kind).execute()
      )
    ),
  ofKind: (kind, after, limit) =>
    Effect.map(
      query(database, (db: Db) =>
        db
          .selectFrom("tenant_retention_periods")
          .selectAll()
          .where("kind", "=", kind)
          .$if(after !== null, (select) => select.where("tenant_id", ">", after!))
          .orderBy("tenant_id")
          .limit(limit)
          .execute()
      ),
      (rows) => rows.map(periodOfRow)
    )
})

/** The periods tenants chose for their data. */
export const retentionStorage: KyselyModuleStorage<TenantPeriodRepository> = {
  dependsOn: ["accounts"],
  migrations: { "retention/0001_tenant_periods": tenantPeriodsTable },
  tenantTables: [{ table: "tenant_retention_periods" }],
  layer: Layer.effect(TenantPeriodRepository, Effect.map(KyselyDatabase, make))
}
