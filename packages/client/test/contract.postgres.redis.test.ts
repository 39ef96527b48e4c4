import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { contractSuite } from "./contractSuite.js"

const databaseUrl = temporaryDatabaseForFile()

contractSuite({
  storage: "PostgreSQL in a temporary database and Redis, workers in-process",
  env: () => ({
    DATABASE_URL: databaseUrl(),
    REDIS_URL: redisUrl,
    // A schema of its own keeps its queues and rate limits apart from other test files' and other
    // runs' on the shared Redis (its hourly limits would otherwise count every run of the hour).
    SERVICEKIT_DB_SCHEMA: `client_contract_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`
  })
})
