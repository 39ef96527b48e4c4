import { type ChildProcess, spawn } from "node:child_process"
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { CallRepository, UnitOfWork } from "@servicekit/core/internal"
import { Effect, Exit, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { layerPostgres } from "../src/postgres.js"
import { freePort, postgresUrl, reachable } from "./services.js"
import { temporaryDatabase } from "./temporaryPostgres.js"

/** Waits until PgBouncer accepts connections on `port`. */
const listening = async (port: number) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await reachable(`postgres://127.0.0.1:${port}`, port)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`PgBouncer did not listen on ${port}`)
}

/**
 * PgBouncer in transaction mode in front of the test PostgreSQL: each transaction (and each
 * statement outside one) may run on another of its two server connections. Debian's 1.18 does not
 * track prepared statements.
 */
let bouncer: ChildProcess | undefined
let bouncerPort = 0
let folder = ""
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "servicekit-pgbouncer-"))
  chmodSync(folder, 0o755)
  const target = new URL(postgresUrl)
  bouncerPort = await freePort()
  writeFileSync(join(folder, "users.txt"), `"${decodeURIComponent(target.username) || "postgres"}" ""\n`)
  writeFileSync(
    join(folder, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${target.hostname} port=${target.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${bouncerPort}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${join(folder, "users.txt")}`,
      "pool_mode = transaction",
      "default_pool_size = 2",
      "max_client_conn = 100",
      "ignore_startup_parameters = extra_float_digits,options"
    ].join("\n")
  )
  // PgBouncer refuses to run as root; it drops to the database's own user instead.
  const asUser = process.getuid?.() === 0 ? ["-u", "postgres"] : []
  bouncer = spawn("pgbouncer", [...asUser, join(folder, "pgbouncer.ini")], { stdio: "ignore" })
  await listening(bouncerPort)
}, 30_000)
afterAll(() => {
  bouncer?.kill()
  rmSync(folder, { recursive: true, force: true })
})

/** 400 reads of the calls list, 8 at a time, every other one in a transaction: how each ended. */
const readsThroughBouncer = (preparedStatements: boolean) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.gen(function* () {
        const url = new URL(yield* temporaryDatabase)
        url.port = String(bouncerPort)
        const storage = yield* Layer.build(layerPostgres({ url: url.toString(), max: 4, preparedStatements }))
        return yield* Effect.gen(function* () {
          const calls = yield* CallRepository
          const unit = yield* UnitOfWork
          const tenant = globalThis.crypto.randomUUID()
          const read = calls.list(tenant, { limit: 21 })
          return yield* Effect.forEach(
            Array.from({ length: 400 }, (_, i) => i),
            (i) =>
              Effect.map(Effect.exit(i % 2 === 0 ? read : unit.withTransaction(read)), (exit) => ({
                inTransaction: i % 2 === 1,
                ok: Exit.isSuccess(exit) && exit.value.length === 0
              })),
            { concurrency: 8 }
          )
        }).pipe(Effect.provide(storage))
      })
    )
  )

describe("PostgreSQL behind PgBouncer in transaction mode", () => {
  it("keeps answering with the hot statements prepared: at most one transaction per pooled connection fails, on its first foreign session", async () => {
    const outcomes = await readsThroughBouncer(true)
    expect(outcomes.filter((outcome) => !outcome.inTransaction).every((outcome) => outcome.ok)).toBe(true)
    const failed = outcomes.filter((outcome) => !outcome.ok)
    expect(failed.length).toBeLessThanOrEqual(4)
  }, 60_000)

  it("answers every read with SERVICEKIT_DB_PREPARED_STATEMENTS=false", async () => {
    const outcomes = await readsThroughBouncer(false)
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true)
  }, 60_000)
})
