import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { it } from "vitest"
import { expectJobSurvivesKill } from "./crash.js"

it("pg-boss on PGlite: a job whose worker was killed (kill -9) runs again in the next process", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "servicekit-crash-"))
  try {
    await expectJobSurvivesKill(dataDir)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}, 120_000)
