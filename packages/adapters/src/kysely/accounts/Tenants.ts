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
  suspension: row.suspended_at === null ? null : { at: row.suspended_at, reason: row.suspended_reason },
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
              suspended_at: tenant.suspension?.at ?? null,
              suspended_reason: tenant.suspension?.reason ?? null,
              created_at: tenant.createdAt
            })
            .execute()
        )
      ),
    findById: (id) => findById(database, id),
    update: (id, { entitlements, maxRunningRuns, name, suspension, weight }) =>
      !isUuid(id)
        ? Effect.succeedNone
        : name === undefined &&
            entitlements === undefined &&
            weight === undefined &&
            maxRunningRuns === undefined &&
            suspension === undefined
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
                    ...(maxRunningRuns === undefined ? {} : { max_running_runs: maxRunningRuns }),
                    ...(suspension === undefined
                      ? {}
                      : { suspended_at: suspension?.at ?? null, suspended_reason: suspension?.reason ?? null })
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
      ),
    remove: (id) =>
      isUuid(id)
        ? Effect.map(
            query(database, (db: Db) => db.deleteFrom("tenants").where("id", "=", id).executeTakeFirst()),
            (result) => result.numDeletedRows > 0n
          )
        : Effect.succeed(false)
  })

export const layer: Layer.Layer<TenantRepository, never, KyselyDatabase> = Layer.effect(
  TenantRepository,
  Effect.map(KyselyDatabase, make)
)
