import type { PGlite, Transaction } from "@electric-sql/pglite"
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  IdentifierNode,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  createQueryId
} from "kysely"

const ROLLBACK = Symbol("rollback")

/**
 * One Kysely connection to an embedded PGlite. Outside a transaction each query goes to PGlite,
 * which runs one statement at a time. A transaction runs inside `pglite.transaction`, which holds
 * PGlite exclusively until it ends: every other query, Kysely's or another user's of the same
 * PGlite (the job queue's, the hot-path driver calls), waits instead of landing inside it.
 */
class PgliteConnection implements DatabaseConnection {
  private transaction: Transaction | undefined
  private finish: ((commit: boolean) => void) | undefined
  private ended: Promise<unknown> | undefined

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await (this.transaction ?? this.pglite).query<R>(compiled.sql, [...compiled.parameters])
    return {
      rows: result.rows,
      numAffectedRows: result.affectedRows === undefined ? undefined : BigInt(result.affectedRows)
    }
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming queries are not supported on PGlite")
  }

  begin(): Promise<void> {
    return new Promise((ready, failed) => {
      this.ended = this.pglite
        .transaction(
          (transaction) =>
            new Promise<void>((commit, rollback) => {
              this.transaction = transaction
              this.finish = (ok) => (ok ? commit() : rollback(ROLLBACK))
              ready()
            })
        )
        .catch((error) => {
          if (error !== ROLLBACK) throw error
        })
      this.ended.catch(failed)
    })
  }

  async end(commit: boolean): Promise<void> {
    const ended = this.ended
    this.finish?.(commit)
    this.transaction = undefined
    this.finish = undefined
    this.ended = undefined
    await ended
  }
}

type Compile = QueryCompiler["compileQuery"]

const savepointCommand = (command: string, name: string) =>
  RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)])

class PgliteDriver implements Driver {
  constructor(private readonly pglite: PGlite) {}
  async init(): Promise<void> {}
  // PGlite serialises statements itself: each Kysely connection is only a handle with its own transaction.
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteConnection(this.pglite)
  }
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).begin()
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).end(true)
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).end(false)
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await connection.executeQuery(compile(savepointCommand("savepoint", name), createQueryId()))
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await connection.executeQuery(compile(savepointCommand("rollback to", name), createQueryId()))
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await connection.executeQuery(compile(savepointCommand("release", name), createQueryId()))
  }
  async releaseConnection(): Promise<void> {}
  // The PGlite instance belongs to whoever created it (a layer's scope).
  async destroy(): Promise<void> {}
}

/** Kysely over an embedded PGlite (see PgliteConnection for how transactions stay exclusive). */
export class PgliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PgliteDriver(this.pglite)
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}
