import { Context, type Effect, type Option } from "effect"
import type { Call, CallQuery, CallTotals } from "./Call.js"

export class CallRepository extends Context.Tag("@servicekit/core/CallRepository")<
  CallRepository,
  {
    /** Inserts calls; a call whose id already exists for the tenant is skipped. Returns how many were inserted. */
    readonly insertMany: (calls: ReadonlyArray<Call>) => Effect.Effect<number>
    readonly findById: (tenantId: string, id: string) => Effect.Effect<Option.Option<Call>>
    /** Newest first by (startedAt, id), at most `limit` rows. */
    readonly list: (tenantId: string, query: CallQuery) => Effect.Effect<ReadonlyArray<Call>>
    readonly totals: (
      tenantId: string,
      window: { readonly dayStart: Date; readonly weekStart: Date; readonly now: Date }
    ) => Effect.Effect<CallTotals>
  }
>() {}
