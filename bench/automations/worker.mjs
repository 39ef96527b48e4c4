// A worker process for bench/automations.mjs, as `servicekit worker` runs: ServiceKit's background
// workers on the bench's Postgres and Redis, without the HTTP API. Started by bench/automations/server.mjs
// when BENCH_AUTOMATIONS_WORKER_PROCESS=1; its workers start when it is asked ({ startWorkers }).
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createServiceKit } from "@servicekit/host-node"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bench-automations-worker-"))
const kit = createServiceKit({
  dataDir,
  databaseUrl: process.env.BENCH_AUTOMATIONS_DATABASE_URL,
  redisUrl: process.env.BENCH_AUTOMATIONS_REDIS_URL,
  logLevel: "warn"
})
process.on("message", async (message) => {
  if (message.startWorkers) {
    await kit.startWorkers()
    process.send({ workersStarted: true })
  }
})
process.on("disconnect", async () => {
  await kit.dispose()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
})
process.send({ ready: true })
