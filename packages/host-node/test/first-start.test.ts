import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { type Started, run, start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))

describe("the standalone server's first start", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-first-start-"))
  const env = { SERVICEKIT_DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "" }
  let server: Started | undefined
  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("prints a key and a working first request for each product, on a development tenant with sample calls", async () => {
    server = start(process.execPath, [cli, "serve", "--port", "0", "--host", "127.0.0.1"], env)
    await server.waitFor(/These secrets are shown only now/)
    const printed = server.output()
    const keyOf = (product: string) => printed.match(new RegExp(`${product} test key:\\s+(\\S+)`))![1]!

    // The Live Chat test key's `live` is explained where it is printed.
    expect(keyOf("chat")).toMatch(/^svk_test_live_/)
    expect(printed).toMatch(/chat test key:\s+svk_test_live_\S+\s+\(`live` here is not the environment/)
    expect(printed).toContain("sample data: 12 sample calls for the voice key to list, marked callSid sample-01 to sample-12")

    // Each printed first request, run as printed, answers with something to see.
    const tries = [...printed.matchAll(/^ {2}try: (.+)$/gm)].map((match) => match[1]!)
    expect(tries).toHaveLength(4)
    const answers = await Promise.all(
      tries.map(async (command) => {
        const { code, stdout } = await run("sh", ["-c", `${command} --silent --show-error`])
        expect(code, command).toBe(0)
        return JSON.parse(stdout)
      })
    )
    // In the modules' order: Live Chat, Business Calling, Transactional, Automations.
    const [session, calls, sent, workflow] = answers
    expect(calls.data).toHaveLength(12)
    expect(calls.data.every((call: { callSid: string }) => call.callSid.startsWith("sample-"))).toBe(true)
    expect(session).toMatchObject({ externalId: "visitor-1", chatUrl: expect.stringContaining("/public/chat?") })
    expect(sent.messages).toMatchObject([{ to: "you@example.com", status: "queued" }])
    expect(workflow).toMatchObject({ name: "Hello", revision: 1 })

    // The console's link carries the admin token in its fragment, which the console signs in with.
    const adminToken = printed.match(/admin dashboard token:\s+(\S+)/)![1]!
    const consoleLink = new URL(printed.match(/console \(as admin\):\s+(\S+)/)![1]!)
    expect(consoleLink.pathname).toBe("/api/console")
    expect(consoleLink.search).toBe("")
    expect(consoleLink.hash).toBe(`#token=${adminToken}`)
    expect((await fetch(consoleLink)).headers.get("content-security-policy")).toContain("frame-ancestors 'self'")
    const signedIn = await fetch(new URL("/api/growth/entitlements", consoleLink), {
      headers: { authorization: `Bearer ${adminToken}` }
    })
    expect(signedIn.status).toBe(200)
    expect(await server.stop()).toBe(0)

    // Only the first start creates the tenant and its samples: a second one neither prints nor adds any.
    server = start(process.execPath, [cli, "serve", "--port", "0", "--host", "127.0.0.1", "--json"], env)
    const [line] = await server.waitFor(/\{"listening".*\}/)
    expect(JSON.parse(line).development).toBeNull()
    const url = JSON.parse(line).listening
    const again = await fetch(`${url}/api/v1/voice/calls?limit=100`, { headers: { authorization: `Bearer ${keyOf("voice")}` } })
    expect((await again.json()).data).toHaveLength(12)
  })
})
