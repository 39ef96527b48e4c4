// The SQL statements a ServiceKit process sends, tallied by kind (the statement's start, its
// schema names and parameters left out) with the ms each took from sending to its answer, and
// the waits for a connection of pg's pool. It wraps pg's Client#query (which pg's Pool and
// Kysely's Postgres dialect use), Pool#connect, and PGlite's query, exec and transaction, as
// installed in node_modules: what ServiceKit's adapters load.
import { performance } from "node:perf_hooks"
import { PGlite } from "@electric-sql/pglite"
import pg from "pg"

/** A statement's kind: its first words, without quotes, schema names, parameters or literals. */
const kindOf = (text) => {
  if (kinds.size > 10_000) kinds.clear()
  return kinds.get(text) ?? kinds.set(text, shorten(text)).get(text)
}
const kinds = new Map()
const shorten = (text) =>
  text
    .replace(/\s+/g, " ")
    .replace(/"/g, "")
    .replace(/\b\w+\.(\w+)/g, "$1")
    .replace(/\$\d+/g, "$")
    .replace(/\(\$(, \$)+\)/g, "($, …)")
    .replace(/'[^']*'/g, "'…'")
    .trim()
    .slice(0, 90)

export const tallySql = async () => {
  let tally = new Map()
  const note = (text, began) => {
    if (typeof text !== "string") return
    const kind = kindOf(text)
    const seen = tally.get(kind) ?? tally.set(kind, { count: 0, ms: 0 }).get(kind)
    seen.count++
    seen.ms += performance.now() - began
  }

  const query = pg.Client.prototype.query
  pg.Client.prototype.query = function (config, values, callback) {
    const text = typeof config === "string" ? config : config?.text
    const began = performance.now()
    if (typeof values === "function") {
      return query.call(this, config, (error, result) => (note(text, began), values(error, result)))
    }
    if (typeof callback === "function") {
      return query.call(this, config, values, (error, result) => (note(text, began), callback(error, result)))
    }
    const answer = query.call(this, config, values)
    answer?.then?.(
      () => note(text, began),
      () => note(text, began)
    )
    return answer
  }

  const connect = pg.Pool.prototype.connect
  const WAIT = "(waiting for a connection of pg's pool)"
  pg.Pool.prototype.connect = function (callback) {
    const began = performance.now()
    if (typeof callback === "function") {
      return connect.call(this, (error, client, release) => (note(WAIT, began), callback(error, client, release)))
    }
    const answer = connect.call(this)
    answer.then(
      () => note(WAIT, began),
      () => {}
    )
    return answer
  }

  const base = Object.getPrototypeOf(PGlite.prototype)
  const timed = (run) =>
    async function (text, ...rest) {
      const began = performance.now()
      try {
        return await run.call(this, text, ...rest)
      } finally {
        note(text, began)
      }
    }
  // The transaction's own object, its query and exec timed (its getters read through).
  const wrap = (open) => Object.assign(Object.create(open), { query: timed(open.query), exec: timed(open.exec) })
  const { query: pgliteQuery, exec, transaction } = base
  base.query = timed(pgliteQuery)
  base.exec = timed(exec)
  base.transaction = function (callback) {
    const began = performance.now()
    return transaction
      .call(this, (open) => callback(wrap(open)))
      .finally(() => note("(a PGlite transaction, BEGIN to COMMIT)", began))
  }

  return {
    reset: () => (tally = new Map()),
    report: () => [...tally].map(([kind, { count, ms }]) => ({ kind, count, ms }))
  }
}
