import { fileURLToPath } from "node:url"
import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { automationsRunsSuite } from "./automationsRuns.js"
import { start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))
const databaseUrl = temporaryDatabaseForFile()

automationsRunsSuite({
  storage: "Postgres and Redis, followed by two `servicekit worker` processes",
  env: () => ({
    DATABASE_URL: databaseUrl(),
    REDIS_URL: redisUrl,
    // A schema of its own keeps its BullMQ queues apart from other test files' on the shared Redis.
    SERVICEKIT_DB_SCHEMA: "runs_suite"
  }),
  startWorkers: async (_served, env) => {
    const workers = [0, 1].map(() =>
      start(process.execPath, [cli, "worker", "--json"], {
        ...env,
        SERVICEKIT_JWT_SECRET: "a-runs-suite-secret-of-32-bytes!!!!!",
        SERVICEKIT_LOG_LEVEL: "warn"
      })
    )
    await Promise.all(workers.map((worker) => worker.waitFor(/\{"working":true\}/, 60_000)))
    return async () => {
      await Promise.all(workers.map((worker) => worker.stop()))
    }
  }
})
