import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { ServiceKit } from "@servicekit/core"
import { EventBus, withTransaction } from "@servicekit/core/internal"
import { Effect, Exit, Schedule, Scope } from "effect"
import pg from "pg"
import { afterAll, describe, expect, it } from "vitest"
import { temporaryDatabase } from "../../adapters/test/temporaryPostgres.js"
import { resolveConfig } from "../src/Config.js"
import { portsLayer } from "../src/Runtime.js"
import { start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))

describe("servicekit worker", () => {
  const scope = Effect.runSync(Scope.make())
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-worker-"))
  afterAll(async () => {
    await Effect.runPromise(Scope.close(scope, Exit.void))
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("dispatches the events a server process commits, then drains and exits on SIGTERM", async () => {
    const databaseUrl = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: "",
      SERVICEKIT_DATA_DIR: dataDir,
      SERVICEKIT_JWT_SECRET: "a-worker-test-secret-of-32-bytes!!"
    }
    const worker = start(process.execPath, [cli, "worker", "--json"], env)
    await worker.waitFor(/\{"working":true\}/, 60_000)

    // A server process that runs no workers of its own publishes one event; like the worker, it
    // has no Redis, whatever the suite's environment says.
    const server = ServiceKit.make(portsLayer(resolveConfig({ workers: "off" }, { ...process.env, ...env })))
    const id = globalThis.crypto.randomUUID()
    try {
      await server.runtime.runPromise(
        withTransaction(
          Effect.flatMap(EventBus, (bus) =>
            bus.publish([
              {
                id,
                tenantId: globalThis.crypto.randomUUID(),
                aggregate: "order:1",
                type: "order.paid",
                payload: {},
                occurredAt: new Date()
              }
            ])
          )
        )
      )
    } finally {
      await server.dispose()
    }

    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      const dispatched = Effect.promise(() =>
        client
          // A dispatched event leaves the outbox.
          .query("select 1 from servicekit.event_outbox where id = $1", [id])
          .then(({ rows }) => rows.length === 0)
      )
      await Effect.runPromise(
        Effect.repeat(dispatched, { until: (done) => done, schedule: Schedule.spaced("100 millis") }).pipe(
          // Within 20 seconds: before the worker's 30-second sweep, so the server's own wake must have done it.
          Effect.timeoutFail({
            duration: "20 seconds",
            onTimeout: () => new Error("the worker process did not dispatch the event")
          })
        )
      )
    } finally {
      await client.end()
    }
    expect(await worker.stop()).toBe(0)
  }, 120_000)
})
