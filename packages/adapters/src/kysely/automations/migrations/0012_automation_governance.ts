import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()
const tenant = (column: ColumnDefinitionBuilder) => column.notNull().references("tenants.id")

/**
 * Automations' governance: each tenant's standing orders, its tool profiles (unique by name) and
 * its memory (unique by key) with the audit of every read and write. Upserts by name or key are
 * one INSERT ... ON CONFLICT on those unique constraints. Each list reads an index in its keyset
 * order (newest first), so a page is an index range scan.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  // One row a tenant: its key is the tenant.
  await db.schema
    .createTable("automation_policies")
    .addColumn("tenant_id", "uuid", (column) => tenant(column).primaryKey())
    .addColumn("standing_orders", "text", required)
    .addColumn("updated_at", "timestamptz", required)
    .execute()

  await db.schema
    .createTable("automation_tool_profiles")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("name", "text", required)
    .addColumn("allow", "jsonb", required)
    .addColumn("deny", "jsonb", required)
    .addColumn("require_approval_skills", "jsonb", required)
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_tool_profiles_pkey", ["tenant_id", "id"])
    // upsert's ON CONFLICT names it.
    .addUniqueConstraint("automation_tool_profiles_tenant_name", ["tenant_id", "name"])
    .addCheckConstraint("automation_tool_profiles_allow_check", sql`jsonb_typeof(allow) = 'array'`)
    .addCheckConstraint("automation_tool_profiles_deny_check", sql`jsonb_typeof(deny) = 'array'`)
    .addCheckConstraint(
      "automation_tool_profiles_require_approval_skills_check",
      sql`jsonb_typeof(require_approval_skills) = 'array'`
    )
    .execute()
  await db.schema
    .createIndex("automation_tool_profiles_tenant_created_idx")
    .on("automation_tool_profiles")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()

  // A value is any JSON, JSON's null included (a jsonb value, never SQL's null).
  await db.schema
    .createTable("automation_memory")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("key", "text", required)
    .addColumn("value", "jsonb", required)
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_memory_pkey", ["tenant_id", "id"])
    // put's ON CONFLICT names it.
    .addUniqueConstraint("automation_memory_tenant_key", ["tenant_id", "key"])
    .execute()
  // Every list, a prefix's too (its keys filtered on the way).
  await db.schema
    .createIndex("automation_memory_tenant_created_idx")
    .on("automation_memory")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()

  await db.schema
    .createTable("automation_memory_audit")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("key", "text", required)
    .addColumn("action", "text", required)
    .addColumn("actor", "text", required)
    .addColumn("created_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_memory_audit_pkey", ["tenant_id", "id"])
    .addCheckConstraint("automation_memory_audit_action_check", sql`action in ('read', 'write')`)
    .execute()
  await db.schema
    .createIndex("automation_memory_audit_tenant_created_idx")
    .on("automation_memory_audit")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()
  // One key's audit, newest first.
  await db.schema
    .createIndex("automation_memory_audit_tenant_key_created_idx")
    .on("automation_memory_audit")
    .columns(["tenant_id", "key", "created_at desc", "id desc"])
    .execute()
}
