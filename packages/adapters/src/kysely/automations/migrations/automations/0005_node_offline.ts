import { type Kysely, sql } from "kysely"

/**
 * Since when a paired companion node has been found offline (null while heard from). The sweep
 * reads the online paired nodes by when they were last heard from, in a partial index of its own.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable("automation_nodes").addColumn("offline_since", "timestamptz").execute()
  await db.schema
    .createIndex("automation_nodes_online_seen_idx")
    .on("automation_nodes")
    .column("last_seen_at")
    .where((eb) => eb.and([eb(sql.ref("status"), "=", "paired"), eb(sql.ref("offline_since"), "is", null)]))
    .execute()
}
