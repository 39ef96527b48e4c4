// ServiceKit in a process of its own for bench/automations.mjs. Its workers start in-process
// when the parent asks ({ startWorkers }), so that runs can wait in the queue first; with
// BENCH_AUTOMATIONS_WORKER_PROCESS=1 they run in a worker process of their own instead
// (bench/automations/worker.mjs, started with this one, its pid answered as workerPid). It answers
// its URL and an automations key (scope automations:manage) of a tenant entitled to automations.
// { profile: "start" } and { profile: "stop", file } take a CPU profile of one phase. With BENCH_AUTOMATIONS_SQL=1 it tallies the SQL statements it sends
// (pg's Client, PGlite): { sql: "reset" } starts over, { sql: "report" } answers them by kind.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { Session } from "node:inspector/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createServiceKit, listen } from "@servicekit/host-node"
import { ask, start, stop } from "../processes.mjs"
import { tallySql } from "./sql.mjs"

const sql = process.env.BENCH_AUTOMATIONS_SQL === "1" ? await tallySql() : undefined

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bench-automations-"))
const kit = createServiceKit({
  dataDir,
  databaseUrl: process.env.BENCH_AUTOMATIONS_DATABASE_URL || undefined,
  redisUrl: process.env.BENCH_AUTOMATIONS_REDIS_URL || undefined,
  logLevel: "warn",
  // Limits high enough that the load is never throttled; the limiter still runs on every request.
  keyRateLimitPerMinute: 100_000_000,
  ipRateLimits: [{ pathPrefix: "/v1/", limit: 100_000_000, windowMs: 60_000 }]
})
const server = await listen(kit, { port: 0, host: "127.0.0.1" })
const tenant = await kit.admin.createTenant({ name: "Bench automations", entitlements: ["automations"] })
const { key } = await kit.admin.createKey({
  tenantId: tenant.id,
  product: "automations",
  environment: "live",
  scopes: ["automations:manage"]
})
const worker =
  process.env.BENCH_AUTOMATIONS_WORKER_PROCESS === "1"
    ? (await start(new URL("./worker.mjs", import.meta.url), process.env)).child
    : undefined
process.send({ url: server.url, key, tenantId: tenant.id, workerPid: worker?.pid })

let inspector
process.on("message", async (message) => {
  if (message.startWorkers) {
    if (worker === undefined) await kit.startWorkers()
    else await ask(worker, { startWorkers: true }, (answer) => answer.workersStarted)
    process.send({ workersStarted: true })
  } else if (message.profile === "start") {
    inspector = new Session()
    inspector.connect()
    await inspector.post("Profiler.enable")
    await inspector.post("Profiler.start")
    process.send({ profiling: true })
  } else if (message.sql === "reset") {
    sql.reset()
    process.send({ sqlReset: true })
  } else if (message.sql === "report") {
    process.send({ sqlReport: sql.report() })
  } else if (message.profile === "stop") {
    const { profile } = await inspector.post("Profiler.stop")
    inspector.disconnect()
    writeFileSync(message.file, JSON.stringify(profile))
    process.send({ profiled: message.file })
  }
})
process.on("disconnect", async () => {
  if (worker !== undefined) await stop(worker)
  await server.close({ deadlineMs: 1_000 })
  await kit.dispose()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
})
