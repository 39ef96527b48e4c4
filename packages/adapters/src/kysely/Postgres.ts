import { Effect, Layer } from "effect"
import { Kysely, PostgresDialect } from "kysely"
import pg from "pg"
import { KyselyDatabase } from "./Database.js"
import { type DatabaseUnavailable, postgresUnavailable } from "./DatabaseUnavailable.js"
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
      Effect.sync(() => {
        const pool = new pg.Pool({
          connectionString: options.url,
          max: options.max,
          Client: options.preparedStatements === false ? pg.Client : NamedStatementClient
        })
        // An idle client whose connection drops emits here; unhandled, that would crash the
        // process. pg discards the client and the next query opens a fresh connection.
        pool.on("error", () => {})
        // The same for a connection the server ends while it is checked out or being released
        // (a restart, a dropped database): its query fails on its own; the event must not crash.
        pool.on("connect", (client) => client.on("error", () => {}))
        return pool
      }),
      (pool) => Effect.promise(() => pool.end())
    ).pipe(
      Effect.tap((pool) =>
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
      Effect.map((pool) => {
        const schema = options.schema ?? "servicekit"
        return {
          db: new Kysely<any>({ dialect: new PostgresDialect({ pool }) }).withSchema(schema),
          schema,
          rows: <Row>(sql: string, parameters: ReadonlyArray<unknown>) =>
            pool.query(sql, [...parameters]).then((result) => result.rows as Array<Row>),
          execute: (sql: string, parameters: ReadonlyArray<unknown> = []) =>
            pool
              .query(sql, [...parameters])
              .then((result) => ({ rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] })),
          singleConnection: false
        }
      })
    )
  )
