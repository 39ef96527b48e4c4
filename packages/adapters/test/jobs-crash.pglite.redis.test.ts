import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { it } from "vitest"
import { expectCommittedJobSurvivesDeath, expectJobSurvivesKill } from "./crash.js"
import { redisUrl } from "./services.js"

it("BullMQ on Redis: a job whose worker was killed (kill -9) runs again in the next process", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "servicekit-crash-"))
  try {
    await expectJobSurvivesKill(dataDir, redisUrl)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}, 120_000)

it("BullMQ on Redis: a job committed in a unit of work reaches Redis although its process died right after the commit", async () => {
  const dataDir = await mkdtemp(join(tmpdir(), "servicekit-crash-"))
  try {
    await expectCommittedJobSurvivesDeath(dataDir, redisUrl)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}, 120_000)
