import { Chunk, Deferred, Effect, Exit, Queue, type Scope } from "effect"

export interface GroupCommitOptions {
  /** The most items one call of `commit` takes. */
  readonly max: number
  /** How many calls of `commit` may run at once. */
  readonly committers: number
}

/**
 * Group commit: a caller waits for a write of its own only while every committer is busy; the
 * items that arrive meanwhile go together, up to `max`, to one call of `commit`, which answers
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
      const group = Chunk.toReadonlyArray(yield* Queue.takeBetween(waiting, 1, options.max))
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
