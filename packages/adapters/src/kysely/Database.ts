import { Context } from "effect"
import type { Kysely } from "kysely"

/** The database behind the Kysely storage, shared with anything else that needs it. */
export interface KyselyConnection {
  /** Kysely bound to ServiceKit's Postgres schema: every table name is qualified with it. */
  readonly db: Kysely<any>
  /** ServiceKit's Postgres schema (`SERVICEKIT_DB_SCHEMA`, default `servicekit`). */
  readonly schema: string
  /**
   * Runs compiled SQL straight through the driver (pg Pool or PGlite), outside any unit of
   * work. The hot calls list uses it: Kysely's per-query connection handling cost about 15% of
   * throughput there.
   */
  readonly rows: <Row>(sql: string, parameters: ReadonlyArray<unknown>) => Promise<Array<Row>>
  /**
   * Runs SQL text as it is, outside any unit of work: with parameters one statement, without them
   * possibly several (the last one's rows are returned). For libraries that bring their own SQL.
   */
  readonly execute: (sql: string, parameters?: ReadonlyArray<unknown>) => Promise<{ readonly rows: Array<any> }>
  /**
   * True on PGlite: one connection, which an open transaction holds exclusively, so a second
   * transaction started while one is open waits for it. Never true on Postgres.
   */
  readonly singleConnection: boolean
}

export class KyselyDatabase extends Context.Tag("@servicekit/adapters/KyselyDatabase")<
  KyselyDatabase,
  KyselyConnection
>() {}

/** A Postgres identifier we create objects under: lowercase letters, digits and underscores. */
export const isSchemaName = (name: string) => /^[a-z_][a-z0-9_]{0,62}$/.test(name)
