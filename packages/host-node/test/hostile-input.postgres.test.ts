import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { kitOn, storageInputSuite } from "./hostileInput.js"

const databaseUrl = temporaryDatabaseForFile()

storageInputSuite("PostgreSQL", () => kitOn({ DATABASE_URL: databaseUrl() }))
