import { fileURLToPath } from "node:url"
import { expect } from "vitest"
import { start } from "../../host-node/test/spawn.js"

const worker = fileURLToPath(new URL("./fixtures/crash-worker.mjs", import.meta.url))

/**
 * Kills a worker process with SIGKILL while it holds a job, then starts another worker on the same
 * store: the job must come back once its lease has passed, as attempt 2, and complete there.
 */
export const expectJobSurvivesKill = async (store: string, redisUrl?: string) => {
  const queue = `crash.${globalThis.crypto.randomUUID().slice(0, 8)}`
  const args = (mode: string) => [worker, store, queue, mode, ...(redisUrl === undefined ? [] : [redisUrl])]
  const first = start(process.execPath, args("enqueue-and-hang"), {})
  await first.waitFor(/started 1/, 60_000)
  first.child.kill("SIGKILL")
  expect(await first.stop()).toBeNull()

  const second = start(process.execPath, args("work"), {})
  try {
    await second.waitFor(/done 2/, 60_000)
    expect(second.output()).not.toMatch(/started 1/)
  } finally {
    await second.stop()
  }
}

/**
 * A process that commits a job in a unit of work and dies at once, before anything could hand
 * the job to the engine: the next process must still run it.
 */
export const expectCommittedJobSurvivesDeath = async (store: string, redisUrl?: string) => {
  const queue = `crash.${globalThis.crypto.randomUUID().slice(0, 8)}`
  const args = (mode: string) => [worker, store, queue, mode, ...(redisUrl === undefined ? [] : [redisUrl])]
  const first = start(process.execPath, args("commit-and-die"), {})
  const signal = await new Promise((resolve) => first.child.once("exit", (_code, signal) => resolve(signal)))
  expect(signal).toBe("SIGKILL")
  const second = start(process.execPath, args("work"), {})
  try {
    await second.waitFor(/done 1/, 60_000)
  } finally {
    await second.stop()
  }
}
