import { type Kysely, sql } from "kysely"

/**
 * The jobs' backlog in front of an engine outside the database (BullMQ on Redis): a job waits
 * here, by queue and tenant, until a worker with room releases it to the engine in its tenant's
 * turn (adapters/src/jobs/JobBacklog.ts). It takes over from the job outbox, whose rows move in;
 * that table stays for processes of the previous version still running during an upgrade, whose
 * rows are moved in as they come.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("job_backlog")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("queue", "text", (c) => c.notNull())
    .addColumn("tenant", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("key", "text")
    .addColumn("due_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // The ring of tenants with waiting jobs (one probe per tenant) and each tenant's oldest due ones.
  await db.schema
    .createIndex("job_backlog_turns_idx")
    .on("job_backlog")
    .columns(["queue", "tenant", "due_at", "id"])
    .execute()
  // One waiting job per key.
  await db.schema
    .createIndex("job_backlog_key_idx")
    .on("job_backlog")
    .columns(["queue", "key"])
    .unique()
    .where(sql.ref("key"), "is not", null)
    .execute()
  // Builder statements (not raw SQL), so that the tables are those of ServiceKit's schema.
  await db
    .insertInto("job_backlog")
    .columns(["queue", "tenant", "payload", "key", "due_at", "created_at"])
    .expression(
      db
        .selectFrom("job_outbox")
        .select([
          sql`queue ->> 'name'`.as("queue"),
          sql`coalesce(payload ->> 'tenantId', '')`.as("tenant"),
          "payload",
          "key",
          sql`coalesce(run_at, created_at)`.as("due_at"),
          "created_at"
        ])
        .orderBy("id")
    )
    .onConflict((conflict) => conflict.doNothing())
    .execute()
  await db.deleteFrom("job_outbox").execute()
}
