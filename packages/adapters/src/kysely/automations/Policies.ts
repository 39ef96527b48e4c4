import type { Policy } from "@servicekit/core/automations"
import { PolicyRepository } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Insertable, Selectable } from "kysely"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { tenantRow } from "../TenantRow.js"
import type { AutomationPoliciesTable } from "./Tables.js"

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
  PolicyRepository.of(tenantRow(database, "automation_policies", toRow, toPolicy))

export const layer: Layer.Layer<PolicyRepository, never, KyselyDatabase> = Layer.effect(
  PolicyRepository,
  Effect.map(KyselyDatabase, make)
)
