import { CONVERSATION_ROWS } from "@servicekit/core/internal"
import { sql } from "kysely"
import type { KyselyConnection } from "../Database.js"
import { pruneWithRows } from "../RetentionBatch.js"

/**
 * One statement: picks the oldest conversations inactive since `before` (skipping any a write holds),
 * deletes what hangs on them and then them, and answers which went. It walks created_at, which
 * never changes (a conversation inactive since `before` was made before it): for one tenant along
 * conversations_tenant_created_idx, for all along conversations_created_idx. An index on updated_at,
 * which every message changes, would end the HOT updates of the busiest write there is.
 */
export const pruneInactive = (database: KyselyConnection, before: Date, limit: number, tenantId?: string) =>
  pruneWithRows(database, {
    table: "conversations",
    where: sql`created_at < ${before} and updated_at < ${before}`,
    orderBy: sql`created_at, id`,
    limit,
    tenantId,
    hanging: { tables: CONVERSATION_ROWS, column: "conversation_id" }
  })
