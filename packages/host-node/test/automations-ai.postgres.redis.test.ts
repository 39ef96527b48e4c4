import { fileURLToPath } from "node:url"
import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { automationsAiSuite } from "./automationsAi.js"
import { start } from "./spawn.js"

const worker = fileURLToPath(new URL("./fixtures/aiWorker.mjs", import.meta.url))
const databaseUrl = temporaryDatabaseForFile()

// A schema of its own keeps its BullMQ queues apart from other test files' on the shared Redis.
// One worker process, the embedder's (with its skill): a label's cooldown lives in the process
// that called it, and the tests read what the one before left.
automationsAiSuite(
  "Postgres and Redis, followed by an embedder's worker process",
  () => ({ DATABASE_URL: databaseUrl(), REDIS_URL: redisUrl, SERVICEKIT_DB_SCHEMA: "ai_suite" }),
  async (env) => {
    const started = start(process.execPath, [worker], {
      ...env,
      SERVICEKIT_JWT_SECRET: "an-ai-suite-secret-of-32-bytes!!!!!!",
      SERVICEKIT_LOG_LEVEL: "warn"
    })
    await started.waitFor(/\{"working":true\}/, 60_000)
    return async () => {
      await started.stop()
    }
  }
)
