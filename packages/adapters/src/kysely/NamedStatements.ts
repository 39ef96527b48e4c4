import pg from "pg"
import { statementName } from "./Prepared.js"

/** What a failed named statement says about the connection, by its SQLSTATE. */
const fallbackFor = (error: unknown): "statement" | "connection" | undefined => {
  switch ((error as { code?: unknown } | null)?.code) {
    // A table under the statement changed shape since it was prepared here (a migration of a
    // newer version ran): PostgreSQL will not hand back rows of the old shape.
    case "0A000":
      return "statement"
    // The statement is unknown, or its name already taken: the server session is not the one
    // that prepared it, as behind a pooler in transaction mode. It will happen again.
    case "26000":
    case "42P05":
      return "connection"
    default:
      return undefined
  }
}

/**
 * A pg client that runs the statements `prepare` compiled as named statements, so PostgreSQL parses
 * and plans each once per connection instead of on every call. Every other statement runs unnamed:
 * its text can vary without bound (lists of ids), and each name would stay on the connection.
 * Where a named statement cannot be kept, the client falls back to running it unnamed: that
 * statement after a migration changed its table, every statement once the connection turns out to
 * sit behind a pooler that moves sessions. A call outside a transaction is then repeated unnamed
 * at once; inside one the error stands, since the transaction is already aborted.
 */
export class NamedStatementClient extends pg.Client {
  readonly #stale = new Set<string>()
  #unnamed = false

  // pg's query has many overloads; this one stands in for all of them and changes only (sql, values).
  override query(config: any, values?: any, callback?: any): any {
    const name =
      !this.#unnamed && typeof config === "string" && Array.isArray(values) ? statementName(config) : undefined
    if (name === undefined || this.#stale.has(name)) return super.query(config, values, callback)
    // "T" or "E" inside a transaction; null on a new connection, whose first ReadyForQuery the pool's
    // connect callback runs ahead of.
    const status = this.getTransactionStatus()
    const outsideTransaction = status !== "T" && status !== "E"
    const result = super.query({ name, text: config, values }).catch((error: unknown) => {
      const fallback = fallbackFor(error)
      if (fallback === undefined) throw error
      if (fallback === "statement") this.#stale.add(name)
      else this.#unnamed = true
      if (!outsideTransaction) throw error
      return super.query(config, values)
    })
    if (typeof callback !== "function") return result
    result.then(
      (rows) => callback(null, rows),
      (error) => callback(error)
    )
  }
}
