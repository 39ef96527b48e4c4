import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()
const tenant = (column: ColumnDefinitionBuilder) => column.notNull().references("tenants.id")

/**
 * Skill packs an account publishes (one row per version, never updated: a changed pack is a new
 * version) and the packs it installed, each pinned to a version's content digest.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("automation_skill_packs")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("pack_id", "text", required)
    .addColumn("version", "text", required)
    .addColumn("digest", "text", required)
    .addColumn("summary", "jsonb", required)
    .addColumn("content", "jsonb", required)
    .addColumn("created_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_skill_packs_pkey", ["tenant_id", "pack_id", "version"])
    .execute()
  await db.schema
    .createTable("automation_skill_installs")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("pack_id", "text", required)
    .addColumn("version", "text", required)
    .addColumn("digest", "text", required)
    .addColumn("installed_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_skill_installs_pkey", ["tenant_id", "pack_id"])
    .addCheckConstraint("automation_skill_installs_digest_check", sql`length(digest) = 64`)
    .execute()
}
