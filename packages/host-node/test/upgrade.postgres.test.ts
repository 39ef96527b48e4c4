import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Scope } from "effect"
import pg from "pg"
import { afterAll } from "vitest"
import { temporaryDatabase } from "../../adapters/test/temporaryPostgres.js"
import { upgradeSuite } from "./upgradeSuite.js"

const scope = Effect.runSync(Scope.make())
const dataDir = mkdtempSync(join(tmpdir(), "servicekit-upgrade-"))
afterAll(async () => {
  await Effect.runPromise(Scope.close(scope, Exit.void))
  rmSync(dataDir, { recursive: true, force: true })
})

// A database of the build before migrations moved into modules, and of the one before the
// webhooks' own migrations (with a webhook subscription and its deliveries).
for (const fixture of ["0028", "0034"]) {
  upgradeSuite("on PostgreSQL", fixture, async (sql) => {
    const databaseUrl = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
    return { DATABASE_URL: databaseUrl, REDIS_URL: "", SERVICEKIT_DATA_DIR: join(dataDir, fixture) }
  })
}
