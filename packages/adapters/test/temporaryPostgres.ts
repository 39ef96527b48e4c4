import { Effect, Layer } from "effect"
import pg from "pg"
import { layerPostgres } from "../src/kysely/index.js"
import { postgresUrl } from "./services.js"

const withClient = (sql: string) =>
  Effect.promise(async () => {
    const client = new pg.Client({ connectionString: postgresUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  })

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
