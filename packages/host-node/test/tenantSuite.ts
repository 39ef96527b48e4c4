import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll } from "vitest"
import { type Served, kitOn, serve } from "./hostileInput.js"

export const adminToken = "platform-admin-token-of-at-least-32-chars"

/** Where a tenant lifecycle suite runs: its storage's environment, and how its workers start (answering how they stop). */
export interface TenantSuiteSetting {
  readonly storage: string
  readonly env: () => Record<string, string>
  readonly startWorkers: (served: Served, env: Record<string, string>) => Promise<() => Promise<void>>
}

/**
 * A kit served on the setting's storage with the platform admin token, in a data folder of its
 * own; `startWorkers` starts its workers once, and they stop (and the folder goes) after the suite.
 */
export const servedOn = (setting: TenantSuiteSetting, folder: string) => {
  const dataDir = mkdtempSync(join(tmpdir(), `servicekit-${folder}-`))
  const env = () => ({
    SERVICEKIT_ADMIN_TOKEN: adminToken,
    SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
    // Some calls are limited per client address, counted in the Redis other test files share.
    SERVICEKIT_IP_RATE_LIMITS: "off",
    ...setting.env()
  })
  const served = serve(() => kitOn(env()))
  let stopWorkers = async () => {}
  afterAll(async () => {
    await stopWorkers()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return {
    served,
    startWorkers: async () => {
      stopWorkers = await setting.startWorkers(served, env())
    }
  }
}
