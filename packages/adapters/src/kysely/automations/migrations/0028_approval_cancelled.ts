import { type Kysely, sql } from "kysely"

/** A cancelled run closes the approval it waited for: approvals may be `cancelled`. */
export const up = async (db: Kysely<any>): Promise<void> => {
  await db.schema.alterTable("automation_approvals").dropConstraint("automation_approvals_status_check").execute()
  await db.schema
    .alterTable("automation_approvals")
    .addCheckConstraint(
      "automation_approvals_status_check",
      sql`status in ('pending', 'approved', 'rejected', 'expired', 'cancelled')`
    )
    .execute()
}
