import { Context, Effect, Layer } from "effect"

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
>() {
  /** In memory, for tests and embedders' tests. */
  static readonly layerMemory: Layer.Layer<UsageLedger> = Layer.sync(UsageLedger, () => {
    const rows: Array<UsageEntry> = []
    const ids = new Set<string>()
    return {
      append: (entry) =>
        Effect.suspend(() => {
          if (ids.has(entry.id)) return Effect.die(new Error("duplicate usage entry"))
          ids.add(entry.id)
          rows.push(entry)
          return Effect.void
        }),
      list: (tenantId, query = {}) =>
        Effect.sync(() =>
          rows
            .filter(
              (e) =>
                e.tenantId === tenantId &&
                (query.kind === undefined || e.kind === query.kind) &&
                (query.since === undefined || e.occurredAt.getTime() >= query.since.getTime())
            )
            .sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime() || (a.id < b.id ? -1 : 1))
        )
    }
  })
}
