import { Effect, Layer } from "effect"
import { Kysely, PostgresDialect } from "kysely"
import pg from "pg"
import { KyselyDatabase } from "./Database.js"
import { type DatabaseUnavailable, postgresUnavailable } from "./DatabaseUnavailable.js"
import { watchPool } from "./DatabaseOutages.js"
import { NamedStatementClient } from "./NamedStatements.js"

export interface PostgresOptions {
  readonly url: string
  /** Pool size (pg's default is 10). */
  readonly max?: number | undefined
  /** ServiceKit's Postgres schema; default `servicekit`. */
  readonly schema?: string | undefined
  /**
   * Hot statements run as named prepared statements (default true). Turn off behind a pooler in
   * transaction mode that does not track them (PgBouncer before 1.21, or without
   * `max_prepared_statements`): a statement prepared on one server connection is unknown on the next.
   * Left on there, each pooled connection stops naming at its first such error.
   */
  readonly preparedStatements?: boolean | undefined
}

/** How long the start-up probe waits for PostgreSQL: an unreachable host must not hang the start. */
const probeTimeout = "10 seconds"

/** Kysely (and direct SQL) on a pg Pool, ended with the layer's scope; fails at once, explained, when Postgres cannot be used. */
export const layerDatabase = (options: PostgresOptions): Layer.Layer<KyselyDatabase, DatabaseUnavailable> =>
  Layer.scoped(
    KyselyDatabase,
    Effect.acquireRelease(
      Effect.sync(
        () =>
          new pg.Pool({
            connectionString: options.url,
            max: options.max,
            Client: options.preparedStatements === false ? pg.Client : NamedStatementClient
          })
      ),
      (pool) => Effect.promise(() => pool.end())
    ).pipe(
      // Watched before its first connection: every client of the pool has its error listener, so
      // a connection the server ends while checked out never reaches the process as uncaught.
      Effect.flatMap((pool) => Effect.map(watchPool(pool, options.url), ({ suspect }) => ({ pool, suspect }))),
      Effect.tap(({ pool }) =>
        Effect.tryPromise({
          try: () => pool.query("select 1"),
          catch: (cause) => postgresUnavailable(options.url, cause)
        }).pipe(
          Effect.timeoutFail({
            duration: probeTimeout,
            onTimeout: () =>
              postgresUnavailable(options.url, { code: "ETIMEDOUT", message: `no answer within ${probeTimeout}` })
          })
        )
      ),
      // The scope owns the pool: Kysely's destroy() would end it a second time.
      Effect.map(({ pool, suspect }) => {
        const schema = options.schema ?? "servicekit"
        // A connection that cannot be had (not a statement that fails) may mean the database is away.
        const connected = <A>(promise: Promise<A>) =>
          promise.catch((error) => {
            if (isConnectionFailure(error)) suspect()
            throw error
          })
        const watched = { connect: () => connected(pool.connect()), end: () => pool.end() }
        return {
          db: new Kysely<any>({ dialect: new PostgresDialect({ pool: watched }) }).withSchema(schema),
          schema,
          rows: <Row>(sql: string, parameters: ReadonlyArray<unknown>) =>
            connected(pool.query(sql, [...parameters])).then((result) => result.rows as Array<Row>),
          execute: (sql: string, parameters: ReadonlyArray<unknown> = []) =>
            connected(pool.query(sql, [...parameters])).then((result) => ({
              rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? []
            })),
          singleConnection: false
        }
      })
    )
  )

/** A socket error (ECONNREFUSED, ECONNRESET...), a server shutting down (class 57P) or a closed connection. */
const isConnectionFailure = (error: unknown): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  return (
    (typeof code === "string" && (/^E[A-Z]+$/.test(code) || code.startsWith("57P") || code.startsWith("08"))) ||
    (typeof message === "string" && /Connection terminated|connection timeout/i.test(message))
  )
}
