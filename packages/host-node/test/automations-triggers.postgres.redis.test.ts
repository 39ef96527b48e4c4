import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { ServiceKit } from "@servicekit/core"
import { Effect, Exit, Scope } from "effect"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabase } from "../../adapters/test/temporaryPostgres.js"
import { resolveConfig } from "../src/Config.js"
import { portsLayer } from "../src/Runtime.js"
import { listen } from "../src/Server.js"
import { type Started, start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))

const engines = [
  { name: "BullMQ on Redis", redis: redisUrl },
  { name: "pg-boss on PostgreSQL", redis: "" }
]

for (const engine of engines) {
  describe(`schedule triggers with two worker processes, jobs on ${engine.name}`, () => {
    const scope = Effect.runSync(Scope.make())
    const dataDir = mkdtempSync(join(tmpdir(), "servicekit-triggers-"))
    afterAll(async () => {
      await Effect.runPromise(Scope.close(scope, Exit.void))
      rmSync(dataDir, { recursive: true, force: true })
    })

    it("makes exactly one run per due time, whichever process fires it", async () => {
      const databaseUrl = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
      const env = {
        DATABASE_URL: databaseUrl,
        REDIS_URL: engine.redis,
        SERVICEKIT_DATA_DIR: dataDir,
        SERVICEKIT_JWT_SECRET: "a-trigger-test-secret-of-32-bytes!!!",
        SERVICEKIT_LOG_LEVEL: "warn",
        // A schema of its own keeps its BullMQ queues apart from other test files' on the shared Redis.
        SERVICEKIT_DB_SCHEMA: "triggers_suite"
      }
      // The API in this process without workers; the schedulers and workers in two processes of their own.
      const kit = ServiceKit.make(portsLayer(resolveConfig({ workers: "off" }, { ...process.env, ...env })))
      const server = await listen(kit, { port: 0, host: "127.0.0.1" })
      const workers: Array<Started> = []
      try {
        const tenant = await kit.admin.createTenant({ name: "Triggers", entitlements: ["automations"] })
        const { key } = await kit.admin.createKey({
          tenantId: tenant.id,
          product: "automations",
          environment: "live",
          scopes: ["automations:manage"]
        })
        const api = async (method: string, path: string, body?: unknown) => {
          const response = await fetch(`${server.url}/api/v1/automations${path}`, {
            method,
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body)
          })
          expect(response.status).toBe(200)
          return response.json()
        }
        for (let i = 0; i < 2; i++) workers.push(start(process.execPath, [cli, "worker", "--json"], env))
        await Promise.all(workers.map((worker) => worker.waitFor(/\{"working":true\}/, 60_000)))

        const workflow = await api("POST", "/workflows", {
          name: "Every second",
          triggerJson: { schemaVersion: 1, type: "schedule", everySeconds: 1 },
          stepsJson: [{ type: "log", message: "due {{payload.dueAt}}" }]
        })
        const runs = async (): Promise<Array<any>> =>
          (await api("GET", `/runs?workflowId=${workflow.id}&limit=100`)).data
        const deadline = Date.now() + 60_000
        while ((await runs()).filter((run) => run.status === "succeeded").length < 5) {
          if (Date.now() > deadline) {
            throw new Error(
              `too few runs: ${JSON.stringify(await runs())}\n${workers.map((w) => w.output()).join("\n")}`
            )
          }
          await new Promise((resolve) => setTimeout(resolve, 200))
        }
        await api("PATCH", `/workflows/${workflow.id}`, { active: false })
        // Firings taken before the change end first.
        await new Promise((resolve) => setTimeout(resolve, 2_000))

        const all = await runs()
        const client = new pg.Client({ connectionString: databaseUrl })
        await client.connect()
        const firings = await client
          .query("select due_at from triggers_suite.schedule_firings where schedule_id = $1 order by due_at", [
            `automations:workflow:${workflow.id}`
          ])
          .finally(() => client.end())
        const fired = firings.rows.map((row) => (row.due_at as Date).toISOString())
        const due = all.map((run) => run.payload.dueAt as string).sort()

        expect(all.every((run) => run.status === "succeeded" && run.trigger.type === "schedule")).toBe(true)
        // No due time ran twice, each run answers a recorded firing, and every firing up to the
        // last run's made its run (a later one found the workflow inactive).
        expect(new Set(due).size).toBe(due.length)
        expect(fired).toEqual(expect.arrayContaining(due))
        expect(fired.filter((at) => at <= due.at(-1)!)).toEqual(due)
        expect(due.length).toBeGreaterThanOrEqual(5)
      } finally {
        for (const worker of workers) expect(await worker.stop(), worker.output()).toBe(0)
        await server.close()
        await kit.dispose()
      }
    })
  })
}
