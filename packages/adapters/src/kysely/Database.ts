import type { Call, Direction, Environment, KeyProduct, Product } from "@servicekit/core"
import { Context } from "effect"
import type { ColumnType, Kysely } from "kysely"

/** Table types of the storage schema (column names as in SQL, see migrations/). */
export interface TenantsTable {
  readonly id: string
  readonly name: string
  readonly entitlements: ReadonlyArray<Product>
  readonly created_at: Date
}

export interface ApiKeysTable {
  readonly id: string
  readonly tenant_id: string
  readonly name: string | null
  readonly product: KeyProduct
  readonly environment: Environment
  readonly prefix: string
  readonly digest: string
  readonly scopes: ReadonlyArray<string>
  readonly expires_at: Date | null
  readonly ip_allowlist: ReadonlyArray<string>
  readonly created_at: Date
  readonly revoked_at: Date | null
}

export interface UsageEntriesTable {
  readonly id: string
  readonly tenant_id: string
  readonly kind: string
  readonly quantity: number
  /** Written as JSON text so that pg and PGlite serialise it the same way. */
  readonly metadata: ColumnType<Record<string, unknown>, string, never>
  readonly occurred_at: Date
}

export interface CallsTable {
  readonly tenant_id: string
  readonly id: string
  readonly from_id: string
  readonly to_id: string
  readonly direction: Direction
  readonly duration_secs: number
  readonly result: Call["result"]
  readonly started_at: Date
  readonly ended_at: Date | null
  readonly call_sid: string | null
  readonly mos_score: number | null
}

export interface Database {
  readonly tenants: TenantsTable
  readonly api_keys: ApiKeysTable
  readonly usage_entries: UsageEntriesTable
  readonly calls: CallsTable
}

/** The migrated Kysely instance behind the storage ports, shared with anything else that needs the database. */
export class KyselyDatabase extends Context.Tag("@servicekit/adapters/KyselyDatabase")<
  KyselyDatabase,
  Kysely<Database>
>() {}

/**
 * Runs SQL that Kysely compiled straight through the driver (pg Pool or PGlite). The
 * hot calls list uses it: Kysely's per-query connection handling cost about 15% of
 * throughput there.
 */
export class SqlRows extends Context.Tag("@servicekit/adapters/SqlRows")<
  SqlRows,
  <Row>(sql: string, parameters: ReadonlyArray<unknown>) => Promise<Array<Row>>
>() {}
