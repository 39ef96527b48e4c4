import { Effect, Exit, Scope } from "effect"
import { afterAll, beforeAll } from "vitest"
import { temporaryDatabase } from "../../adapters/test/temporaryPostgres.js"
import { kitOn, storageInputSuite } from "./hostileInput.js"

const scope = Effect.runSync(Scope.make())
let databaseUrl: string
beforeAll(async () => {
  databaseUrl = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
}, 60_000)
afterAll(() => Effect.runPromise(Scope.close(scope, Exit.void)))

storageInputSuite("PostgreSQL", () => kitOn({ DATABASE_URL: databaseUrl }))
