import { fileURLToPath } from "node:url"
import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { automationsNodesSuite } from "./automationsNodes.js"
import { start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))
const databaseUrl = temporaryDatabaseForFile()

automationsNodesSuite(
  "Postgres and Redis, runs followed by a `servicekit worker` process",
  () => ({
    DATABASE_URL: databaseUrl(),
    REDIS_URL: redisUrl,
    // A schema of its own keeps its BullMQ queues apart from other test files' on the shared Redis.
    SERVICEKIT_DB_SCHEMA: "nodes_suite"
  }),
  async (env) => {
    const worker = start(process.execPath, [cli, "worker", "--json"], {
      ...env,
      SERVICEKIT_JWT_SECRET: "a-nodes-suite-secret-of-32-bytes!!!!",
      SERVICEKIT_LOG_LEVEL: "warn"
    })
    await worker.waitFor(/\{"working":true\}/, 60_000)
    return async () => {
      await worker.stop()
    }
  }
)
