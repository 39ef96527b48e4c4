import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { ServiceKit } from "@servicekit/core"
import { Scheduler, defineQueue } from "@servicekit/core/internal"
import { Effect, Exit, Scope } from "effect"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { temporaryDatabase } from "../../adapters/test/temporaryPostgres.js"
import { resolveConfig } from "../src/Config.js"
import { portsLayer } from "../src/Runtime.js"
import { start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))

describe("schedules across worker processes on PostgreSQL", () => {
  const scope = Effect.runSync(Scope.make())
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-schedules-"))
  afterAll(async () => {
    await Effect.runPromise(Scope.close(scope, Exit.void))
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("fires each due time once, with one job, while two worker processes run schedulers", async () => {
    const databaseUrl = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: "",
      SERVICEKIT_DATA_DIR: dataDir,
      SERVICEKIT_JWT_SECRET: "a-schedule-test-secret-of-32-bytes!"
    }
    const workers = [
      start(process.execPath, [cli, "worker", "--json"], env),
      start(process.execPath, [cli, "worker", "--json"], env)
    ]
    try {
      await Promise.all(workers.map((worker) => worker.waitFor(/\{"working":true\}/, 60_000)))
      const server = ServiceKit.make(portsLayer(resolveConfig({ workers: "off" }, { ...process.env, ...env })))
      try {
        await server.runtime.runPromise(
          Effect.flatMap(Scheduler, (scheduler) =>
            scheduler.upsert({
              id: "ticks",
              tenantId: globalThis.crypto.randomUUID(),
              spec: { everySeconds: 1 },
              queue: defineQueue("test.ticks"),
              payload: {}
            })
          )
        )
      } finally {
        await server.dispose()
      }
      await new Promise((resolve) => setTimeout(resolve, 6_000))
    } finally {
      for (const worker of workers) expect(await worker.stop(), worker.output()).toBe(0)
    }

    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const firings = await client.query(
        "select due_at from servicekit.schedule_firings where schedule_id = 'ticks' order by due_at"
      )
      const jobs = await client.query("select singleton_key from servicekit_jobs.job where name = 'test.ticks'")
      expect(firings.rows.length).toBeGreaterThanOrEqual(3)
      // One job per firing, each keyed by its due time: no process enqueued a due time twice.
      expect(jobs.rows.length).toBe(firings.rows.length)
      expect(new Set(jobs.rows.map((row) => row.singleton_key)).size).toBe(jobs.rows.length)
      // On the schedule's one-second grid (a tick delayed past a due time skips it rather than doubling it).
      const due = firings.rows.map((row) => (row.due_at as Date).getTime())
      for (let i = 1; i < due.length; i++) expect((due[i] - due[i - 1]) % 1_000).toBe(0)
    } finally {
      await client.end()
    }
  })
})
