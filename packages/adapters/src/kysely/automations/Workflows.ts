import { type Workflow, WorkflowRepository, isUuid } from "@servicekit/core"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, pageInTenant } from "../Keyset.js"
import type { AutomationWorkflowsTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

const toRow = (workflow: Workflow): Insertable<AutomationWorkflowsTable> => ({
  tenant_id: workflow.tenantId,
  id: workflow.id,
  name: workflow.name,
  active: workflow.active,
  trigger: JSON.stringify(workflow.trigger),
  steps: JSON.stringify(workflow.steps),
  flow_id: workflow.flowId,
  created_at: workflow.createdAt,
  updated_at: workflow.updatedAt
})

const toWorkflow = (row: Selectable<AutomationWorkflowsTable>): Workflow => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  active: row.active,
  trigger: row.trigger,
  steps: row.steps,
  flowId: row.flow_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<AutomationWorkflowsTable>, ReturnType<typeof toWorkflow>> = {
  name: "automation_workflows",
  toRecord: toWorkflow
}

export const make = (database: KyselyConnection): WorkflowRepository["Type"] =>
  WorkflowRepository.of({
    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    list: (tenantId, page) => pageInTenant(database, table, tenantId, page),

    findEverywhere: (id) =>
      isUuid(id)
        ? Effect.map(
            query(database, (db: Db) =>
              db.selectFrom("automation_workflows").selectAll().where("id", "=", id).orderBy("tenant_id").execute()
            ),
            (rows) => rows.map(toWorkflow)
          )
        : Effect.succeed([]),

    // Insert and update both store the whole workflow under its id.
    save: (workflow) => {
      const { id: _id, tenant_id: _tenantId, ...columns } = toRow(workflow)
      return Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("automation_workflows")
            .values(toRow(workflow))
            .onConflict((conflict) => conflict.columns(["tenant_id", "id"]).doUpdateSet(columns))
            .execute()
        )
      )
    },

    remove: (tenantId, id) =>
      isUuid(tenantId) && isUuid(id)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .deleteFrom("automation_workflows")
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .executeTakeFirst()
            ),
            (result) => result.numDeletedRows > 0n
          )
        : Effect.succeed(false)
  })

export const layer: Layer.Layer<WorkflowRepository, never, KyselyDatabase> = Layer.effect(
  WorkflowRepository,
  Effect.map(KyselyDatabase, make)
)
