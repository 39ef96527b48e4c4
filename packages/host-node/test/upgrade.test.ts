import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { afterAll } from "vitest"
import { upgradeSuite } from "./upgradeSuite.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-upgrade-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

upgradeSuite("on the embedded default", "0028", async (sql) => {
  // Where the kit keeps its embedded database in its data folder.
  const database = await PGlite.create(join(dataDir, "pglite"))
  await database.exec(sql)
  await database.close()
  return { SERVICEKIT_DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "" }
})
