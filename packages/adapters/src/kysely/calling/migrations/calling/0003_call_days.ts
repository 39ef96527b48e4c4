import { type Kysely, sql } from "kysely"

/**
 * Each tenant's calls added up by UTC day, written with the calls themselves: the summary of a
 * window reads whole days here and only its two partial days from the calls. Built from the calls
 * already stored. Like `calls`, no reference to `tenants`: the tenant's deletion removes both. "Answered" is ANSWERED_RESULTS (core/calling/Call.ts) as this migration was written.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema
    .createTable("call_days")
    .addColumn("tenant_id", "uuid", (column) => column.notNull())
    .addColumn("day", "date", (column) => column.notNull())
    .addColumn("calls", "bigint", (column) => column.notNull())
    .addColumn("seconds", "double precision", (column) => column.notNull())
    .addColumn("inbound_offered", "bigint", (column) => column.notNull())
    .addColumn("inbound_answered", "bigint", (column) => column.notNull())
    .addPrimaryKeyConstraint("call_days_pkey", ["tenant_id", "day"])
    .execute()
  const inbound = sql<boolean>`direction = 'inbound'`
  await db
    .insertInto("call_days")
    .columns(["tenant_id", "day", "calls", "seconds", "inbound_offered", "inbound_answered"])
    .expression(
      db
        .selectFrom("calls")
        .select([
          "tenant_id",
          sql`(started_at AT TIME ZONE 'UTC')::date`.as("day"),
          sql`count(*)`.as("calls"),
          sql`sum(duration_secs)`.as("seconds"),
          sql`count(*) FILTER (WHERE ${inbound})`.as("inbound_offered"),
          sql`count(*) FILTER (WHERE ${inbound} AND result IN ('completed', 'answered', 'in-progress', 'in_progress'))`.as(
            "inbound_answered"
          )
        ])
        .groupBy(["tenant_id", sql`2`])
    )
    .execute()
}
