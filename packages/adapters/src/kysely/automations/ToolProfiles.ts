import type { ToolProfile } from "@servicekit/core/automations"
import { ToolProfileRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, pageInTenant } from "../Keyset.js"
import type { AutomationToolProfilesTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

const toRow = (profile: ToolProfile): Insertable<AutomationToolProfilesTable> => ({
  tenant_id: profile.tenantId,
  id: profile.id,
  name: profile.name,
  allow: JSON.stringify(profile.allow),
  deny: JSON.stringify(profile.deny),
  require_approval_skills: JSON.stringify(profile.requireApprovalSkills),
  created_at: profile.createdAt,
  updated_at: profile.updatedAt
})

const toProfile = (row: Selectable<AutomationToolProfilesTable>): ToolProfile => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  allow: row.allow,
  deny: row.deny,
  requireApprovalSkills: row.require_approval_skills,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<AutomationToolProfilesTable>, ToolProfile> = {
  name: "automation_tool_profiles",
  toRecord: toProfile
}

export const make = (database: KyselyConnection): ToolProfileRepository["Type"] =>
  ToolProfileRepository.of({
    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    findByName: (tenantId, name) =>
      isUuid(tenantId)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("automation_tool_profiles")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("name", "=", name)
                .executeTakeFirst(),
            toProfile
          )
        : Effect.succeedNone,

    list: (tenantId, page) => pageInTenant(database, table, tenantId, page),

    // One statement on automation_tool_profiles_tenant_name: of two writers of one name, the second
    // waits for the first's row and then updates it, so the name ends with one profile, the first's id.
    upsert: (profile) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .insertInto("automation_tool_profiles")
            .values(toRow(profile))
            .onConflict((conflict) =>
              conflict.columns(["tenant_id", "name"]).doUpdateSet((eb) => ({
                allow: eb.ref("excluded.allow"),
                deny: eb.ref("excluded.deny"),
                require_approval_skills: eb.ref("excluded.require_approval_skills"),
                updated_at: eb.ref("excluded.updated_at")
              }))
            )
            .returningAll()
            .executeTakeFirstOrThrow()
        ),
        toProfile
      )
  })

export const layer: Layer.Layer<ToolProfileRepository, never, KyselyDatabase> = Layer.effect(
  ToolProfileRepository,
  Effect.map(KyselyDatabase, make)
)
