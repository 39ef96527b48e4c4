import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { automationsSequencesSuite } from "./automationsSequences.js"

const databaseUrl = temporaryDatabaseForFile()

// A schema of its own keeps its BullMQ queues apart from other test files' on the shared Redis.
automationsSequencesSuite("Postgres and Redis", () => ({
  DATABASE_URL: databaseUrl(),
  REDIS_URL: redisUrl,
  SERVICEKIT_DB_SCHEMA: "sequences_suite"
}))
