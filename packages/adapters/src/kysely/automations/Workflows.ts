import type { Workflow } from "@servicekit/core/automations"
import { WorkflowRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Insertable, type Kysely, type Selectable, sql } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, findManyInTenant, pageInTenant, removeInTenant } from "../Keyset.js"
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
  revision: workflow.revision,
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
  revision: row.revision,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<AutomationWorkflowsTable>, ReturnType<typeof toWorkflow>> = {
  name: "automation_workflows",
  toRecord: toWorkflow
}

/**
 * The tenant's active workflows triggered by one of `types`, oldest first. Its first predicates
 * spell out the partial index's (automation_workflows_event_idx), so that the planner reads that
 * index in order: only the tenant's active event workflows, however many others it has.
 */
export const eventTriggeredQuery = (db: Db, tenantId: string, types: ReadonlyArray<string>) => {
  const namesOne = sql.join(
    types.map((type) => sql`trigger -> 'events' ? ${type}`),
    sql` or `
  )
  return db
    .selectFrom("automation_workflows")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .where(sql<boolean>`active and (trigger ->> 'type') = 'event'`)
    .where(sql<boolean>`(${namesOne})`)
    .orderBy("created_at")
    .orderBy("id")
}

export const make = (database: KyselyConnection): WorkflowRepository["Type"] =>
  WorkflowRepository.of({
    find: (tenantId, id) => findInTenant(database, table, tenantId, id),
    findMany: (keys) => findManyInTenant(database, table, keys),
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

    listChannelTriggered: (tenantId, channelId) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_workflows")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where(
                  sql<boolean>`active and (trigger ->> 'type') = 'channel' and (trigger ->> 'channelId') = ${channelId}`
                )
                .orderBy("created_at")
                .orderBy("id")
                .execute()
            ),
            (rows) => rows.map(toWorkflow)
          )
        : Effect.succeed([]),

    listEventTriggered: (tenantId, types) =>
      isUuid(tenantId) && types.length > 0
        ? Effect.map(
            query(database, (db: Db) => eventTriggeredQuery(db, tenantId, types).execute()),
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

    remove: (tenantId, id) => removeInTenant(database, "automation_workflows", tenantId, id),

    // The tenant's range of automation_workflows_pkey, read up to its first workflow triggered
    // otherwise than by hand: as many rows as the tenant has manual workflows, at most.
    hasAutomaticTrigger: (tenantId) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_workflows")
                .select(sql<number>`1`.as("found"))
                .where("tenant_id", "=", tenantId)
                .where(sql<boolean>`jsonb_typeof(trigger -> 'type') = 'string' and (trigger ->> 'type') <> 'manual'`)
                .limit(1)
                .executeTakeFirst()
            ),
            (row) => row !== undefined
          )
        : Effect.succeed(false)
  })

export const layer: Layer.Layer<WorkflowRepository, never, KyselyDatabase> = Layer.effect(
  WorkflowRepository,
  Effect.map(KyselyDatabase, make)
)
