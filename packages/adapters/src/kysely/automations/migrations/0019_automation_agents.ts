import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely"

const required = (column: ColumnDefinitionBuilder) => column.notNull()
const tenant = (column: ColumnDefinitionBuilder) => column.notNull().references("tenants.id")

/**
 * What agents work with: their profiles, sessions with their entries, and channels (an inbound
 * secret is stored sealed by the secret box, never as given). A session is unique by its key (scope, agent,
 * peer), so opening it is one INSERT ... ON CONFLICT; its `next_seq` is where appenders reserve
 * their sequence numbers (the row lock orders them). Entries are unique by sequence number and by
 * source, so an append repeated after a crash stores nothing twice.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("automation_agents")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("name", "text", required)
    .addColumn("instructions", "text", required)
    .addColumn("model", "text")
    .addColumn("tool_profile", "text")
    .addColumn("skills", "jsonb", required)
    .addColumn("route_keys", "jsonb", required)
    .addColumn("is_default", "boolean", required)
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_agents_pkey", ["tenant_id", "id"])
    .addCheckConstraint("automation_agents_skills_check", sql`jsonb_typeof(skills) = 'array'`)
    .addCheckConstraint("automation_agents_route_keys_check", sql`jsonb_typeof(route_keys) = 'array'`)
    .execute()
  await db.schema
    .createIndex("automation_agents_tenant_created_idx")
    .on("automation_agents")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()

  await db.schema
    .createTable("automation_sessions")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("scope", "text", required)
    .addColumn("agent_id", "uuid")
    .addColumn("peer", "text")
    .addColumn("key", "text", required)
    .addColumn("title", "text")
    .addColumn("compacted_through", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("summary_seq", "integer")
    .addColumn("next_seq", "integer", (column) => column.notNull().defaultTo(1))
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_sessions_pkey", ["tenant_id", "id"])
    // findOrCreate's ON CONFLICT names it.
    .addUniqueConstraint("automation_sessions_tenant_key", ["tenant_id", "key"])
    .addCheckConstraint("automation_sessions_scope_check", sql`scope in ('dm', 'group', 'run', 'channel', 'workspace')`)
    .execute()
  await db.schema
    .createIndex("automation_sessions_tenant_created_idx")
    .on("automation_sessions")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()

  await db.schema
    .createTable("automation_session_entries")
    .addColumn("tenant_id", "uuid", required)
    .addColumn("id", "uuid", required)
    .addColumn("session_id", "uuid", required)
    .addColumn("seq", "integer", required)
    .addColumn("role", "text", required)
    .addColumn("content", "text", required)
    .addColumn("tool_call", "jsonb", (column) =>
      column.check(sql`tool_call is null or jsonb_typeof(tool_call) = 'object'`)
    )
    .addColumn("call_seq", "integer")
    .addColumn("covers", "jsonb", (column) => column.check(sql`covers is null or jsonb_typeof(covers) = 'object'`))
    .addColumn("source", "text")
    .addColumn("tokens", "integer", required)
    .addColumn("created_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_session_entries_pkey", ["tenant_id", "id"])
    .addForeignKeyConstraint(
      "automation_session_entries_session_fkey",
      ["tenant_id", "session_id"],
      "automation_sessions",
      ["tenant_id", "id"]
    )
    // Reads go by sequence number; a repeated source is dropped (NULL sources never conflict).
    .addUniqueConstraint("automation_session_entries_seq", ["tenant_id", "session_id", "seq"])
    .addUniqueConstraint("automation_session_entries_source", ["tenant_id", "session_id", "source"])
    .addCheckConstraint("automation_session_entries_role_check", sql`role in ('user', 'assistant', 'tool', 'summary')`)
    .execute()

  await db.schema
    .createTable("automation_channels")
    .addColumn("tenant_id", "uuid", tenant)
    .addColumn("id", "uuid", required)
    .addColumn("name", "text", required)
    .addColumn("type", "text", required)
    .addColumn("config", "jsonb", required)
    .addColumn("inbound_secret", "text")
    .addColumn("created_at", "timestamptz", required)
    .addColumn("updated_at", "timestamptz", required)
    .addPrimaryKeyConstraint("automation_channels_pkey", ["tenant_id", "id"])
    .addCheckConstraint("automation_channels_type_check", sql`type in ('webhook', 'email', 'chat')`)
    .addCheckConstraint("automation_channels_config_check", sql`jsonb_typeof(config) = 'object'`)
    .execute()
  await db.schema
    .createIndex("automation_channels_tenant_created_idx")
    .on("automation_channels")
    .columns(["tenant_id", "created_at desc", "id desc"])
    .execute()
  // Inbound messages find their channel by id alone (the secret says whose it is).
  await db.schema.createIndex("automation_channels_id_idx").on("automation_channels").column("id").execute()
}
