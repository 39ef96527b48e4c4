import { isUuid } from "@servicekit/core/internal"
import { type RawBuilder, sql } from "kysely"
import type { KyselyConnection } from "./Database.js"

/**
 * The keys of one retention batch, as a subquery: the rows of `table` that `where` takes, of
 * `tenantId` alone when given, the first `limit` in `orderBy` (along the index the kind made for
 * it), skipping rows a write holds so that no request waits on the batch and two sweeps take
 * different rows. Undefined when `tenantId` cannot name a tenant.
 */
export const retentionBatch = (
  database: KyselyConnection,
  batch: {
    readonly table: string
    readonly where: RawBuilder<unknown>
    readonly orderBy: RawBuilder<unknown>
    readonly limit: number
    readonly tenantId: string | undefined
  }
): RawBuilder<unknown> | undefined =>
  batch.tenantId !== undefined && !isUuid(batch.tenantId)
    ? undefined
    : sql`
        select tenant_id, id from ${sql.id(database.schema, batch.table)}
        where ${batch.where} ${batch.tenantId === undefined ? sql`` : sql`and tenant_id = ${batch.tenantId}`}
        order by ${batch.orderBy}
        limit ${batch.limit}
        for update skip locked
      `
