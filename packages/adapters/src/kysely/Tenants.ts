import { type Tenant, TenantRepository } from "@servicekit/core"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { type Database, KyselyDatabase, type TenantsTable } from "./Database.js"
import { findOne, isUuid, query } from "./internal/query.js"

const toTenant = (row: Selectable<TenantsTable>): Tenant => ({
  id: row.id,
  name: row.name,
  entitlements: row.entitlements,
  createdAt: row.created_at
})

export const make = (db: Kysely<Database>): TenantRepository["Type"] =>
  TenantRepository.of({
    insert: (tenant) =>
      Effect.asVoid(
        query(() =>
          db
            .insertInto("tenants")
            .values({ id: tenant.id, name: tenant.name, entitlements: tenant.entitlements, created_at: tenant.createdAt })
            .execute()
        )
      ),
    findById: (id) =>
      isUuid(id)
        ? findOne(() => db.selectFrom("tenants").selectAll().where("id", "=", id).executeTakeFirst(), toTenant)
        : Effect.succeedNone,
    setEntitlements: (id, entitlements) =>
      isUuid(id)
        ? findOne(
            () =>
              db.updateTable("tenants").set({ entitlements }).where("id", "=", id).returningAll().executeTakeFirst(),
            toTenant
          )
        : Effect.succeedNone,
    list: () =>
      Effect.map(
        query(() => db.selectFrom("tenants").selectAll().orderBy("created_at").orderBy("id").execute()),
        (rows) => rows.map(toTenant)
      )
  })

export const layer: Layer.Layer<TenantRepository, never, KyselyDatabase> = Layer.effect(
  TenantRepository,
  Effect.map(KyselyDatabase, make)
)
