import { Context, Data, Effect, Exit, FiberRef, Layer } from "effect"

/** A write that a unique constraint refused: the row (or its natural key) already exists. */
export class UniqueViolation extends Data.TaggedError("UniqueViolation")<{
  /** The constraint's name in the Kysely schema, e.g. `tenants_pkey`; memory storage uses the same names. */
  readonly constraint: string
}> {}

/**
 * Units of work. Repositories take their connection from the context, so every write of
 * every repository inside `withTransaction` commits together or not at all. A nested
 * `withTransaction` is a savepoint: its failure undoes its own writes only, and the outer unit
 * carries on if it handles the failure.
 */
export class UnitOfWork extends Context.Tag("@servicekit/core/UnitOfWork")<
  UnitOfWork,
  { readonly withTransaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R> }
>() {}

/** Runs `effect` as one unit of work. */
export const withTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | UnitOfWork> =>
  Effect.flatMap(UnitOfWork, (unit) => unit.withTransaction(effect))

interface MemoryTransaction {
  readonly undo: Array<() => void>
}

/**
 * The memory repositories' shared database: one writer at a time. A unit of work holds the
 * lock for its whole length (so other fibers see none of its writes until it ends) and keeps
 * an undo journal; reads and writes outside it wait only while a unit of work is open.
 */
export class MemoryDatabase extends Context.Tag("@servicekit/core/MemoryDatabase")<
  MemoryDatabase,
  {
    /** Runs a read or write of the in-memory tables; `undo` registers how to reverse a write. */
    readonly run: <A>(operation: (undo: (reverse: () => void) => void) => A) => Effect.Effect<A>
    /** Like `run`, for operations that may refuse with a typed error. */
    readonly attempt: <A, E>(
      operation: (undo: (reverse: () => void) => void) => Effect.Effect<A, E>
    ) => Effect.Effect<A, E>
    readonly withTransaction: UnitOfWork["Type"]["withTransaction"]
  }
>() {
  static readonly layer: Layer.Layer<MemoryDatabase | UnitOfWork> = Layer.effectContext(
    Effect.sync(() => {
      const lock = Effect.unsafeMakeSemaphore(1)
      const current = FiberRef.unsafeMake<MemoryTransaction | undefined>(undefined)
      let active: MemoryTransaction | undefined
      const ignore = () => {}

      /** Runs directly when no unit of work is open or it is this fiber's own; otherwise waits for it to end. */
      const gate = <A, E>(operation: (undo: (reverse: () => void) => void) => Effect.Effect<A, E>) =>
        Effect.suspend(() => {
          if (active === undefined) return operation(ignore)
          return Effect.flatMap(FiberRef.get(current), (mine) =>
            mine !== undefined && mine === active
              ? operation((reverse) => mine.undo.push(reverse))
              : lock.withPermits(1)(Effect.suspend(() => operation(ignore)))
          )
        })

      const rollbackTo = (transaction: MemoryTransaction, mark: number) => {
        while (transaction.undo.length > mark) transaction.undo.pop()!()
      }

      const withTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
        Effect.flatMap(FiberRef.get(current), (outer) => {
          if (outer !== undefined && outer === active) {
            const mark = outer.undo.length
            return Effect.onExit(effect, (exit) => Effect.sync(() => Exit.isFailure(exit) && rollbackTo(outer, mark)))
          }
          return lock.withPermits(1)(
            Effect.suspend(() => {
              const transaction: MemoryTransaction = { undo: [] }
              active = transaction
              return Effect.locally(effect, current, transaction).pipe(
                Effect.onExit((exit) =>
                  Effect.sync(() => {
                    if (Exit.isFailure(exit)) rollbackTo(transaction, 0)
                    active = undefined
                  })
                )
              )
            })
          )
        })

      const database: MemoryDatabase["Type"] = {
        // Synchronous when no unit of work is open: every memory repository call goes through here.
        run: (operation) =>
          Effect.suspend(() =>
            active === undefined
              ? Effect.succeed(operation(ignore))
              : gate((undo) => Effect.sync(() => operation(undo)))
          ),
        attempt: (operation) => gate(operation),
        withTransaction
      }
      return Context.make(MemoryDatabase, database).pipe(Context.add(UnitOfWork, { withTransaction }))
    })
  )
}
