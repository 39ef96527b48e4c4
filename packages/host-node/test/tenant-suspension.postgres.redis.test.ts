import { fileURLToPath } from "node:url"
import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { start } from "./spawn.js"
import { tenantSuspensionSuite } from "./tenantSuspension.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))
const databaseUrl = temporaryDatabaseForFile()

tenantSuspensionSuite({
  storage: "Postgres and Redis, followed by a `servicekit worker` process",
  env: () => ({
    DATABASE_URL: databaseUrl(),
    REDIS_URL: redisUrl,
    // A schema of its own keeps its BullMQ queues apart from other test files' on the shared Redis.
    SERVICEKIT_DB_SCHEMA: "suspension_suite"
  }),
  startWorkers: async (_served, env) => {
    const worker = start(process.execPath, [cli, "worker", "--json"], {
      ...env,
      SERVICEKIT_JWT_SECRET: "a-suspension-secret-of-32-bytes!!!!!",
      SERVICEKIT_LOG_LEVEL: "warn"
    })
    await worker.waitFor(/\{"working":true\}/, 60_000)
    return async () => {
      await worker.stop()
    }
  }
})
