import { fileURLToPath } from "node:url"
import { expect } from "vitest"
import { start } from "../../host-node/test/spawn.js"

const worker = fileURLToPath(new URL("./fixtures/crash-worker.mjs", import.meta.url))

/**
 * Kills a worker process with SIGKILL while it holds a job, then starts another worker on the same
 * store: the job must come back once its lease has passed, as attempt 2, and complete there.
 */
export const expectJobSurvivesKill = async (store: string) => {
  const queue = `crash.${globalThis.crypto.randomUUID().slice(0, 8)}`
  const first = start(process.execPath, [worker, store, queue, "enqueue-and-hang"], {})
  await first.waitFor(/started 1/, 60_000)
  first.child.kill("SIGKILL")
  expect(await first.stop()).toBeNull()

  const second = start(process.execPath, [worker, store, queue, "work"], {})
  try {
    await second.waitFor(/done 2/, 60_000)
    expect(second.output()).not.toMatch(/started 1/)
  } finally {
    await second.stop()
  }
}
