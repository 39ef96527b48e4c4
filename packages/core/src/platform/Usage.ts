import { Context, type Effect } from "effect"

/** One append-only usage entry, e.g. kind `chat_session_mint`. */
export interface UsageEntry {
  readonly id: string
  readonly tenantId: string
  readonly kind: string
  readonly quantity: number
  readonly metadata: Readonly<Record<string, unknown>>
  readonly occurredAt: Date
}

export interface UsageQuery {
  readonly kind?: string | undefined
  readonly since?: Date | undefined
}

/** Append-only per-tenant usage ledger that products write to for billing. */
export class UsageLedger extends Context.Tag("@servicekit/core/UsageLedger")<
  UsageLedger,
  {
    readonly append: (entry: UsageEntry) => Effect.Effect<void>
    /** Entries of a tenant, oldest first. */
    readonly list: (tenantId: string, query?: UsageQuery) => Effect.Effect<ReadonlyArray<UsageEntry>>
  }
>() {}
