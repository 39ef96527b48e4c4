import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-automations-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const daily = {
  name: "Daily digest",
  triggerJson: { schemaVersion: 1, type: "schedule", cron: "0 8 * * 1-5" },
  stepsJson: [
    { type: "log", message: "starting {{context}}" },
    {
      type: "skill",
      skillId: "email.send",
      input: { to: ["{{payload.email}}", "ops@example.com"], subject: "Digest", text: "Hello {{payload.name}}" }
    },
    { type: "approval", title: "Send the summary?" }
  ]
}

describe("Automations workflows and flows over HTTP", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit") }))
  let key: string
  let otherKey: string
  let noEmailKey: string

  const api =
    (credential: string) =>
    (method: string, path: string, body?: unknown): Promise<Response> =>
      fetch(`${served.url}/api/v1/automations${path}`, {
        method,
        headers: {
          authorization: `Bearer ${credential}`,
          ...(body === undefined ? {} : { "content-type": "application/json" })
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body)
      })
  const keyFor = async (entitlements: Array<"automations" | "business_email" | "chat">) => {
    const tenant = await served.kit.admin.createTenant({ name: "Automations", entitlements })
    return (
      await served.kit.admin.createKey({
        tenantId: tenant.id,
        product: "automations",
        environment: "live",
        scopes: ["automations:manage"]
      })
    ).key
  }

  beforeAll(async () => {
    key = await keyFor(["automations", "business_email"])
    otherKey = await keyFor(["automations", "business_email"])
    noEmailKey = await keyFor(["automations"])
  })

  it("creates, lists, updates and deletes workflows, each change a new revision of its flow", async () => {
    const call = api(key)
    const created = await call("POST", "/workflows", daily)
    expect(created.status).toBe(200)
    const workflow = await created.json()
    expect(workflow).toMatchObject({ ...daily, active: true, revision: 1 })

    // /automations is the same resource as /automations/workflows.
    const second = await (await call("POST", "", { ...daily, name: "Second", active: false })).json()
    const listed = await (await call("GET", "?limit=1")).json()
    expect(listed.data.map((w: { id: string }) => w.id)).toEqual([second.id])
    const next = await (await call("GET", `/workflows?limit=1&cursor=${listed.meta.nextCursor}`)).json()
    expect(next.data.map((w: { id: string }) => w.id)).toEqual([workflow.id])
    expect(next.meta.nextCursor).toBeNull()

    const paused = await (await call("PATCH", `/workflows/${workflow.id}`, { active: false })).json()
    expect(paused).toMatchObject({ active: false, revision: 2, stepsJson: daily.stepsJson })
    const flow = await (await call("GET", `/flows/${workflow.flowId}`)).json()
    expect(flow).toMatchObject({
      id: workflow.flowId,
      workflowId: workflow.id,
      revision: 2,
      stateJson: { name: "Daily digest", active: false, triggerJson: daily.triggerJson, deleted: false }
    })

    const deleted = await call("DELETE", `/workflows/${workflow.id}`)
    expect((await deleted.json()).revision).toBe(3)
    await expectRefusal(await call("PATCH", `/workflows/${workflow.id}`, { active: true }), 404, "workflow_not_found")
    const kept = await (await call("GET", `/flows/${workflow.flowId}`)).json()
    expect(kept).toMatchObject({ revision: 3, stateJson: { deleted: true } })
    const flows = await (await call("GET", "/flows")).json()
    expect(flows.data.map((f: { id: string }) => f.id)).toEqual([second.flowId, workflow.flowId])
  })

  it("refuses bad definitions with a 400 naming the field, storing nothing", async () => {
    const call = api(key)
    const before = (await (await call("GET", "/workflows?limit=100")).json()).data.length
    const cases: Array<[unknown, string]> = [
      [{ ...daily, triggerJson: { ...daily.triggerJson, type: "sometimes" } }, "triggerJson.type"],
      [{ ...daily, triggerJson: { ...daily.triggerJson, schemaVersion: 2 } }, "triggerJson.schemaVersion"],
      [{ ...daily, triggerJson: { schemaVersion: 1, type: "schedule", cron: "61 * * * *" } }, "triggerJson.cron"],
      [{ ...daily, triggerJson: { schemaVersion: 1, type: "schedule", cron: "* * *" } }, "triggerJson.cron"],
      [
        { ...daily, triggerJson: { schemaVersion: 1, type: "schedule", everySeconds: 60, cron: "* * * * *" } },
        "triggerJson.cron"
      ],
      [
        { ...daily, triggerJson: { schemaVersion: 1, type: "schedule", everySeconds: 0.5 } },
        "triggerJson.everySeconds"
      ],
      [{ ...daily, triggerJson: { schemaVersion: 1, type: "schedule", at: "2026-12-01" } }, "triggerJson.at"],
      [
        { ...daily, triggerJson: { schemaVersion: 1, type: "webhook", webhook: { token: "short" } } },
        "triggerJson.webhook.token"
      ],
      [
        { ...daily, triggerJson: { schemaVersion: 1, type: "event", events: ["message.created", "nope"] } },
        "triggerJson.events.1"
      ],
      [{ ...daily, stepsJson: [{ type: "teleport" }] }, "stepsJson.0.type"],
      [{ ...daily, stepsJson: [{ type: "skill", skillId: "teleport.now", input: {} }] }, "stepsJson.0.skillId"],
      [{ ...daily, stepsJson: [{ type: "skill", skillId: "log.write", input: {} }] }, "stepsJson.0.input.message"],
      [
        { ...daily, stepsJson: [{ type: "skill", skillId: "log.write", input: { message: "x", extra: 1 } }] },
        "stepsJson.0.input.extra"
      ],
      [
        {
          ...daily,
          stepsJson: [
            { type: "skill", skillId: "email.send", input: { to: ["not an address"], subject: "s", text: "t" } }
          ]
        },
        "stepsJson.0.input.to.0"
      ],
      [
        {
          ...daily,
          stepsJson: [{ type: "skill", skillId: "email.send", input: { to: ["a@example.com"], subject: "s" } }]
        },
        "stepsJson.0.input.html"
      ],
      [
        { ...daily, stepsJson: [{ type: "skill", skillId: "webhook.deliver", input: { url: "http://example.com" } }] },
        "stepsJson.0.input.url"
      ],
      [{ ...daily, stepsJson: [{ type: "approval", title: "" }] }, "stepsJson.0.title"],
      [{ ...daily, stepsJson: Array.from({ length: 51 }, () => ({ type: "log" })) }, "stepsJson"],
      [{ ...daily, name: "" }, "name"],
      [{ ...daily, triggerJson: [1] }, "triggerJson"],
      // Half a surrogate pair is refused before it reaches storage (Postgres cannot keep it in JSON).
      [{ ...daily, triggerJson: { ...daily.triggerJson, note: "\ud800" } }, "triggerJson.note"]
    ]
    for (const [body, field] of cases) {
      const error = await expectRefusal(await call("POST", "/workflows", body), 400, "validation_failed")
      expect(error.details?.map((detail) => detail.field)).toContain(field)
    }
    await expectRefusal(await call("POST", "/workflows", "{"), 400, "invalid_body")
    // A first guess learns the shapes it must send.
    const bare = (await expectRefusal(await call("POST", "/workflows", { name: "First" }), 400, "validation_failed")) as any
    expect(bare.details).toContainEqual({
      field: "triggerJson",
      reason: 'is missing: an object such as {"schemaVersion":1,"type":"manual"}'
    })
    const unversioned = { name: "First", triggerJson: { type: "manual" }, stepsJson: [] }
    const version = (await expectRefusal(await call("POST", "/workflows", unversioned), 400, "validation_failed")) as any
    expect(version.details).toEqual([
      { field: "triggerJson.schemaVersion", reason: 'must be 1, as in {"schemaVersion":1,"type":"manual"}' }
    ])
    expect((await (await call("GET", "/workflows?limit=100")).json()).data.length).toBe(before)
  })

  it("refuses, when written or changed, a placeholder no run fills in, naming the step and the placeholder", async () => {
    const call = api(key)
    const before = (await (await call("GET", "/workflows?limit=100")).json()).data.length
    const unknownRoot = {
      ...daily,
      stepsJson: [
        { type: "log", message: "hello {{payload.name}}" },
        { type: "skill", skillId: "log.write", input: { message: "Hi {{input.who}}" } }
      ]
    }
    const error = (await expectRefusal(await call("POST", "/workflows", unknownRoot), 400, "validation_failed")) as any
    expect(error.message).toContain("stepsJson.1.input.message")
    expect(error.message).toContain("{{input.who}}")
    expect(error.details).toEqual([
      { field: "stepsJson.1.input.message", reason: expect.stringMatching(/^\{\{input\.who\}\} is not a variable: use \{\{context\}\}, \{\{payload\.\*\}\}/) }
    ])
    const broken = { ...daily, stepsJson: [{ type: "log", message: "Hi {{ who" }] }
    const unparsed = (await expectRefusal(await call("POST", "/workflows", broken), 400, "validation_failed")) as any
    expect(unparsed.details[0].field).toBe("stepsJson.0.message")
    expect(unparsed.details[0].reason).toMatch(/^a placeholder does not parse/)
    expect((await (await call("GET", "/workflows?limit=100")).json()).data.length).toBe(before)

    const workflow = await (await call("POST", "/workflows", daily)).json()
    const patch = { stepsJson: [{ type: "log", message: "{{event.name}}" }] }
    const patched = (await expectRefusal(await call("PATCH", `/workflows/${workflow.id}`, patch), 400, "validation_failed")) as any
    expect(patched.details).toMatchObject([{ field: "stepsJson.0.message" }])
    expect(await (await call("GET", `/flows/${workflow.flowId}`)).json()).toMatchObject({ revision: 1 })
  })

  it("refuses, when written, a skill this platform has no implementation of", async () => {
    const response = await api(key)("POST", "/workflows", {
      name: "Campaign",
      triggerJson: { schemaVersion: 1, type: "manual" },
      stepsJson: [{ type: "skill", skillId: "marketing.campaign_send", input: { campaignId: "c1" } }]
    })
    const error = (await expectRefusal(response, 400, "validation_failed")) as any
    expect(error.details).toEqual([
      {
        field: "stepsJson.0.skillId",
        reason: "the skill marketing.campaign_send is not available on this platform (no implementation is installed)"
      }
    ])
  })

  it("refuses a skill whose product the account lacks with 403, and keeps tenants apart", async () => {
    const refused = await expectRefusal(await api(noEmailKey)("POST", "/workflows", daily), 403, "product_not_entitled")
    expect(refused.message).toContain("email.send")
    expect(refused.message).toContain("business_email")
    const logOnly = { ...daily, stepsJson: [{ type: "log" }] }
    expect((await api(noEmailKey)("POST", "/workflows", logOnly)).status).toBe(200)

    const mine = await (await api(key)("POST", "/workflows", { ...daily, name: "Mine" })).json()
    const other = api(otherKey)
    await expectRefusal(await other("PATCH", `/workflows/${mine.id}`, { active: false }), 404, "workflow_not_found")
    await expectRefusal(await other("DELETE", `/workflows/${mine.id}`), 404, "workflow_not_found")
    await expectRefusal(await other("GET", `/flows/${mine.flowId}`), 404, "flow_not_found")
    expect((await (await other("GET", "/workflows")).json()).data).toEqual([])
    await expectRefusal(await other("GET", "/flows/not-a-uuid"), 400, "validation_failed")
    await expectRefusal(await api(served.key)("GET", "/workflows"), 403, "wrong_product")
  })
})
