import { type Policy, PolicyRepository, isUuid } from "@servicekit/core"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { AutomationPoliciesTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

const toRow = (policy: Policy): Insertable<AutomationPoliciesTable> => ({
  tenant_id: policy.tenantId,
  standing_orders: policy.standingOrders,
  updated_at: policy.updatedAt
})

const toPolicy = (row: Selectable<AutomationPoliciesTable>): Policy => ({
  tenantId: row.tenant_id,
  standingOrders: row.standing_orders,
  updatedAt: row.updated_at
})

export const make = (database: KyselyConnection): PolicyRepository["Type"] =>
  PolicyRepository.of({
    find: (tenantId) =>
      isUuid(tenantId)
        ? findOne(
            database,
            (db: Db) =>
              db.selectFrom("automation_policies").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst(),
            toPolicy
          )
        : Effect.succeedNone,

    // One statement: of two writers, the second waits for the first's row and then replaces it.
    save: (policy) => {
      const { tenant_id: _tenantId, ...columns } = toRow(policy)
      return Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("automation_policies")
            .values(toRow(policy))
            .onConflict((conflict) => conflict.column("tenant_id").doUpdateSet(columns))
            .execute()
        )
      )
    }
  })

export const layer: Layer.Layer<PolicyRepository, never, KyselyDatabase> = Layer.effect(
  PolicyRepository,
  Effect.map(KyselyDatabase, make)
)
