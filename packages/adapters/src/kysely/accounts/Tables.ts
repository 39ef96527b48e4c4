import type { Environment } from "@servicekit/core"
import type { ColumnType } from "kysely"

/** Tables of the accounts module (column names as in SQL, see migrations/). */
export interface TenantsTable {
  readonly id: string
  readonly name: string
  // Products of the kit's catalog, built-in or added.
  readonly entitlements: ReadonlyArray<string>
  readonly weight: ColumnType<number, number | undefined, number>
  readonly max_running_runs: ColumnType<number | null, number | null | undefined, number | null>
  readonly suspended_at: ColumnType<Date | null, Date | null | undefined, Date | null>
  readonly suspended_reason: ColumnType<string | null, string | null | undefined, string | null>
  readonly created_at: Date
}

export interface TenantDeletionsTable {
  readonly tenant_id: string
  readonly status: "deleting" | "deleted"
  readonly requested_at: Date
  readonly finished_at: Date | null
  /** Written as JSON text so that pg and PGlite serialise it the same way. */
  readonly deleted: ColumnType<Record<string, number>, string, string>
}

export interface ApiKeysTable {
  readonly id: string
  readonly tenant_id: string
  readonly name: string | null
  readonly product: string
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

export interface IdempotencyKeysTable {
  readonly tenant_id: string
  readonly scope: string
  readonly key: string
  readonly fingerprint: string
  /** JSON text on write; null while the first request runs. */
  readonly response: ColumnType<unknown, string | null, string | null>
  readonly created_at: Date
}

export interface AccountsTables {
  readonly tenants: TenantsTable
  readonly api_keys: ApiKeysTable
  readonly usage_entries: UsageEntriesTable
  readonly idempotency_keys: IdempotencyKeysTable
  readonly tenant_deletions: TenantDeletionsTable
}
