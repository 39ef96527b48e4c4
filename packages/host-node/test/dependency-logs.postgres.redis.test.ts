import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { privateRedis } from "../../adapters/test/privateRedis.js"
import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { captureStdout } from "./capturedOutput.js"
import { until } from "./chatEvents.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"
import { type Started, start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))
const databaseUrl = temporaryDatabaseForFile()

/** The outage lines of `dependency` in `output`, as `LEVEL message`. */
const outageLines = (output: string, dependency: string) =>
  output
    .split("\n")
    .filter((line) => / dependency (down|up) /.test(line) && line.includes(`dependency=${dependency}`))
    .map((line) => line.replace(/^\S+ (\w+)\s+(dependency \w+).*$/, "$1 $2"))

describe("logs while Redis goes away and comes back, in a host and in a worker", () => {
  const redis = privateRedis()
  const stdout = captureStdout()
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-outage-logs-"))
  let worker: Started
  beforeAll(async () => {
    await redis.start()
    worker = start(process.execPath, [cli, "worker"], {
      DATABASE_URL: databaseUrl(),
      REDIS_URL: redis.url,
      SERVICEKIT_DATA_DIR: dataDir,
      SERVICEKIT_JWT_SECRET: "a-dependency-log-test-secret-32-bytes!!",
      SERVICEKIT_LOG_LEVEL: "info"
    })
    await worker.waitFor(/workers running/)
  }, 60_000)
  afterAll(async () => {
    await worker?.stop()
    await redis.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const served = serve(() => kitOn({ DATABASE_URL: databaseUrl(), REDIS_URL: redis.url, SERVICEKIT_LOG_LEVEL: "info" }))

  it("says once that Redis is down and once that it is back, without a stack trace, and readiness names Redis meanwhile", async () => {
    const calls = () => fetch(`${served.url}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${served.key}` } })
    expect((await calls()).status).toBe(200)
    await redis.stop()
    await until("the host's down line", () => outageLines(stdout.text(), "redis").length === 1, 10_000)
    await until("the worker's down line", () => outageLines(worker.output(), "redis").length === 1, 10_000)
    // Requests go on (rate limits fail open) and the clients keep reconnecting for a few seconds.
    for (let i = 0; i < 10; i++) {
      expect((await calls()).status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 300))
    }
    const error = await expectRefusal(await fetch(`${served.url}/api/readyz`), 503, "not_ready")
    expect(error.details).toEqual([{ field: "redis", reason: "unreachable" }])

    await redis.start()
    await until("the host's up line", () => outageLines(stdout.text(), "redis").length === 2, 10_000)
    await until("the worker's up line", () => outageLines(worker.output(), "redis").length === 2, 10_000)
    expect((await calls()).status).toBe(200)
    // Readiness asks Redis on a connection of its own, which may still be waiting out its reconnect backoff.
    await expect.poll(async () => (await fetch(`${served.url}/api/readyz`)).status, { timeout: 10_000 }).toBe(200)
    // Late reconnects of other connections add nothing.
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    for (const output of [stdout.text(), worker.output()]) {
      expect(outageLines(output, "redis")).toEqual(["WARN dependency down", "INFO dependency up"])
      expect(output).not.toContain("ECONNREFUSED")
      expect(output).not.toMatch(/^\s+at /m)
    }
  }, 60_000)
})
