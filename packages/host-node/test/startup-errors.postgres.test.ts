import net from "node:net"
import { fileURLToPath } from "node:url"
import { Effect, Exit, Scope } from "effect"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { postgresUrl } from "../../adapters/test/services.js"
import { runSql, temporaryDatabase } from "../../adapters/test/temporaryPostgres.js"
import { run } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))

const migrate = (databaseUrl: string) =>
  run(process.execPath, [cli, "migrate"], { DATABASE_URL: databaseUrl, REDIS_URL: "" })

/** `postgresUrl` with another user, password, port or database. */
const variant = (change: (url: URL) => void) => {
  const url = new URL(postgresUrl)
  change(url)
  return url.toString()
}

/** A loopback port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

describe("start-up errors on PostgreSQL name the cause and what to do, never a password", () => {
  const scope = Effect.runSync(Scope.make())
  const role = `servicekit_limited_${globalThis.crypto.randomUUID().slice(0, 8)}`
  afterAll(async () => {
    await Effect.runPromise(Scope.close(scope, Exit.void))
    await runSql(`drop role if exists ${role}`)
  })

  it("a server that is not running", async () => {
    const port = await closedPort()
    const result = await migrate(
      variant((url) => {
        url.hostname = "127.0.0.1"
        url.port = String(port)
        url.password = "s3cret-password"
      })
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(`PostgreSQL at postgres://127.0.0.1:${port}/`)
    expect(result.stderr).toContain("refused the connection")
    expect(result.stderr).toContain("Start PostgreSQL, or set DATABASE_URL")
    expect(result.stderr).not.toContain("s3cret-password")
  })

  it("a database that does not exist", async () => {
    const result = await migrate(variant((url) => (url.pathname = "/servicekit_no_such_database")))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('The database "servicekit_no_such_database" does not exist')
    expect(result.stderr).toContain("createdb servicekit_no_such_database")
  })

  it("a user that does not exist", async () => {
    const result = await migrate(variant((url) => (url.username = "servicekit_nobody")))
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('refused the login of user "servicekit_nobody"')
    expect(result.stderr).toContain("Check the user and password in DATABASE_URL")
  })

  it("a user that may not create ServiceKit's schema", async () => {
    const databaseUrl = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
    await runSql(`create role ${role} login`)
    const result = await migrate(
      variant((url) => {
        url.username = role
        url.pathname = new URL(databaseUrl).pathname
      })
    )
    expect(result.code).toBe(1)
    expect(result.stderr).toContain("permission denied")
    expect(result.stderr).toContain("No migration of this start was applied")
    expect(result.stderr).toContain("grant it CREATE on the database")
  })

  it("a migration that fails names itself and leaves the database as it was", async () => {
    const databaseUrl = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
    const database = new pg.Client({ connectionString: databaseUrl })
    await database.connect()
    try {
      // An application already owns a table where ServiceKit's first migration creates one.
      await database.query("create schema servicekit; create table servicekit.tenants (id int)")
      const result = await migrate(databaseUrl)
      expect(result.code).toBe(1)
      expect(result.stderr).toMatch(/Migration 0001_accounts failed: relation "tenants" already exists\./)
      expect(result.stderr).toContain("No migration of this start was applied")
      const tables = await database.query(
        "select table_name from information_schema.tables where table_schema = 'servicekit' order by 1"
      )
      expect(tables.rows.map((row) => row.table_name)).toEqual([
        "servicekit_migrations",
        "servicekit_migrations_lock",
        "tenants"
      ])
    } finally {
      await database.end()
    }
  })
})
