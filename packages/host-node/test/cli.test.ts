import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, afterEach, describe, expect, it } from "vitest"
import { run, start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))

/** The CLI on a data folder of its own, which `afterAll` removes. */
const onDataFolder = () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-cli-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const env = { SERVICEKIT_DATA_DIR: dataDir, DATABASE_URL: "", REDIS_URL: "" }
  const servicekit = (...args: Array<string>) => run(process.execPath, [cli, ...args], env)
  const json = async (...args: Array<string>) => {
    const result = await servicekit(...args, "--json")
    expect(result.stderr, `servicekit ${args.join(" ")}`).toBe("")
    expect(result.code).toBe(0)
    return JSON.parse(result.stdout)
  }
  return { dataDir, env, servicekit, json }
}

// Each command is a process opening the database, seconds each on a loaded machine. The embedded
// database admits one process per data folder, so the tests run as two sequences side by side,
// each on its own folder (`describe.concurrent`, its tests `it.sequential`, in order); within a
// test, commands that do not open the database (jwt, usage errors, unconfirmed deletions, a
// command refused a busy folder) run beside the others. A test runs up to six such processes one
// after another: idle, 20 s; in a full run on two cores, up to four times that, hence the timeout.
const CLI_TIMEOUT_MS = 180_000

describe.concurrent("servicekit CLI round trip on the embedded database", { timeout: CLI_TIMEOUT_MS }, () => {
  const { dataDir, env, servicekit, json } = onDataFolder()
  const serving: Array<ReturnType<typeof start>> = []
  const serve = async () => {
    const server = start(process.execPath, [cli, "serve", "--port", "0", "--host", "127.0.0.1", "--json"], env)
    serving.push(server)
    const [line] = await server.waitFor(/\{"listening".*\}/)
    return { server, url: JSON.parse(line).listening as string }
  }
  // A test that ran out of time leaves no server holding the data folder for the next ones.
  afterEach(() =>
    Promise.all(
      serving.splice(0).map((server) => {
        if (server.child.exitCode === null) server.child.kill("SIGKILL")
        return server.stop()
      })
    )
  )

  let tenantId: string
  let keyId: string
  let key: string

  it.sequential("creates a tenant and a key", async () => {
    const tenant = await json("tenant", "create", "--name", "Acme Calls", "--entitle", "voice,chat")
    expect(tenant).toMatchObject({ name: "Acme Calls", entitlements: ["voice", "chat"] })
    tenantId = tenant.id

    const created = await json(
      "key", "create", "--tenant", tenantId, "--product", "voice", "--env", "live", "--scopes", "voice:read", "--name", "reporting"
    )
    expect(created.key).toMatch(/^svk_live_voice_[a-z0-9]{8}_[A-Za-z0-9]{32}$/)
    expect(created).toMatchObject({ name: "reporting", scopes: ["voice:read"], revokedAt: null })
    keyId = created.id
    key = created.key
  })

  // A test of its own: each command starts a process on the embedded database, a few seconds each on a busy machine.
  it.sequential("imports calls from CSV and JSON, each call once", async () => {
    const csv = join(dataDir, "calls.csv")
    writeFileSync(
      csv,
      [
        "id,fromId,toId,direction,durationSecs,result,startedAt,endedAt,callSid,mosScore",
        "11111111-1111-4111-8111-111111111111,+15550001,+15550002,inbound,61,completed,2026-11-01T10:00:00Z,2026-11-01T10:01:01Z,CA1,4.2",
        "22222222-2222-4222-8222-222222222222,+15550003,+15550004,outbound,0,busy,2026-11-01T11:00:00Z,,,"
      ].join("\n")
    )
    expect(await json("calls", "import", "--tenant", tenantId, csv)).toEqual({ received: 2, inserted: 2, skipped: 0 })
    expect(await json("calls", "import", "--tenant", tenantId, csv)).toEqual({ received: 2, inserted: 0, skipped: 2 })

    const file = join(dataDir, "calls.json")
    writeFileSync(file, JSON.stringify({ calls: [{ fromId: "a", toId: "b", direction: "inbound", durationSecs: 5, result: "missed", startedAt: "2026-11-02T08:00:00Z" }] }))
    expect(await json("calls", "import", "--tenant", tenantId, file)).toEqual({ received: 1, inserted: 1, skipped: 0 })
  })

  it.sequential("rejects an invalid call file with the row and field, importing nothing", async () => {
    const file = join(dataDir, "bad.json")
    writeFileSync(file, JSON.stringify([{ fromId: "a", toId: "b", direction: "inbound", durationSecs: 5, result: "missed", startedAt: "2026-11-02T09:00:00Z" }, { fromId: "a", toId: "b", direction: "up", durationSecs: 5, result: "missed", startedAt: "2026-11-02T09:00:00Z" }]))
    const result = await servicekit("calls", "import", "--tenant", tenantId, file)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain("[1].direction")
  })

  it.sequential("serves what the CLI stored; refuses to share the data folder while serving", async () => {
    const { server, url } = await serve()
    try {
      const response = await fetch(`${url}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${key}` } })
      expect(response.status).toBe(200)
      const body = await response.json()
      expect(body.data.map((c: any) => c.callSid)).toEqual([null, null, "CA1"])
      expect(body.data[2]).toMatchObject({ id: "11111111-1111-4111-8111-111111111111", durationSecs: 61, mosScore: 4.2, endedAt: "2026-11-01T10:01:01.000Z" })

      // Signing a dashboard token needs only the secret, not the folder the server holds.
      const [busy, { token }] = await Promise.all([
        servicekit("key", "create", "--tenant", tenantId, "--product", "voice", "--env", "test", "--scopes", "voice:read"),
        json("jwt", "--tenant", tenantId, "--role", "member")
      ])
      expect(busy.code).toBe(1)
      expect(busy.stderr).toMatch(/in use by servicekit serve \(pid \d+\)/)
      expect(busy.stderr).toMatch(/stop that process/)

      const entitlements = await fetch(`${url}/api/growth/entitlements`, { headers: { authorization: `Bearer ${token}` } })
      expect(entitlements.status).toBe(200)
    } finally {
      expect(await server.stop()).toBe(0)
    }
    // A server, two CLI runs beside each other, the server's drain: minutes on a busy machine.
  }, 180_000)

  it.sequential("revokes keys and signs dashboard tokens the server accepts", async () => {
    const [revoked, { token }] = await Promise.all([
      json("key", "revoke", "--tenant", tenantId, keyId),
      json("jwt", "--tenant", tenantId)
    ])
    expect(revoked.revokedAt).not.toBeNull()
    const { server, url } = await serve()
    try {
      const refused = await fetch(`${url}/api/v1/voice/calls`, { headers: { "x-api-key": key } })
      expect(refused.status).toBe(401)
      expect((await refused.json()).error.code).toBe("key_revoked")
      const entitlements = await fetch(`${url}/api/growth/entitlements`, { headers: { authorization: `Bearer ${token}` } })
      expect(await entitlements.json()).toEqual({ tenantId, entitlements: ["voice", "chat"] })
    } finally {
      await server.stop()
    }
  })

  it.sequential("exits 1 with the reason when the services refuse", async () => {
    const [result, notATenant] = await Promise.all([
      servicekit("key", "create", "--tenant", tenantId, "--product", "voice", "--env", "live", "--scopes", "chat:read", "--json"),
      servicekit("jwt", "--tenant", "acme")
    ])
    expect(result.code).toBe(1)
    expect(JSON.parse(result.stderr).error).toMatchObject({ code: "validation_failed", details: [{ field: "scopes" }] })
    expect(notATenant.code).toBe(2)
    expect(notATenant.stderr).toMatch(/--tenant "acme" is not a tenant id/)
  })

  it.sequential("entitles a tenant to more products, keeping those it has", async () => {
    const entitled = await json("tenant", "entitle", "--tenant", tenantId, "business_email,voice", "transactional")
    expect(entitled).toMatchObject({ id: tenantId, entitlements: ["voice", "chat", "business_email", "transactional"] })
    const unknown = await servicekit("tenant", "entitle", "--tenant", tenantId, "fax", "--json")
    expect(unknown.code).toBe(1)
    expect(JSON.parse(unknown.stderr).error).toMatchObject({ code: "validation_failed", details: [{ field: "entitlements" }] })
  })

  it.sequential("suspends a tenant with a reason and resumes it, refusing a reason too long", async () => {
    const suspended = await json("tenant", "suspend", "--tenant", tenantId, "--reason", "unpaid invoice")
    expect(suspended).toMatchObject({ id: tenantId, suspension: { reason: "unpaid invoice" } })
    expect(Date.parse(suspended.suspension.at)).toBeGreaterThan(Date.now() - 60_000)
    const told = await servicekit("tenant", "suspend", "--tenant", tenantId)
    expect(told.code).toBe(0)
    expect(told.stdout).toContain(`is suspended since ${suspended.suspension.at}`)
    expect(await json("tenant", "resume", "--tenant", tenantId)).toMatchObject({ id: tenantId, suspension: null })
    const tooLong = await servicekit("tenant", "suspend", "--tenant", tenantId, "--reason", "x".repeat(501), "--json")
    expect(tooLong.code).toBe(1)
    expect(JSON.parse(tooLong.stderr).error).toMatchObject({ code: "validation_failed", details: [{ field: "reason" }] })
    expect(await json("tenant", "resume", "--tenant", tenantId)).toMatchObject({ suspension: null })
  })
})

// Beside the round trip, on a data folder of its own: usage errors and deleting tenants.
describe.concurrent("servicekit CLI usage errors and tenant deletion on the embedded database", { timeout: CLI_TIMEOUT_MS }, () => {
  const { dataDir, env, servicekit, json } = onDataFolder()
  let scriptedId: string

  it.sequential.each([
    [["key", "create", "--tenant", "x"], /--product is required/],
    [["key", "create", "--tenant", "x", "--product", "voice", "--env", "prod", "--scopes", "voice:read"], /--env "prod" is not live or test/],
    [["tenant", "create"], /--name is required/],
    [["serve", "--port", "http"], /--port must be/],
    [["tenant", "create", "--name", "x", "--colour", "blue"], /Unknown option '--colour'/],
    [["frobnicate"], /unknown command "frobnicate"/],
    [["key", "revoke", "--tenant", "x"], /exactly one KEY_ID/],
    [["tenant", "entitle", "--tenant", "x"], /takes the products to add: chat, voice, transactional, business_email/],
    [["tenant", "export", "--tenant", "x"], /--out is required/]
  ])("exits 2 with a clear message for %j", async (args, message) => {
    const result = await servicekit(...args)
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
  })

  // A test of its own: each command is a process opening the database, a few seconds each on a loaded machine.
  it.sequential("exports a tenant to a file, deletes it at once with --json, and answers a deletion never requested as not found", async () => {
    // With --json nothing is asked: a script has said what it wants.
    const scripted = await json("tenant", "create", "--name", "Scripted", "--entitle", "voice")
    scriptedId = scripted.id
    await json("key", "create", "--tenant", scripted.id, "--product", "voice", "--env", "live", "--scopes", "voice:read")
    // Exported first: a file the system's tar lists, whole under its name.
    const out = join(dataDir, "scripted.tar.gz")
    expect(await json("tenant", "export", "--tenant", scripted.id, "--out", out)).toEqual({ tenantId: scripted.id, out, bytes: statSync(out).size })
    expect(execFileSync("tar", ["-tzf", out], { encoding: "utf8" })).toContain(`servicekit-tenant-${scripted.id}/records/api_keys/000001.jsonl`)
    expect(existsSync(`${out}.partial`)).toBe(false)
    expect(await json("tenant", "delete", "--tenant", scripted.id)).toMatchObject({
      tenantId: scripted.id,
      status: "deleted",
      deleted: { api_keys: 1 }
    })
    const unknown = await servicekit("tenant", "deletion", "--tenant", globalThis.crypto.randomUUID(), "--json")
    expect(unknown.code).toBe(1)
    expect(JSON.parse(unknown.stderr).error).toMatchObject({ code: "tenant_deletion_not_found" })
  })

  it.sequential("deletes a tenant only once its id is typed again, and reports what went", async () => {
    const doomed = await json("tenant", "create", "--name", "Doomed", "--entitle", "voice")
    const typed = (answer?: string) =>
      run(process.execPath, [cli, "tenant", "delete", "--tenant", doomed.id], env, answer === undefined ? undefined : `${answer}\n`)
    // Nothing confirmed opens the database: the three answers run side by side. The last is another tenant's id.
    for (const refused of await Promise.all([undefined, "yes", scriptedId].map(typed))) {
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain("Not confirmed: nothing was done.")
    }
    const untouched = await servicekit("tenant", "deletion", "--tenant", doomed.id, "--json")
    expect(JSON.parse(untouched.stderr).error).toMatchObject({ code: "tenant_deletion_not_found" })
    const deleted = await typed(doomed.id)
    expect(deleted.stderr).toContain("Type its id to confirm")
    expect(deleted.code).toBe(0)
    expect(deleted.stdout).toMatch(new RegExp(`Tenant ${doomed.id} was deleted at .*: 0 records\\.`))
    const report = await json("tenant", "deletion", "--tenant", doomed.id)
    expect(report).toMatchObject({ tenantId: doomed.id, status: "deleted", deleted: {} })
  })
})
