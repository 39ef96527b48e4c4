import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { automationsSkillsSuite } from "./automationsSkills.js"

const databaseUrl = temporaryDatabaseForFile()

// A schema of its own keeps its BullMQ queues apart from other test files' on the shared Redis.
automationsSkillsSuite("Postgres and Redis", () => ({
  DATABASE_URL: databaseUrl(),
  REDIS_URL: redisUrl,
  SERVICEKIT_DB_SCHEMA: "skills_suite"
}))
