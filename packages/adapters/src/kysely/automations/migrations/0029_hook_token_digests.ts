import { type Kysely, sql } from "kysely"

/** The stored `column` with the webhook token at `path` replaced by `{ tokenDigest }` (lowercase hex SHA-256 of its UTF-8). */
const sealAt = (db: Kysely<any>, table: string, column: string, path: string) =>
  db
    .updateTable(table)
    .set({
      [column]: sql`jsonb_set(${sql.ref(column)}, ${`{${path}}`}::text[], jsonb_build_object('tokenDigest',
        encode(sha256(convert_to(${sql.ref(column)} #>> ${`{${path},token}`}::text[], 'UTF8')), 'hex')))`
    })
    .where(sql`jsonb_typeof(${sql.ref(column)} #> ${`{${path},token}`}::text[])`, "=", "string")
    .execute()

/**
 * Webhook trigger tokens are stored as SHA-256 digests (`webhook.tokenDigest`), like API keys: the
 * tokens stored so far are replaced by theirs, in the workflows and in every revision of their flows.
 */
export const up = async (db: Kysely<any>): Promise<void> => {
  await sealAt(db, "automation_workflows", "trigger", "webhook")
  await sealAt(db, "automation_flows", "state", "triggerJson,webhook")
}
