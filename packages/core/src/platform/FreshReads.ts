import { Clock, Duration, Effect } from "effect"

/** The most keys a fresh reader keeps at once. */
const MAX_REMEMBERED = 10_000

/** Reads a value of many keys; `forget` drops what it remembers of one key (or all), read again next time. */
export interface FreshReader<A> {
  (keys: ReadonlyArray<string>): Effect.Effect<ReadonlyMap<string, A>>
  readonly forget: (key?: string) => void
}

/**
 * A reader of a value of many keys (a tenant's settings, its standing), each read with `readOne`
 * at most once a `fresh` while: a change counts within that time, and the work that asks often
 * (a job queue's rounds, every send) costs no read each time.
 */
export const readFresh = <A>(
  readOne: (key: string) => Effect.Effect<A>,
  fresh: Duration.DurationInput = "5 seconds"
): FreshReader<A> => {
  const freshMs = Duration.toMillis(Duration.decode(fresh))
  const known = new Map<string, { readonly value: A; readonly readAt: number }>()
  const valueOf = (key: string, now: number) => {
    const found = known.get(key)
    if (found !== undefined && now - found.readAt < freshMs) return Effect.succeed(found.value)
    return Effect.map(readOne(key), (value) => {
      // A cache of every key that was ever asked for would grow without end: start over instead.
      if (known.size >= MAX_REMEMBERED) known.clear()
      known.set(key, { value, readAt: now })
      return value
    })
  }
  const read = (keys: ReadonlyArray<string>) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.map(
        Effect.forEach(keys, (key) => Effect.map(valueOf(key, now), (value) => [key, value] as const)),
        (pairs): ReadonlyMap<string, A> => new Map(pairs)
      )
    )
  const forget = (key?: string) => void (key === undefined ? known.clear() : known.delete(key))
  return Object.assign(read, { forget })
}
