import { Effect, Exit, Layer, Scope } from "effect"
import pg from "pg"
import { afterAll, beforeAll } from "vitest"
import { layerPostgres } from "../src/postgres.js"
import { postgresUrl } from "./services.js"

/** Runs `sql` on DATABASE_URL's database, as its user (roles, databases). */
export const runSql = async (sql: string): Promise<void> => {
  const client = new pg.Client({ connectionString: postgresUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

const withClient = (sql: string) => Effect.promise(() => runSql(sql))

/** A fresh database next to DATABASE_URL's, dropped when the scope closes: test files run in parallel. */
export const temporaryDatabase = Effect.gen(function* () {
  const name = `servicekit_${globalThis.crypto.randomUUID().replaceAll("-", "")}`
  yield* Effect.acquireRelease(withClient(`create database ${name}`), () =>
    withClient(`drop database if exists ${name} with (force)`)
  )
  const url = new URL(postgresUrl)
  url.pathname = `/${name}`
  return url.toString()
})

/** Postgres storage on a temporary database. */
export const layerTemporaryPostgres = Layer.unwrapScoped(Effect.map(temporaryDatabase, (url) => layerPostgres({ url })))

/** A temporary database for the calling test file: its URL once `beforeAll` has run; dropped after all. */
export const temporaryDatabaseForFile = (): (() => string) => {
  const scope = Effect.runSync(Scope.make())
  let url: string | undefined
  beforeAll(async () => {
    url = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
  }, 60_000)
  afterAll(() => Effect.runPromise(Scope.close(scope, Exit.void)))
  return () => {
    if (url === undefined) throw new Error("the temporary database is made in beforeAll")
    return url
  }
}
