import { UniqueViolation, UnitOfWork, runCommitted } from "@servicekit/core/internal"
import { Effect, Exit, FiberRef, Layer, Option } from "effect"
import { CompiledQuery, type Kysely } from "kysely"
import { KyselyDatabase, type KyselyConnection } from "./Database.js"

/** The unit of work a fiber is in: the database it belongs to, its transaction and nesting depth. */
interface OpenTransaction {
  readonly database: KyselyConnection
  readonly trx: Kysely<any>
  readonly depth: number
  /** What runs after the outermost unit commits; shared by its nested units. */
  readonly committed: Array<Effect.Effect<void>>
}

const CurrentTransaction = FiberRef.unsafeMake<OpenTransaction | undefined>(undefined)

/** The current unit of work's transaction on `database`, else the database itself. */
const connectionOf = (database: KyselyConnection, open: OpenTransaction | undefined): Kysely<any> =>
  open !== undefined && open.database === database ? open.trx : database.db

/** Postgres (and PGlite) report a unique violation as SQLSTATE 23505 with the constraint's name. */
const uniqueViolation = (error: unknown): UniqueViolation | undefined => {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown }
  return code === "23505"
    ? new UniqueViolation({ constraint: typeof constraint === "string" ? constraint : "" })
    : undefined
}

/** Runs a query on the current unit of work's connection; any storage failure is a defect. */
export const query = <T, A>(database: KyselyConnection, run: (db: Kysely<T>) => Promise<A>): Effect.Effect<A> =>
  Effect.flatMap(FiberRef.get(CurrentTransaction), (open) => Effect.promise(() => run(connectionOf(database, open))))

/** Runs a write that a unique constraint may refuse: that is a typed UniqueViolation, anything else a defect. */
export const write = <T, A>(
  database: KyselyConnection,
  run: (db: Kysely<T>) => Promise<A>
): Effect.Effect<A, UniqueViolation> =>
  Effect.flatMap(FiberRef.get(CurrentTransaction), (open) =>
    Effect.tryPromise({ try: () => run(connectionOf(database, open)), catch: (error) => error }).pipe(
      Effect.catchAll((error) => {
        const violation = uniqueViolation(error)
        return violation === undefined ? Effect.die(error) : Effect.fail(violation)
      })
    )
  )

/** The first row of a query, mapped, or none. */
export const findOne = <T, Row, A>(
  database: KyselyConnection,
  run: (db: Kysely<T>) => Promise<Row | undefined>,
  map: (row: Row) => A
): Effect.Effect<Option.Option<A>> =>
  Effect.map(query(database, run), (row) => (row === undefined ? Option.none() : Option.some(map(row))))

/** Compiled SQL through the driver directly, or through the unit of work's transaction when one is open. */
export const rows = <Row>(
  database: KyselyConnection,
  sql: string,
  parameters: ReadonlyArray<unknown>
): Effect.Effect<Array<Row>> =>
  Effect.flatMap(FiberRef.get(CurrentTransaction), (open) =>
    Effect.promise(() =>
      open !== undefined && open.database === database
        ? open.trx.executeQuery<Row>(CompiledQuery.raw(sql, [...parameters])).then((result) => [...result.rows])
        : database.rows<Row>(sql, parameters)
    )
  )

const inTransaction = <A, E, R>(effect: Effect.Effect<A, E, R>, open: OpenTransaction) =>
  Effect.locally(effect, CurrentTransaction, open)

/**
 * Units of work on Kysely: a transaction, and a savepoint for each nested one. The connection
 * travels in the fiber's context, so every repository call inside uses it. Interruption rolls
 * back like a failure.
 */
export const layerUnitOfWork: Layer.Layer<UnitOfWork, never, KyselyDatabase> = Layer.effect(
  UnitOfWork,
  Effect.map(KyselyDatabase, (database) => {
    const nested = <A, E, R>(effect: Effect.Effect<A, E, R>, open: OpenTransaction) =>
      Effect.uninterruptibleMask((restore) => {
        const name = `servicekit_${open.depth + 1}`
        const mark = open.committed.length
        return Effect.flatMap(
          Effect.promise(() => (open.trx as any).savepoint(name).execute() as Promise<Kysely<any>>),
          (savepoint) =>
            Effect.flatMap(
              Effect.exit(restore(inTransaction(effect, { ...open, trx: savepoint, depth: open.depth + 1 }))),
              (exit) =>
                Effect.zipRight(
                  Effect.promise(() => {
                    if (Exit.isSuccess(exit)) return (savepoint as any).releaseSavepoint(name).execute()
                    open.committed.splice(mark)
                    return (savepoint as any).rollbackToSavepoint(name).execute()
                  }),
                  exit
                )
            )
        )
      })

    const outermost = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.uninterruptibleMask((restore) =>
        Effect.flatMap(
          Effect.promise(() => database.db.startTransaction().execute()),
          (trx) => {
            const committed: Array<Effect.Effect<void>> = []
            return Effect.flatMap(
              Effect.exit(restore(inTransaction(effect, { database, trx, depth: 0, committed }))),
              (exit) =>
                Exit.isSuccess(exit)
                  ? Effect.promise(() => trx.commit().execute()).pipe(
                      Effect.zipRight(runCommitted(committed)),
                      Effect.zipRight(exit)
                    )
                  : Effect.zipRight(
                      Effect.promise(() => trx.rollback().execute()),
                      exit
                    )
            )
          }
        )
      )

    return {
      withTransaction: <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
        Effect.flatMap(FiberRef.get(CurrentTransaction), (open) =>
          open !== undefined && open.database === database ? nested(effect, open) : outermost(effect)
        ),
      afterCommit: (effect: Effect.Effect<void>) =>
        Effect.flatMap(FiberRef.get(CurrentTransaction), (open) =>
          open !== undefined && open.database === database
            ? Effect.sync(() => void open.committed.push(effect))
            : runCommitted([effect])
        ),
      serial: database.singleConnection
    }
  })
)

/** The current unit of work's transaction on `database`, if one is open: for writes that must join it (job queues). */
export const currentTransaction = (database: KyselyConnection): Effect.Effect<Option.Option<Kysely<any>>> =>
  Effect.map(FiberRef.get(CurrentTransaction), (open) =>
    open !== undefined && open.database === database ? Option.some(open.trx) : Option.none()
  )
