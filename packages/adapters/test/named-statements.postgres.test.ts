import { UnitOfWork } from "@servicekit/core/internal"
import { Cause, Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerUnitOfWork, rows } from "../src/kysely/Connection.js"
import { KyselyDatabase } from "../src/kysely/Database.js"
import { type PostgresOptions, layerDatabase } from "../src/kysely/Postgres.js"
import { nameOfStatement, prepare, statementName } from "../src/kysely/Prepared.js"
import { temporaryDatabase } from "./temporaryPostgres.js"

/** One connection, so that every statement below runs in the same PostgreSQL session. */
const onOneConnection = <A, E>(
  effect: Effect.Effect<A, E, KyselyDatabase | UnitOfWork>,
  options: Partial<PostgresOptions> = {}
) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.flatMap(temporaryDatabase, (url) =>
        Effect.provide(effect, layerUnitOfWork.pipe(Layer.provideMerge(layerDatabase({ url, max: 1, ...options }))))
      )
    )
  )

/** A table of its own in ServiceKit's schema, and a statement reading it whole. */
const itemsTable = (table: string) =>
  Effect.gen(function* () {
    const database = yield* KyselyDatabase
    yield* Effect.promise(() =>
      database.execute(
        `create schema if not exists servicekit; create table servicekit.${table} (id int primary key, label text not null); insert into servicekit.${table} values (1, 'one')`
      )
    )
    const select = prepare(database.db, ["id"], (db, values) =>
      db.selectFrom(table).selectAll().where("id", "=", values.id)
    )
    return { database, select: select({ id: 1 }) }
  })

const preparedOnConnection = (database: KyselyDatabase["Type"]) =>
  Effect.promise(() => database.rows<{ statement: string }>("select statement from pg_prepared_statements", []))

describe("hot statements on PostgreSQL", () => {
  it("run as named statements, parsed once per connection; with preparedStatements off, unnamed", async () => {
    const run = Effect.gen(function* () {
      const { database, select } = yield* itemsTable("items_named")
      const first = yield* rows(database, select.sql, select.parameters)
      const second = yield* UnitOfWork.pipe(
        Effect.flatMap((unit) => unit.withTransaction(rows(database, select.sql, select.parameters)))
      )
      const prepared = (yield* preparedOnConnection(database)).map((row) => row.statement)
      return { first, second, prepared, sql: select.sql }
    })

    const named = await onOneConnection(run)
    expect(named.first).toEqual([{ id: 1, label: "one" }])
    expect(named.second).toEqual([{ id: 1, label: "one" }])
    expect(named.prepared).toEqual([named.sql])

    const unnamed = await onOneConnection(run, { preparedStatements: false })
    expect(unnamed.first).toEqual([{ id: 1, label: "one" }])
    expect(unnamed.prepared).toEqual([])
  })

  it("runs a statement a migration made stale unnamed from then on; outside a transaction the call itself succeeds", async () => {
    const { outside, insideFailure, insideAfter } = await onOneConnection(
      Effect.gen(function* () {
        const unit = yield* UnitOfWork
        const readAndAlter = (table: string) =>
          Effect.gen(function* () {
            const { database, select } = yield* itemsTable(table)
            const read = rows(database, select.sql, select.parameters)
            yield* read
            yield* Effect.promise(() => database.execute(`alter table servicekit.${table} add column note text`))
            return read
          })

        const outside = yield* Effect.flatten(readAndAlter("items_outside"))
        // Met inside a transaction, the shape change costs that transaction, not the next one.
        const readInside = yield* readAndAlter("items_inside")
        const insideFailure = yield* Effect.exit(unit.withTransaction(readInside))
        const insideAfter = yield* unit.withTransaction(readInside)
        return { outside, insideFailure, insideAfter }
      })
    )
    expect(outside).toEqual([{ id: 1, label: "one", note: null }])
    expect(Exit.isFailure(insideFailure)).toBe(true)
    if (Exit.isFailure(insideFailure)) {
      expect(Cause.squash(insideFailure.cause)).toMatchObject({ code: "0A000" })
    }
    expect(insideAfter).toEqual([{ id: 1, label: "one", note: null }])
  })

  it("falls back to unnamed statements on a session that did not prepare them, as behind a pooler in transaction mode", async () => {
    const found = await onOneConnection(
      Effect.gen(function* () {
        const unit = yield* UnitOfWork
        // Another session's statement already holds the name (42P05): the call outside a transaction succeeds.
        const taken = yield* itemsTable("items_taken")
        const name = statementName(taken.select.sql)
        yield* Effect.promise(() => taken.database.execute(`prepare ${name} as select 1`))
        const first = yield* rows(taken.database, taken.select.sql, taken.select.parameters)
        // From then on this connection names nothing: a statement it has not run before runs unnamed too.
        const other = yield* itemsTable("items_other")
        const second = yield* unit.withTransaction(rows(other.database, other.select.sql, other.select.parameters))
        const prepared = (yield* preparedOnConnection(taken.database)).map((row) => row.statement)
        return { first, second, prepared, name }
      })
    )
    expect(found.first).toEqual([{ id: 1, label: "one" }])
    expect(found.second).toEqual([{ id: 1, label: "one" }])
    expect(found.name).toMatch(/^servicekit_[0-9a-f]{32}$/)
    expect(found.prepared).toEqual([`prepare ${found.name} as select 1`])

    const unknown = await onOneConnection(
      Effect.gen(function* () {
        const unit = yield* UnitOfWork
        const { database, select } = yield* itemsTable("items_unknown")
        const read = rows(database, select.sql, select.parameters)
        yield* read
        // The session forgets it (26000), met inside a transaction: that transaction fails, the next does not.
        yield* Effect.promise(() => database.execute(`deallocate ${statementName(select.sql)}`))
        const failure = yield* Effect.exit(unit.withTransaction(read))
        const after = yield* unit.withTransaction(read)
        return { failure, after }
      })
    )
    expect(Exit.isFailure(unknown.failure)).toBe(true)
    if (Exit.isFailure(unknown.failure)) expect(Cause.squash(unknown.failure.cause)).toMatchObject({ code: "26000" })
    expect(unknown.after).toEqual([{ id: 1, label: "one" }])
  })

  it("names a statement by its text alone, so that processes sharing a pooler's sessions agree on every name", () => {
    const list = "select * from servicekit.calls where tenant_id = $1 limit $2"
    const other = "select * from servicekit.calls where tenant_id = $1 and direction = $2"
    expect(nameOfStatement(list)).toBe(nameOfStatement(`${list}`))
    expect(nameOfStatement(list)).not.toBe(nameOfStatement(other))
    // A Postgres identifier: at most 63 bytes.
    expect(nameOfStatement(list)).toMatch(/^servicekit_[0-9a-f]{32}$/)
  })
})
