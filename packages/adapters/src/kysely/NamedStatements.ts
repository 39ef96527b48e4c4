import pg from "pg"
import { statementName } from "./Prepared.js"

/**
 * SQLSTATE 0A000 on a named statement: a table it reads changed shape since it was prepared on this
 * connection (a migration of a newer version ran), and PostgreSQL will not hand back rows of the old
 * shape.
 */
const isStalePlan = (error: unknown) => (error as { code?: unknown } | null)?.code === "0A000"

/**
 * A pg client that runs the statements `prepare` compiled as named statements, so PostgreSQL parses
 * and plans each once per connection instead of on every call. Every other statement runs unnamed:
 * its text can vary without bound (lists of ids), and each name would stay on the connection. A
 * named statement that a migration made stale runs unnamed from then on, on this connection;
 * outside a transaction the failed call is repeated that way at once, inside one the error stands,
 * since the transaction is already aborted.
 */
export class NamedStatementClient extends pg.Client {
  readonly #stale = new Set<string>()

  // pg's query has many overloads; this one stands in for all of them and changes only (sql, values).
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === "string" && Array.isArray(values) ? statementName(config) : undefined
    if (name === undefined || this.#stale.has(name)) return super.query(config, values, callback)
    const outsideTransaction = this.getTransactionStatus() === "I"
    const result = super.query({ name, text: config, values }).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error
      this.#stale.add(name)
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
