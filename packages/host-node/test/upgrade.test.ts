import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { afterAll } from "vitest"
import { upgradeSuite } from "./upgradeSuite.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-upgrade-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

// A database of the build before migrations moved into modules, and of the one before the
// webhooks' own migrations (with a webhook subscription and its deliveries).
for (const fixture of ["0028", "0034"]) {
  upgradeSuite("on the embedded default", fixture, async (sql) => {
    // Where the kit keeps its embedded database in its data folder, one per fixture.
    const dataFolder = join(dataDir, fixture)
    mkdirSync(dataFolder)
    const database = await PGlite.create(join(dataFolder, "pglite"))
    await database.exec(sql)
    await database.close()
    return { SERVICEKIT_DATA_DIR: dataFolder, DATABASE_URL: "", REDIS_URL: "" }
  })
}
