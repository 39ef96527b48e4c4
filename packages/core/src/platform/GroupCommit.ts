import { Chunk, Deferred, Effect, Exit, Option, Queue, type Scope } from "effect"
import type { UnitOfWork } from "./UnitOfWork.js"

export interface GroupCommitOptions {
  /** The most items one call of `commit` takes. */
  readonly max: number
  /** How many calls of `commit` may run at once (one where the store runs one unit of work at a time). */
  readonly committers: number
}

/**
 * `committers` on a store that runs units of work side by side; one on a store that runs them one
 * at a time, where a second committer would only wait for the first, taking a group of one meanwhile.
 */
export const committersOn = (unit: UnitOfWork["Type"], committers: number): number => (unit.serial ? 1 : committers)

/** Resumes once the current event-loop turn's callbacks and promises have run. */
const endOfTurn = Effect.async<void>((resume) => {
  const handle = setImmediate(() => resume(Effect.void))
  return Effect.sync(() => clearImmediate(handle))
})

/**
 * Group commit: a caller waits for a write of its own only while every committer is busy; the
 * items that arrive meanwhile, or in the same event-loop turn, go together, up to `max`, to one
 * call of `commit`, which answers
 * each item's result in the order given. A group that fails (or dies) fails each of its callers
 * alike. The committers run until the scope closes.
 */
export const groupCommit = <A, B, E>(
  commit: (items: ReadonlyArray<A>) => Effect.Effect<ReadonlyArray<B>, E>,
  options: GroupCommitOptions
): Effect.Effect<(item: A) => Effect.Effect<B, E>, never, Scope.Scope> =>
  Effect.gen(function* () {
    const waiting = yield* Queue.unbounded<readonly [A, Deferred.Deferred<B, E>]>()
    const commitGroup = Effect.gen(function* () {
      const first = yield* Queue.take(waiting)
      // The rest of this event-loop turn's items join the first: requests that arrived together
      // (on a store that runs statements on this thread, none would be waiting yet).
      yield* endOfTurn
      const group = [first, ...Chunk.toReadonlyArray(yield* Queue.takeUpTo(waiting, options.max - 1))]
      const answers = yield* Effect.exit(commit(group.map(([item]) => item)))
      yield* Effect.forEach(
        group,
        ([, done], i) =>
          Deferred.done(
            done,
            Exit.map(answers, (results) => results[i]!)
          ),
        { discard: true }
      )
    })
    for (let i = 0; i < options.committers; i++) yield* Effect.forkScoped(Effect.forever(commitGroup))
    return (item: A) =>
      Effect.flatMap(Deferred.make<B, E>(), (done) =>
        Effect.zipRight(Queue.offer(waiting, [item, done]), Deferred.await(done))
      )
  })

type Keyed = { readonly tenantId: string; readonly id: string }

const answerByKey = <R extends Keyed>(
  keys: ReadonlyArray<Keyed>,
  rows: ReadonlyArray<R>,
  once: boolean
): ReadonlyArray<Option.Option<R>> => {
  const byKey = new Map(rows.map((row) => [`${row.tenantId}/${row.id}`, row]))
  return keys.map(({ id, tenantId }) => {
    const key = `${tenantId}/${id}`
    const row = byKey.get(key)
    if (once) byKey.delete(key)
    return Option.fromNullable(row)
  })
}

/**
 * Rows claimed for a group's keys, handed back in the keys' order: each row to the first asker of
 * its (tenant, id) only, so that a key asked for twice (a repeated job) is worked once; None where
 * nothing was claimed.
 */
export const toFirstAskers = <R extends Keyed>(keys: ReadonlyArray<Keyed>, claimed: ReadonlyArray<R>) =>
  answerByKey(keys, claimed, true)

/** Rows read for a group's keys, handed back in the keys' order, to every asker; None where none was found. */
export const toEveryAsker = <R extends Keyed>(keys: ReadonlyArray<Keyed>, found: ReadonlyArray<R>) =>
  answerByKey(keys, found, false)
