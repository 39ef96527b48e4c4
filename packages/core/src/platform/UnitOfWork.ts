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
  {
    readonly withTransaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
    /**
     * Runs `effect` once the current unit of work has committed (at once when none is open);
     * dropped when the unit, or the nested unit it was registered in, rolls back. For signals
     * that must not precede the data they announce (waking a worker, relaying a job).
     */
    readonly afterCommit: (effect: Effect.Effect<void>) => Effect.Effect<void>
    /**
     * True when the store runs one unit of work at a time (one connection: PGlite, memory), so
     * that a second waits for the first to end: writers that batch use one committer there.
     */
    readonly serial: boolean
  }
>() {}

/** Runs `effect` after the current unit of work commits (see UnitOfWork). */
export const afterCommit = (effect: Effect.Effect<void>): Effect.Effect<void, never, UnitOfWork> =>
  Effect.flatMap(UnitOfWork, (unit) => unit.afterCommit(effect))

/** Runs `effect` as one unit of work. */
export const withTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | UnitOfWork> =>
  Effect.flatMap(UnitOfWork, (unit) => unit.withTransaction(effect))

interface MemoryTransaction {
  readonly undo: Array<() => void>
}

/** A memory store of tenants' rows as the tenant's data port sees it (see TenantData.layerMemory). */
export interface MemoryTenantRows {
  /** How many rows of the tenant the store holds. */
  readonly count: (tenantId: string) => number
  /** The tenant's rows as the store holds them, in a stable order: what exporting the tenant writes. */
  readonly rows: (tenantId: string) => ReadonlyArray<unknown>
  /** Drops up to `limit` of the tenant's rows, each undone with the unit of work: how many it dropped. */
  readonly drop: (tenantId: string, limit: number, undo: (reverse: () => void) => void) => number
  /**
   * Drops every row of the tenant that `match` takes (the caller knows the store's row shape), each
   * undone with the unit of work: how many it dropped. For what goes with a row of another store.
   */
  readonly dropWhere: (tenantId: string, match: (row: unknown) => boolean, undo: (reverse: () => void) => void) => number
}

/** Runs the effects registered with `afterCommit`, each on its own, so that one failing cannot stop the others. */
export const runCommitted = (effects: ReadonlyArray<Effect.Effect<void>>): Effect.Effect<void> =>
  Effect.forEach(
    effects,
    (effect) => Effect.catchAllCause(effect, (cause) => Effect.logWarning("after-commit action failed", cause)),
    {
      discard: true
    }
  )

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
    readonly afterCommit: UnitOfWork["Type"]["afterCommit"]
    /**
     * Registers a store of tenants' rows under the name of the table it stands for (`chat_messages`),
     * so that a tenant's rows can be counted and deleted kind by kind, as in the Kysely storage.
     */
    readonly holdsTenantRows: (kind: string, rows: MemoryTenantRows) => void
    /** The stores registered, by table name. */
    readonly tenantRows: ReadonlyMap<string, MemoryTenantRows>
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
      // Effects to run after commit travel in the undo journal as entries that remove themselves on rollback.
      const committed = new WeakMap<MemoryTransaction, Array<Effect.Effect<void>>>()

      const withTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
        Effect.flatMap(FiberRef.get(current), (outer) => {
          if (outer !== undefined && outer === active) {
            const mark = outer.undo.length
            return Effect.onExit(effect, (exit) => Effect.sync(() => Exit.isFailure(exit) && rollbackTo(outer, mark)))
          }
          let transaction: MemoryTransaction | undefined
          return lock
            .withPermits(1)(
              Effect.suspend(() => {
                const opened: MemoryTransaction = (transaction = { undo: [] })
                active = opened
                return Effect.locally(effect, current, opened).pipe(
                  Effect.onExit((exit) =>
                    Effect.sync(() => {
                      if (Exit.isFailure(exit)) rollbackTo(opened, 0)
                      active = undefined
                    })
                  )
                )
              })
              // After the lock is released: what runs after commit may use storage itself.
            )
            .pipe(Effect.tap(() => runCommitted(committed.get(transaction!) ?? [])))
        })

      const afterCommit = (effect: Effect.Effect<void>): Effect.Effect<void> =>
        Effect.flatMap(FiberRef.get(current), (transaction) => {
          if (transaction === undefined || transaction !== active) return runCommitted([effect])
          return Effect.sync(() => {
            const pending = committed.get(transaction) ?? []
            committed.set(transaction, pending)
            pending.push(effect)
            transaction.undo.push(() => pending.splice(pending.indexOf(effect), 1))
          })
        })

      const tenantRows = new Map<string, MemoryTenantRows>()
      const database: MemoryDatabase["Type"] = {
        // Synchronous when no unit of work is open: every memory repository call goes through here.
        run: (operation) =>
          Effect.suspend(() =>
            active === undefined
              ? Effect.succeed(operation(ignore))
              : gate((undo) => Effect.sync(() => operation(undo)))
          ),
        attempt: (operation) => gate(operation),
        withTransaction,
        afterCommit,
        holdsTenantRows: (kind, rows) => {
          if (tenantRows.has(kind)) throw new Error(`two memory stores hold ${kind}`)
          tenantRows.set(kind, rows)
        },
        tenantRows
      }
      return Context.make(MemoryDatabase, database).pipe(Context.add(UnitOfWork, { withTransaction, afterCommit, serial: true }))
    })
  )
}
