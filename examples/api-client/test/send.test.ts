import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { simpleParser } from "mailparser"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { kitOn, serve } from "../../../packages/host-node/test/hostileInput.js"
import { run } from "../../../packages/host-node/test/spawn.js"

const script = fileURLToPath(new URL("../send.mjs", import.meta.url))
const bun = fileURLToPath(new URL("../../../node_modules/.bin/bun", import.meta.url))
const dataDir = mkdtempSync(join(tmpdir(), "servicekit-client-example-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const mailboxFiles = () => {
  try {
    return readdirSync(join(dataDir, "mailbox")).filter((name) => name.endsWith(".eml"))
  } catch {
    return []
  }
}

describe("the API client example", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: dataDir }))
  let env: Record<string, string>
  beforeAll(async () => {
    await served.kit.startWorkers()
    const tenant = await served.kit.admin.createTenant({ name: "Client", entitlements: ["transactional", "business_email"] })
    const { key } = await served.kit.admin.createKey({
      tenantId: tenant.id,
      product: "transactional",
      environment: "test",
      scopes: ["transactional:send"]
    })
    env = { SERVICEKIT_URL: `${served.url}/api`, SERVICEKIT_KEY: key }
  })

  it("sends an email on Node, and again on Bun, where the idempotency key answers the first send", async () => {
    const first = await run(process.execPath, [script, "ada@example.com"], env)
    expect(first.stderr).toBe("")
    expect(first.code).toBe(0)
    const queued = first.stdout.match(/^queued ([0-9a-f-]{36})$/m)
    expect(queued, first.stdout).not.toBeNull()

    const deadline = Date.now() + 20_000
    while (mailboxFiles().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    const mail = await simpleParser(readFileSync(join(dataDir, "mailbox", mailboxFiles()[0]!)))
    expect(mail.subject).toBe("Hello from ServiceKit")
    expect(mail.text?.trim()).toBe("It works.")

    const again = await run(bun, [script, "ada@example.com"], env)
    expect(again.stderr).toBe("")
    expect(again.code).toBe(0)
    expect(again.stdout).toContain(`queued ${queued![1]}`)
    expect(again.stdout).toMatch(/^sent ada@example\.com \d{4}-\d\d-\d\dT/m)
    expect(mailboxFiles()).toHaveLength(1)
  })

  it("says why a send is refused", async () => {
    const refused = await run(process.execPath, [script, "ada@example.com"], { ...env, SERVICEKIT_KEY: "svk_test_transactional_aaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("401 invalid_key")
  })
})
