import { type Tenant } from "@servicekit/core"
import { TenantRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { findOne, query, write } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { AccountsTables, TenantsTable } from "./Tables.js"

const toTenant = (row: Selectable<TenantsTable>): Tenant => ({
  id: row.id,
  name: row.name,
  entitlements: row.entitlements,
  weight: row.weight,
  maxRunningRuns: row.max_running_runs,
  createdAt: row.created_at
})

type Db = Kysely<AccountsTables>

const findById = (database: KyselyConnection, id: string) =>
  isUuid(id)
    ? findOne(
        database,
        (db: Db) => db.selectFrom("tenants").selectAll().where("id", "=", id).executeTakeFirst(),
        toTenant
      )
    : Effect.succeedNone

export const make = (database: KyselyConnection): TenantRepository["Type"] =>
  TenantRepository.of({
    insert: (tenant) =>
      Effect.asVoid(
        write(database, (db: Db) =>
          db
            .insertInto("tenants")
            .values({
              id: tenant.id,
              name: tenant.name,
              entitlements: tenant.entitlements,
              weight: tenant.weight,
              max_running_runs: tenant.maxRunningRuns,
              created_at: tenant.createdAt
            })
            .execute()
        )
      ),
    findById: (id) => findById(database, id),
    update: (id, { entitlements, maxRunningRuns, name, weight }) =>
      !isUuid(id)
        ? Effect.succeedNone
        : name === undefined && entitlements === undefined && weight === undefined && maxRunningRuns === undefined
          ? findById(database, id)
          : findOne(
              database,
              (db: Db) =>
                db
                  .updateTable("tenants")
                  .set({
                    ...(name === undefined ? {} : { name }),
                    ...(entitlements === undefined ? {} : { entitlements }),
                    ...(weight === undefined ? {} : { weight }),
                    ...(maxRunningRuns === undefined ? {} : { max_running_runs: maxRunningRuns })
                  })
                  .where("id", "=", id)
                  .returningAll()
                  .executeTakeFirst(),
              toTenant
            ),
    list: () =>
      Effect.map(
        query(database, (db: Db) => db.selectFrom("tenants").selectAll().orderBy("created_at").orderBy("id").execute()),
        (rows) => rows.map(toTenant)
      )
  })

export const layer: Layer.Layer<TenantRepository, never, KyselyDatabase> = Layer.effect(
  TenantRepository,
  Effect.map(KyselyDatabase, make)
)
