import { temporaryDatabaseForFile } from "../../adapters/test/temporaryPostgres.js"
import { growthConversationsSuite } from "./growthConversations.js"

const databaseUrl = temporaryDatabaseForFile()

growthConversationsSuite("PostgreSQL", () => ({ DATABASE_URL: databaseUrl() }), "an SMTP server")
