import type { Flow } from "@servicekit/core/automations"
import { FlowRepository } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, pageInTenant } from "../Keyset.js"
import type { AutomationFlowsTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

const toRow = (flow: Flow): Insertable<AutomationFlowsTable> => ({
  tenant_id: flow.tenantId,
  id: flow.id,
  workflow_id: flow.workflowId,
  revision: flow.revision,
  state: JSON.stringify(flow.state),
  created_at: flow.createdAt,
  updated_at: flow.updatedAt
})

const toFlow = (row: Selectable<AutomationFlowsTable>): Flow => ({
  id: row.id,
  tenantId: row.tenant_id,
  workflowId: row.workflow_id,
  revision: row.revision,
  state: row.state,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<AutomationFlowsTable>, ReturnType<typeof toFlow>> = {
  name: "automation_flows",
  toRecord: toFlow
}

export const make = (database: KyselyConnection): FlowRepository["Type"] =>
  FlowRepository.of({
    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    list: (tenantId, page) => pageInTenant(database, table, tenantId, page),

    // Insert and update (a new revision) both store the whole flow under its id.
    save: (flow) => {
      const { id: _id, tenant_id: _tenantId, ...columns } = toRow(flow)
      return Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("automation_flows")
            .values(toRow(flow))
            .onConflict((conflict) => conflict.columns(["tenant_id", "id"]).doUpdateSet(columns))
            .execute()
        )
      )
    }
  })

export const layer: Layer.Layer<FlowRepository, never, KyselyDatabase> = Layer.effect(
  FlowRepository,
  Effect.map(KyselyDatabase, make)
)
