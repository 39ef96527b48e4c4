import type { Agent } from "@servicekit/core/automations"
import { AgentRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, pageInTenant, removeInTenant } from "../Keyset.js"
import type { AutomationAgentsTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

const toRow = (agent: Agent): Insertable<AutomationAgentsTable> => ({
  tenant_id: agent.tenantId,
  id: agent.id,
  name: agent.name,
  instructions: agent.instructions,
  model: agent.model,
  tool_profile: agent.toolProfile,
  skills: JSON.stringify(agent.skills),
  route_keys: JSON.stringify(agent.routeKeys),
  is_default: agent.isDefault,
  created_at: agent.createdAt,
  updated_at: agent.updatedAt
})

const toAgent = (row: Selectable<AutomationAgentsTable>): Agent => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  instructions: row.instructions,
  model: row.model,
  toolProfile: row.tool_profile,
  skills: row.skills,
  routeKeys: row.route_keys,
  isDefault: row.is_default,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<AutomationAgentsTable>, Agent> = { name: "automation_agents", toRecord: toAgent }

export const make = (database: KyselyConnection): AgentRepository["Type"] =>
  AgentRepository.of({
    find: (tenantId, id) => findInTenant(database, table, tenantId, id),
    list: (tenantId, page) => pageInTenant(database, table, tenantId, page),
    // The list index read backwards: oldest first, as routing breaks ties.
    all: (tenantId) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_agents")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .orderBy("created_at", "asc")
                .orderBy("id", "asc")
                .execute()
            ),
            (rows) => rows.map(toAgent)
          )
        : Effect.succeed([]),
    save: (agent) => {
      const { id: _id, tenant_id: _tenantId, ...columns } = toRow(agent)
      return Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("automation_agents")
            .values(toRow(agent))
            .onConflict((conflict) => conflict.columns(["tenant_id", "id"]).doUpdateSet(columns))
            .execute()
        )
      )
    },
    remove: (tenantId, id) => removeInTenant(database, "automation_agents", tenantId, id)
  })

export const layer: Layer.Layer<AgentRepository, never, KyselyDatabase> = Layer.effect(
  AgentRepository,
  Effect.map(KyselyDatabase, make)
)
