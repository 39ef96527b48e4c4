import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { automationsClient, expectJson } from "./automationsClient.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000"

/** An account pack whose one template logs a greeting: `greeting` is required, `times` has a default. */
const greeterPack = (packId: string) => ({
  packId,
  version: "1.0.0",
  name: "Greeter",
  description: "Logs a greeting.",
  parameters: {
    greeting: { type: "string", maxLength: 50, description: "What to say." },
    times: { type: "integer", minimum: 1, maximum: 3, default: 1 }
  },
  templates: [
    {
      key: "greet",
      name: "Greet",
      triggerJson: { schemaVersion: 1, type: "manual" },
      stepsJson: [{ type: "log", message: "{{params.greeting}} x{{params.times}}" }]
    }
  ]
})

/**
 * The dashboard's routes for the skill marketplace, governance (standing orders, model labels,
 * tool profiles, memory) and session transcripts: the answers of the API-key routes they mirror,
 * members read and never write, another tenant's records stay out of reach.
 */
describe("Automations dashboard routes for the marketplace, governance and sessions", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-automations-governance-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit") }))
  let admin: string
  let member: string
  let otherAdmin: string
  let key: string
  let otherKey: string

  const dashboard = (token: () => string) => (method: string, path: string, body?: unknown) =>
    fetch(`${served.url}/api/growth/automations${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token()}`,
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body)
    })
  const asAdmin = dashboard(() => admin)
  const asMember = dashboard(() => member)
  const asOtherAdmin = dashboard(() => otherAdmin)
  const asKey = dashboard(() => key)
  const { api, settled } = automationsClient(served, () => key)
  const other = automationsClient(served, () => otherKey)

  /** Everything the governance and marketplace routes store for the key's tenant, read through the key routes. */
  const governanceState = async (via = api) => ({
    policy: await expectJson(await via("GET", "/automations/policies")),
    models: await expectJson(await via("GET", "/automations/models")),
    profiles: await expectJson(await via("GET", "/automations/tool-profiles?limit=100")),
    audit: await expectJson(await via("GET", "/automations/memory/audit?limit=100")),
    packs: await expectJson(await via("GET", "/automations/skills?limit=100")),
    workflows: await expectJson(await via("GET", "/automations/workflows?limit=100"))
  })

  beforeAll(async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Ops", entitlements: ["automations"] })
    const otherTenant = await served.kit.admin.createTenant({ name: "Other", entitlements: ["automations"] })
    admin = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "ada", role: "admin" })).token
    member = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "max", role: "member" })).token
    otherAdmin = (await served.kit.admin.issueDashboardToken(otherTenant.id, { sub: "eve", role: "admin" })).token
    const keyOf = async (tenantId: string) =>
      (
        await served.kit.admin.createKey({
          tenantId,
          product: "automations",
          environment: "live",
          scopes: ["automations:manage"]
        })
      ).key
    key = await keyOf(tenant.id)
    otherKey = await keyOf(otherTenant.id)
    await expectJson(await api("POST", "/automations/skills/sdk", greeterPack("acme.greeter")))
    await expectJson(await other.api("POST", "/automations/skills/sdk", greeterPack("other.greeter")))
    await served.kit.startWorkers()
  })

  it("lists and installs packs and makes a workflow from one that runs, as the key routes do", async () => {
    const listed = await expectJson(await asMember("GET", "/skills?limit=100"))
    expect(listed).toEqual(await expectJson(await api("GET", "/automations/skills?limit=100")))
    expect(listed.data.map((pack: { packId: string }) => pack.packId)).toContain("acme.greeter")
    expect(listed.data.map((pack: { packId: string }) => pack.packId)).not.toContain("other.greeter")

    const installed = await expectJson(await asAdmin("POST", "/skills/install", { packId: "acme.greeter" }))
    expect(installed).toMatchObject({ packId: "acme.greeter", installed: { version: "1.0.0" } })
    expect(
      (await expectJson(await api("GET", "/automations/skills?installed=true"))).data.map((p: any) => p.packId)
    ).toEqual(["acme.greeter"])

    const missing = await expectRefusal(
      await asAdmin("POST", "/skills/acme.greeter/workflow", { parameters: { times: 2 } }),
      400,
      "validation_failed"
    )
    expect(missing.details).toEqual([{ field: "parameters.greeting", reason: "is required" }])
    const made = await expectJson(
      await asAdmin("POST", "/skills/acme.greeter/workflow", { name: "Hello", parameters: { greeting: "Hi", times: 2 } })
    )
    expect(made).toMatchObject({ name: "Hello", active: true, stepsJson: [{ type: "log", message: "Hi x2" }] })
    const stored = (await expectJson(await api("GET", "/automations/workflows?limit=100"))).data
    expect(stored.find((workflow: { id: string }) => workflow.id === made.id)).toEqual(made)
    const started = await expectJson(await asAdmin("POST", `/workflows/${made.id}/run`, {}))
    const done = await settled(started.id)
    expect(done.status).toBe("succeeded")
    expect(done.stepsResultJson[0]).toMatchObject({ output: { message: "Hi x2" } })
  })

  it("writes and reads standing orders, model labels, tool profiles and memory as the key routes answer them", async () => {
    const policy = await expectJson(await asAdmin("PUT", "/policies", { standingOrders: "Be brief <b>always</b>." }))
    expect(policy).toMatchObject({ standingOrders: "Be brief <b>always</b>.", updatedAt: expect.any(String) })
    expect(await expectJson(await asMember("GET", "/policies"))).toEqual(policy)
    expect(await expectJson(await api("GET", "/automations/policies"))).toEqual(policy)

    const models = await expectJson(await asMember("GET", "/models"))
    expect(models).toEqual(await expectJson(await api("GET", "/automations/models")))
    // With no language model configured, choosing labels is refused by both routes alike.
    const viaDashboard = await asAdmin("PUT", "/models", { primary: "fast" })
    const viaKey = await api("PUT", "/automations/models", { primary: "fast" })
    expect(viaDashboard.status).toBe(viaKey.status)
    const { error: dashboardError } = await viaDashboard.json()
    const { error: keyError } = await viaKey.json()
    expect(dashboardError?.code).toBe(keyError?.code)
    expect(await expectJson(await api("GET", "/automations/models"))).toEqual(models)

    const profile = await expectJson(
      await asAdmin("POST", "/tool-profiles", { name: "default", deny: ["system.run"], requireApprovalSkills: [] })
    )
    expect(profile).toMatchObject({ name: "default", allow: [], deny: ["system.run"] })
    const profiles = await expectJson(await asMember("GET", "/tool-profiles"))
    expect(profiles).toEqual(await expectJson(await api("GET", "/automations/tool-profiles")))
    expect(profiles.data).toEqual([profile])

    const entry = await expectJson(await asAdmin("PUT", "/memory", { key: "customer.tier", value: { tier: "gold" } }))
    expect(entry).toMatchObject({ key: "customer.tier", value: { tier: "gold" } })
    const read = await expectJson(await asMember("GET", "/memory?key=customer.tier"))
    expect(read.data).toEqual([entry])
    const audit = await expectJson(await asMember("GET", "/memory/audit?key=customer.tier"))
    expect(audit).toEqual(await expectJson(await api("GET", "/automations/memory/audit?key=customer.tier")))
    expect(audit.data.map((row: any) => [row.action, row.actor])).toEqual([
      ["read", "user:max"],
      ["write", "user:ada"]
    ])
  })

  it("shows a session with its transcript as the key route does", async () => {
    const opened = await expectJson(await api("POST", "/automations/sessions", { scope: "workspace" }))
    const detail = await expectJson(await asMember("GET", `/sessions/${opened.id}?limit=10`))
    expect(detail).toEqual(await expectJson(await api("GET", `/automations/sessions/${opened.id}?limit=10`)))
    expect(detail).toMatchObject({ id: opened.id, scope: "workspace", messages: [], meta: { limit: 10 } })
  })

  it("refuses a member's writes with 403 and every API key with 401, changing nothing", async () => {
    const before = await governanceState()
    const writes: Array<[string, string, unknown]> = [
      ["POST", "/skills/install", { packId: "acme.greeter" }],
      ["POST", "/skills/acme.greeter/workflow", { parameters: { greeting: "Hey" } }],
      ["PUT", "/policies", { standingOrders: "Mine" }],
      ["PUT", "/models", { primary: "fast" }],
      ["POST", "/tool-profiles", { name: "mine", deny: ["system.run"] }],
      ["PUT", "/memory", { key: "customer.tier", value: "bronze" }]
    ]
    for (const [method, path, body] of writes) {
      await expectRefusal(await asMember(method, path, body), 403, "admin_required")
      await expectRefusal(await asKey(method, path, body), 401, "api_key_not_accepted")
    }
    const reads = ["/skills", "/policies", "/models", "/tool-profiles", "/memory", "/memory/audit", `/sessions/${UNKNOWN_ID}`]
    for (const path of reads) await expectRefusal(await asKey("GET", path), 401, "api_key_not_accepted")
    expect(await governanceState()).toEqual(before)
  })

  it("keeps each tenant's packs, governance, memory and sessions to itself", async () => {
    const theirs = await expectJson(await other.api("POST", "/automations/sessions", { scope: "workspace" }))
    await expectJson(await other.api("PUT", "/automations/memory", { key: "secret", value: "theirs" }))
    await expectJson(await other.api("PUT", "/automations/policies", { standingOrders: "Their orders" }))
    // The other tenant's admin sees none of this tenant's records.
    expect((await expectJson(await asOtherAdmin("GET", "/tool-profiles"))).data).toEqual([])
    expect((await expectJson(await asOtherAdmin("GET", "/memory?key=customer.tier"))).data).toEqual([])
    const theirsBefore = await governanceState(other.api)

    await expectRefusal(await asAdmin("GET", `/sessions/${theirs.id}`), 404, "session_not_found")
    await expectRefusal(await asAdmin("POST", "/skills/install", { packId: "other.greeter" }), 404, "pack_not_found")
    await expectRefusal(
      await asAdmin("POST", "/skills/other.greeter/workflow", { parameters: { greeting: "Hi" } }),
      404,
      "pack_not_found"
    )
    expect((await expectJson(await asAdmin("GET", "/memory?key=secret"))).data).toEqual([])
    expect((await expectJson(await asAdmin("GET", "/policies"))).standingOrders).not.toBe("Their orders")
    await expectRefusal(
      await asOtherAdmin("POST", "/skills/acme.greeter/workflow", { parameters: { greeting: "Hi" } }),
      404,
      "pack_not_found"
    )
    expect(await governanceState(other.api)).toEqual(theirsBefore)
  })

  it("refuses a bad body or parameter with a 400 in the common error body, changing nothing", async () => {
    const before = await governanceState()
    const cases: Array<[string, string, unknown, string, string?]> = [
      ["POST", "/skills/install", { packId: "Not A Pack" }, "packId"],
      ["POST", "/skills/install", { packId: "acme.greeter", version: "one" }, "version"],
      ["POST", "/skills/acme.greeter/workflow", { parameters: { greeting: 7 } }, "parameters.greeting"],
      ["POST", "/skills/acme.greeter/workflow", { parameters: { greeting: "Hi", times: 9 } }, "parameters.times"],
      ["POST", "/skills/acme.greeter/workflow", { parameters: { greeting: "Hi", colour: "red" } }, "parameters.colour"],
      ["POST", "/skills/acme.greeter/workflow", { parameters: [1] }, "parameters"],
      ["PUT", "/policies", { standingOrders: 42 }, "standingOrders"],
      ["PUT", "/policies", { standingOrders: "a\u0000b" }, "standingOrders"],
      ["PUT", "/models", { primary: "fast", failover: "slow" }, "failover"],
      ["POST", "/tool-profiles", { name: "p", deny: "system.run" }, "deny"],
      ["POST", "/tool-profiles", { name: "p", allow: ["no.such.skill"] }, "allow"],
      ["PUT", "/memory", { value: 1 }, "key"],
      ["PUT", "/memory", "{not json", "", "invalid_body"],
      ["GET", "/memory?limit=0", undefined, "limit"],
      ["GET", "/memory/audit?limit=x", undefined, "limit"],
      ["GET", "/sessions/not-a-uuid", undefined, "id"],
      ["GET", "/skills?installed=maybe", undefined, "installed"]
    ]
    for (const [method, path, body, field, code = "validation_failed"] of cases) {
      const error = await expectRefusal(await asAdmin(method, path, body), 400, code)
      if (field !== "") {
        expect(
          error.details?.map((detail) => detail.field).some((named) => named.startsWith(field)),
          `${method} ${path} ${JSON.stringify(error)}`
        ).toBe(true)
      }
    }
    expect(await governanceState()).toEqual(before)
  })
})
