import { HttpApiSchema } from "@effect/platform"
import { Clock, Effect, Schema } from "effect"
import { withoutStack } from "./Errors.js"

/** How long the queue waits, as a hint: work drains in seconds once workers take it. */
const RETRY_AFTER_SECONDS = 5

/** The tenant's queued work of one kind is at its limit: nothing was stored. */
export class QueueFull extends Schema.TaggedError<QueueFull>()(
  "QueueFull",
  { message: Schema.String, retryAfterSeconds: Schema.Int },
  HttpApiSchema.annotations({
    status: 429,
    description:
      "The tenant's queued work of this kind is at its limit (`queue_full`, naming the limit); nothing was stored. Retry once some has started; see `Retry-After`."
  })
) {
  get headers() {
    return { "retry-after": String(this.retryAfterSeconds) }
  }
}

/** A count far below the limit is trusted this long in a process, so a quiet queue costs no count per request. */
const TRUST_MS = 1_000
/** At most this many tenants' counts are kept; past it the cache starts afresh. */
const MAX_TRACKED = 10_000

/**
 * Refuses new work of one kind once the tenant has `limit` of it queued (`limit` 0: no limit).
 * `count` answers the tenant's queued work, counting at most `upTo` (a bounded index scan). A count
 * under half the limit is trusted for a second in this process, added to as work is accepted, so
 * processes together may overshoot by what they accept in that second, and only far from it.
 */
export const makeQueuedWorkLimit = (options: {
  /** What is counted, in the plural, for the refusal: `queued runs`. */
  readonly what: string
  readonly limit: number
  readonly count: (tenantId: string, upTo: number) => Effect.Effect<number>
}) => {
  const recent = new Map<string, { readonly at: number; count: number }>()
  /** Passes when `adding` more fit under the tenant's limit; fails with QueueFull otherwise. */
  const check = (tenantId: string, adding: number): Effect.Effect<void, QueueFull> =>
    options.limit <= 0
      ? Effect.void
      : Effect.gen(function* () {
          const at = yield* Clock.currentTimeMillis
          const seen = recent.get(tenantId)
          if (seen !== undefined && at - seen.at < TRUST_MS && seen.count + adding <= options.limit / 2) {
            seen.count += adding
            return
          }
          const count = yield* options.count(tenantId, options.limit)
          if (count + adding > options.limit) {
            recent.delete(tenantId)
            return yield* Effect.fail(
              withoutStack(
                () =>
                  new QueueFull({
                    message: `The tenant has ${count} ${options.what}; the limit is ${options.limit}. Retry once some have started.`,
                    retryAfterSeconds: RETRY_AFTER_SECONDS
                  })
              )
            )
          }
          if (recent.size >= MAX_TRACKED) recent.clear()
          recent.set(tenantId, { at, count: count + adding })
        })
  return { check }
}
