import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { automationsClient, expectJson, until } from "./automationsClient.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000"

const workflowBody = (extra: Record<string, unknown> = {}) => ({
  name: `Workflow ${Math.random()}`,
  triggerJson: { schemaVersion: 1, type: "manual" },
  stepsJson: [{ type: "log", message: "hello {{context}}" }],
  ...extra
})

const sequenceBody = (extra: Record<string, unknown> = {}) => ({
  name: `Sequence ${Math.random()}`,
  stepsJson: [
    { type: "log", message: "first" },
    { type: "wait", days: 2 },
    { type: "log", message: "then" }
  ],
  ...extra
})

const agentBody = (extra: Record<string, unknown> = {}) => ({
  name: `Agent ${Math.random()}`,
  instructions: "Answer briefly.",
  route_keys: ["event:message.created"],
  ...extra
})

/**
 * The Automations dashboard routes over HTTP on the storage `storageEnv` names: every route with a
 * member's token, an admin's and an API key, the public routes' answers, tenants kept apart.
 */
export const growthAutomationsSuite = (storage: string, storageEnv: () => Record<string, string>) =>
  describe(`Automations dashboard routes (/api/growth/automations), on ${storage}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), "servicekit-growth-automations-"))
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
    const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit"), ...storageEnv() }))
    let tenantId: string
    let admin: string
    let member: string
    let key: string
    let otherKey: string
    let notEntitledAdmin: string

    /** A dashboard call with `token` (or an API key: the dashboard must refuse it). */
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
    const asKey = dashboard(() => key)
    const { api, settled, run } = automationsClient(served, () => key)
    const otherApi = automationsClient(served, () => otherKey).api

    const created = async (path: string, body: unknown, via = api) => expectJson(await via("POST", path, body))
    const workflowsOf = async (via = api) =>
      (await expectJson(await via("GET", "/automations/workflows?limit=100"))).data as Array<any>

    beforeAll(async () => {
      const tenant = await served.kit.admin.createTenant({
        name: "Growth",
        entitlements: ["automations", "business_email"]
      })
      tenantId = tenant.id
      admin = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "ada", role: "admin" })).token
      member = (await served.kit.admin.issueDashboardToken(tenantId, { sub: "max", role: "member" })).token
      const keyOf = async (id: string) =>
        (
          await served.kit.admin.createKey({
            tenantId: id,
            product: "automations",
            environment: "live",
            scopes: ["automations:manage"]
          })
        ).key
      key = await keyOf(tenantId)
      const other = await served.kit.admin.createTenant({ name: "Other", entitlements: ["automations"] })
      otherKey = await keyOf(other.id)
      const chatOnly = await served.kit.admin.createTenant({ name: "Chat only", entitlements: ["chat"] })
      notEntitledAdmin = (await served.kit.admin.issueDashboardToken(chatOnly.id, { sub: "c", role: "admin" })).token
      // Something in every list.
      await created("/automations/sessions", { scope: "workspace" })
      await created("/automations/channels", { name: "Ops", type: "email", config_json: { to: ["ops@example.com"] } })
      await served.kit.startWorkers()
    })

    /** Every route, with what it needs: its path and body, a fresh record for PATCH and DELETE. */
    const routes: Array<[string, string, () => Promise<{ path: string; body?: unknown }>]> = [
      ["GET", "/workflows", async () => ({ path: "/workflows" })],
      ["POST", "/workflows", async () => ({ path: "/workflows", body: workflowBody() })],
      ["GET", "/sequences", async () => ({ path: "/sequences" })],
      ["POST", "/sequences", async () => ({ path: "/sequences", body: sequenceBody() })],
      ["GET", "/console", async () => ({ path: "/console" })],
      ["GET", "/agents", async () => ({ path: "/agents" })],
      ["POST", "/agents", async () => ({ path: "/agents", body: agentBody() })],
      ["GET", "/runs", async () => ({ path: "/runs" })],
      ["GET", "/sessions", async () => ({ path: "/sessions" })],
      ["GET", "/approvals", async () => ({ path: "/approvals" })],
      ["GET", "/channels", async () => ({ path: "/channels" })],
      [
        "PATCH",
        "/workflows/{id}",
        async () => ({
          path: `/workflows/${(await created("/automations/workflows", workflowBody())).id}`,
          body: { name: "Renamed", active: false }
        })
      ],
      [
        "DELETE",
        "/workflows/{id}",
        async () => ({ path: `/workflows/${(await created("/automations/workflows", workflowBody())).id}` })
      ],
      [
        "PATCH",
        "/sequences/{id}",
        async () => ({
          path: `/sequences/${(await created("/automations/sequences", sequenceBody())).id}`,
          body: {
            stepsJson: [
              { type: "wait", minutes: 5 },
              { type: "log", message: "later" }
            ]
          }
        })
      ],
      [
        "DELETE",
        "/sequences/{id}",
        async () => ({ path: `/sequences/${(await created("/automations/sequences", sequenceBody())).id}` })
      ],
      [
        "PATCH",
        "/agents/{id}",
        async () => ({
          path: `/agents/${(await created("/automations/agents", agentBody())).id}`,
          body: { instructions: "Answer at length." }
        })
      ],
      [
        "DELETE",
        "/agents/{id}",
        async () => ({ path: `/agents/${(await created("/automations/agents", agentBody())).id}` })
      ]
    ]

    it.each(routes)(
      "%s %s: a member reads, a member's write is 403, an admin is served, an API key is 401",
      async (method, _, setup) => {
        const { path, body } = await setup()
        await expectRefusal(await asKey(method, path, body), 401, "api_key_not_accepted")
        const byMember = await asMember(method, path, body)
        if (method === "GET") expect(byMember.status, await byMember.clone().text()).toBe(200)
        else await expectRefusal(byMember, 403, "admin_required")
        await expectJson(await asAdmin(method, path, body))
      }
    )

    it("answers what the public routes answer, and a member's refused write changes nothing", async () => {
      const workflow = await created("/automations/workflows", workflowBody())
      const agent = await created("/automations/agents", agentBody())
      // A run waiting for an approval, so that the runs and approvals have something to show.
      const gated = await created("/automations/workflows", workflowBody({ stepsJson: [{ type: "approval" }] }))
      expect((await run(gated.id)).status).toBe("waiting_approval")
      for (const path of ["/workflows", "/agents", "/runs", "/sessions", "/approvals", "/channels"]) {
        const mine = await expectJson(await asMember("GET", `${path}?limit=100`))
        expect(mine, path).toEqual(await expectJson(await api("GET", `/automations${path}?limit=100`)))
        expect(mine.data.length, path).toBeGreaterThan(0)
      }
      await expectRefusal(await asMember("PATCH", `/workflows/${workflow.id}`, { name: "No" }), 403, "admin_required")
      await expectRefusal(await asMember("DELETE", `/agents/${agent.id}`), 403, "admin_required")
      const workflows = await workflowsOf()
      expect(workflows.find((w) => w.id === workflow.id)).toEqual(workflow)
      const agents = (await expectJson(await api("GET", "/automations/agents?limit=100"))).data
      expect(agents.find((a: { id: string }) => a.id === agent.id)).toEqual(agent)
    })

    it("never lets a member read a webhook token: it is shown once to the admin who sets it", async () => {
      const token = `hook-${Math.random().toString(36).slice(2)}-0123456789abcdef`
      const hooked = { schemaVersion: 1, type: "webhook", webhook: { token } }
      const set = await expectJson(await asAdmin("POST", "/workflows", workflowBody({ triggerJson: hooked })))
      expect(set.triggerJson).toEqual({ schemaVersion: 1, type: "webhook", webhook: { hasToken: true, token } })
      const inbound = (secret: string) =>
        fetch(`${served.url}/api/v1/automations/hooks/inbound`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-service-automation-token": secret },
          body: JSON.stringify({ workflowId: set.id })
        })
      // Every read, by a member, an admin or an API key, says only that there is one.
      const reads = [
        await asMember("GET", "/workflows?limit=100"),
        await asAdmin("GET", "/workflows?limit=100"),
        await api("GET", "/automations/workflows?limit=100"),
        await api("GET", "/automations/flows?limit=100"),
        await api("GET", `/automations/flows/${set.flowId}`)
      ]
      for (const read of reads) expect(await read.clone().text()).not.toContain(token)
      const listed = (await expectJson(reads[0]!)).data.find((w: { id: string }) => w.id === set.id)
      expect(listed.triggerJson).toEqual({ schemaVersion: 1, type: "webhook", webhook: { hasToken: true } })
      expect((await expectJson(await api("GET", `/automations/flows/${set.flowId}`))).stateJson.triggerJson).toEqual(
        listed.triggerJson
      )
      // What a member can read starts nothing; the token itself does.
      await expectRefusal(await inbound(JSON.stringify(listed.triggerJson)), 401, "invalid_automation_token")
      expect((await expectJson(await inbound(token))).workflowId).toBe(set.id)

      // `{ hasToken: true }` keeps the token; a new token replaces it, shown once again.
      const renamed = await expectJson(
        await asAdmin("PATCH", `/workflows/${set.id}`, { name: "Kept", triggerJson: listed.triggerJson })
      )
      expect(renamed.triggerJson.webhook).toEqual({ hasToken: true })
      expect((await expectJson(await inbound(token))).workflowId).toBe(set.id)
      const next = `${token}-next`
      const replaced = await expectJson(
        await asAdmin("PATCH", `/workflows/${set.id}`, { triggerJson: { ...hooked, webhook: { token: next } } })
      )
      expect(replaced.triggerJson.webhook).toEqual({ hasToken: true, token: next })
      await expectRefusal(await inbound(token), 401, "invalid_automation_token")
      expect((await expectJson(await inbound(next))).workflowId).toBe(set.id)
      // Nothing to keep on a workflow without a token.
      const manual = await created("/automations/workflows", workflowBody())
      const refused = await expectRefusal(
        await asAdmin("PATCH", `/workflows/${manual.id}`, { triggerJson: listed.triggerJson }),
        400,
        "validation_failed"
      )
      expect(refused.details?.map((detail) => detail.field)).toEqual(["triggerJson.webhook.token"])
    })

    it("creates a workflow the public API lists, changes it and runs it", async () => {
      const workflow = await expectJson(
        await asAdmin("POST", "/workflows", workflowBody({ name: "From the dashboard" }))
      )
      expect(workflow).toMatchObject({ name: "From the dashboard", active: true, revision: 1 })
      expect((await workflowsOf()).find((w) => w.id === workflow.id)).toEqual(workflow)

      const changed = await expectJson(
        await asAdmin("PATCH", `/workflows/${workflow.id}`, { stepsJson: [{ type: "log", message: "hi {{context}}" }] })
      )
      expect(changed).toMatchObject({ id: workflow.id, name: "From the dashboard", revision: 2 })
      const done = await run(workflow.id, { context: "there" })
      expect(done).toMatchObject({ status: "succeeded", revision: 2 })
      expect(done.stepsResultJson[0].output).toEqual({ message: "hi there" })

      const runs = await expectJson(await asMember("GET", `/runs?workflowId=${workflow.id}`))
      expect(runs.data.map((r: { id: string }) => r.id)).toEqual([done.id])

      const deleted = await expectJson(await asAdmin("DELETE", `/workflows/${workflow.id}`))
      expect(deleted).toMatchObject({ id: workflow.id, revision: 3 })
      expect((await workflowsOf()).some((w) => w.id === workflow.id)).toBe(false)
      await expectRefusal(await asAdmin("DELETE", `/workflows/${workflow.id}`), 404, "workflow_not_found")
    })

    it("creates a sequence the public API runs, and changes and deletes it as the public routes do", async () => {
      const sequence = await expectJson(await asAdmin("POST", "/sequences", sequenceBody({ name: "Dashboard drip" })))
      expect(sequence).toMatchObject({ name: "Dashboard drip", revision: 1 })
      const listed = await expectJson(await asMember("GET", "/sequences?limit=100"))
      expect(listed).toEqual(await expectJson(await api("GET", "/automations/sequences?limit=100")))
      expect(listed.data.map((s: { id: string }) => s.id)).toContain(sequence.id)
      const changed = await expectJson(
        await asAdmin("PATCH", `/sequences/${sequence.id}`, { stepsJson: [{ type: "log", message: "only this" }] })
      )
      expect(changed).toMatchObject({ id: sequence.id, revision: 2, workflowId: sequence.workflowId })
      const started = await expectJson(await api("POST", `/automations/sequences/${sequence.id}/run`, {}))
      const done = await until("the sequence's run", async () => {
        const found = await expectJson(await asMember("GET", `/runs?workflowId=${sequence.workflowId}`))
        return found.data.find((r: { id: string; status: string }) => r.id === started.id && r.status === "succeeded")
      })
      expect(done.stepsResultJson[0].outputText).toBe("only this")
      await expectRefusal(
        await asAdmin("PATCH", `/sequences/${sequence.id}`, { stepsJson: [] }),
        400,
        "validation_failed"
      )
      expect(await expectJson(await asAdmin("DELETE", `/sequences/${sequence.id}`))).toMatchObject({ id: sequence.id })
      await expectRefusal(await asAdmin("DELETE", `/sequences/${sequence.id}`), 404, "sequence_not_found")
    })

    it("creates and changes agents as the public routes do", async () => {
      const agent = await expectJson(await asAdmin("POST", "/agents", agentBody({ route_keys: ["*"] })))
      expect(agent).toMatchObject({ route_keys: ["*"], model: null, isDefault: false })
      const changed = await expectJson(await asAdmin("PATCH", `/agents/${agent.id}`, { route_keys: ["peer:ada"] }))
      expect(changed).toMatchObject({ id: agent.id, name: agent.name, route_keys: ["peer:ada"] })
      const listed = (await expectJson(await api("GET", "/automations/agents?limit=100"))).data
      expect(listed.find((a: { id: string }) => a.id === agent.id)).toEqual(changed)
      await expectJson(await asAdmin("DELETE", `/agents/${agent.id}`))
      await expectRefusal(await asAdmin("PATCH", `/agents/${agent.id}`, { name: "Gone" }), 404, "agent_not_found")
    })

    it("shows recent runs, a failed run's reason, the waiting approvals and the public SLO on the console", async () => {
      const gated = await created(
        "/automations/workflows",
        workflowBody({ stepsJson: [{ type: "approval", title: "Ship it?" }] })
      )
      const waiting = await run(gated.id)
      const rejected = await run(gated.id)
      expect([waiting.status, rejected.status]).toEqual(["waiting_approval", "waiting_approval"])
      const approvals = (await expectJson(await api("GET", "/automations/approvals?status=pending"))).data
      const rejectedApproval = approvals.find((a: { runId: string }) => a.runId === rejected.id)
      await expectJson(
        await api("POST", `/automations/approvals/${rejectedApproval.id}/decide`, {
          decision: "reject",
          note: "Budget too high"
        })
      )
      const failed = await settled(rejected.id)
      expect(failed).toMatchObject({ status: "failed", reason: "Step 0 was rejected: Budget too high" })

      const home = await expectJson(await asMember("GET", "/console"))
      expect(home.recentRuns.length).toBeLessThanOrEqual(20)
      expect(home.recentRuns.slice(0, 2).map((r: { id: string }) => r.id)).toEqual([rejected.id, waiting.id])
      expect(home.recentFailures[0]).toMatchObject({ id: rejected.id, reason: "Step 0 was rejected: Budget too high" })
      expect(home.recentFailures.every((r: { status: string }) => r.status === "failed")).toBe(true)
      expect(home.waitingApprovals[0]).toMatchObject({ runId: waiting.id, title: "Ship it?", status: "pending" })
      expect(home.waitingApprovals.some((a: { runId: string }) => a.runId === rejected.id)).toBe(false)

      // The public readout, read a moment later: the same figures over a window that moved on.
      const { from, to, ...figures } = await expectJson(await api("GET", "/automations/slo"))
      expect(home.slo).toEqual({ ...figures, from: expect.any(String), to: expect.any(String) })
      expect(Date.parse(home.slo.to)).toBeLessThanOrEqual(Date.parse(to))
      expect(Date.parse(to) - Date.parse(from)).toBe(Date.parse(home.slo.to) - Date.parse(home.slo.from))
      expect(figures.runs.failed).toBe(1)
      expect(figures.runs.waitingApproval).toBeGreaterThanOrEqual(1)
    })

    it("answers 404 for another tenant's ids and changes nothing of theirs", async () => {
      const theirWorkflow = await created("/automations/workflows", workflowBody(), otherApi)
      const theirAgent = await created("/automations/agents", agentBody(), otherApi)
      await expectRefusal(
        await asAdmin("PATCH", `/workflows/${theirWorkflow.id}`, { name: "Mine now" }),
        404,
        "workflow_not_found"
      )
      await expectRefusal(await asAdmin("DELETE", `/workflows/${theirWorkflow.id}`), 404, "workflow_not_found")
      await expectRefusal(
        await asAdmin("PATCH", `/agents/${theirAgent.id}`, { name: "Mine now" }),
        404,
        "agent_not_found"
      )
      await expectRefusal(await asAdmin("DELETE", `/agents/${theirAgent.id}`), 404, "agent_not_found")
      await expectRefusal(await asAdmin("DELETE", `/workflows/${UNKNOWN_ID}`), 404, "workflow_not_found")
      expect((await workflowsOf(otherApi)).find((w) => w.id === theirWorkflow.id)).toEqual(theirWorkflow)
      const theirAgents = (await expectJson(await otherApi("GET", "/automations/agents"))).data
      expect(theirAgents.find((a: { id: string }) => a.id === theirAgent.id)).toEqual(theirAgent)
      expect(
        (await expectJson(await asMember("GET", "/workflows?limit=100"))).data.map((w: any) => w.id)
      ).not.toContain(theirWorkflow.id)
    })

    it.each([
      ["PATCH", "widgets"],
      ["DELETE", "widgets"],
      ["PATCH", "channels"],
      ["DELETE", "runs"],
      ["DELETE", "constructor"],
      ["PATCH", "__proto__"],
      ["DELETE", "hasOwnProperty"]
    ])("%s of the unknown resource %s is a 404 resource_not_found", async (method, resource) => {
      const error = await expectRefusal(
        await asAdmin(method, `/${resource}/${UNKNOWN_ID}`, method === "PATCH" ? { name: "x" } : undefined),
        404,
        "resource_not_found"
      )
      // It names the resources there are, never what was sent.
      expect(error.message).toMatch(/^No such resource: workflows, sequences, agents\b/)
      expect(error.message).not.toContain("widgets")
    })

    describe("hostile input is a 400 in the common error body, and changes nothing", () => {
      let workflow: any
      let agent: any
      beforeAll(async () => {
        workflow = await created("/automations/workflows", workflowBody())
        agent = await created("/automations/agents", agentBody())
      })

      const cases: Array<[string, string, () => string, unknown, string]> = [
        ["a NUL in a new workflow's name", "POST", () => "/workflows", workflowBody({ name: "a\u0000b" }), "name"],
        ["a NUL in a key", "POST", () => "/workflows", { ...workflowBody(), "na\u0000me": 1 }, "na\\u0000me"],
        [
          "an unknown key in a step",
          "POST",
          () => "/workflows",
          workflowBody({ stepsJson: [{ type: "log", message: "x", colour: "red" }] }),
          "stepsJson.0.colour"
        ],
        [
          "an unknown key in a skill's input",
          "POST",
          () => "/workflows",
          workflowBody({ stepsJson: [{ type: "skill", skillId: "log.write", input: { message: "x", extra: 1 } }] }),
          "stepsJson.0.input.extra"
        ],
        ["a huge workflow name", "POST", () => "/workflows", workflowBody({ name: "n".repeat(100_000) }), "name"],
        [
          "a huge number of steps",
          "POST",
          () => "/workflows",
          workflowBody({ stepsJson: Array(5_000).fill({ type: "log" }) }),
          "stepsJson"
        ],
        [
          "a huge agent instruction",
          "POST",
          () => "/agents",
          agentBody({ instructions: "i".repeat(20_001) }),
          "instructions"
        ],
        ["a NUL in a changed name", "PATCH", () => `/workflows/${workflow.id}`, { name: "x\u0000" }, "name"],
        ["a wrong type in a change", "PATCH", () => `/workflows/${workflow.id}`, { active: "yes" }, "active"],
        [
          "an unknown key in a changed step",
          "PATCH",
          () => `/workflows/${workflow.id}`,
          { stepsJson: [{ type: "log", mesage: "typo" }] },
          "stepsJson.0.mesage"
        ],
        ["a body that is no object", "PATCH", () => `/workflows/${workflow.id}`, [1, 2], "body"],
        ["a huge agent name", "PATCH", () => `/agents/${agent.id}`, { name: "a".repeat(500_000) }, "name"],
        ["a NUL in a route key", "PATCH", () => `/agents/${agent.id}`, { route_keys: ["peer:\u0000"] }, "route_keys.0"],
        ["an id that is no uuid", "PATCH", () => "/workflows/not-a-uuid", { name: "x" }, "id"],
        ["a NUL in the resource", "DELETE", () => `/work%00flows/${workflow.id}`, undefined, "resource"],
        ["a huge limit", "GET", () => "/runs?limit=100000000000", undefined, "limit"],
        ["an unknown status", "GET", () => "/runs?status=exploded", undefined, "status"],
        ["a NUL in a query value", "GET", () => "/sessions?peer=%00", undefined, "peer"],
        ["a cursor that is no uuid", "GET", () => "/approvals?cursor=%27%20or%201=1", undefined, "cursor"]
      ]

      it.each(cases)("%s", async (_, method, path, body, field) => {
        const agents = async () => expectJson(await api("GET", "/automations/agents?limit=100"))
        const before = { workflows: await workflowsOf(), agents: await agents() }
        const error = await expectRefusal(await asAdmin(method, path(), body), 400, "validation_failed")
        expect(error.details?.map((detail) => detail.field)).toEqual([field])
        // Reasons in words of the schema, never the value sent back.
        expect(JSON.stringify(error).length).toBeLessThan(2_000)
        expect(await workflowsOf()).toEqual(before.workflows)
        expect(await agents()).toEqual(before.agents)
      })
    })

    it("refuses a body over the host's limit with a 413, storing nothing", async () => {
      const before = await workflowsOf()
      const tooLarge = workflowBody({ name: "n".repeat(2 * 1024 * 1024) })
      await expectRefusal(await asAdmin("POST", "/workflows", tooLarge), 413, "body_too_large")
      expect(await workflowsOf()).toEqual(before)
    })

    it("refuses every route to a tenant without the automations product, with the public routes' 403", async () => {
      const refused = dashboard(() => notEntitledAdmin)
      for (const [method, , setup] of routes) {
        const { path, body } = await setup()
        const error = await expectRefusal(await refused(method, path, body), 403, "product_not_entitled")
        expect(error.message).toMatch(/^The account is not entitled to the automations product\. A platform admin grants it /)
      }
    })

    it("follows the entitlement at once: without automations the dashboard is locked, with it open again", async () => {
      await served.kit.admin.updateTenant(tenantId, { entitlements: ["business_email"] })
      try {
        await expectRefusal(await asMember("GET", "/workflows"), 403, "product_not_entitled")
        await expectRefusal(await asAdmin("POST", "/workflows", workflowBody()), 403, "product_not_entitled")
      } finally {
        await served.kit.admin.updateTenant(tenantId, { entitlements: ["automations", "business_email"] })
      }
      await expectJson(await asMember("GET", "/workflows"))
    })

    it("documents every route with the statuses it answers", async () => {
      const spec = await expectJson(await fetch(`${served.url}/api/v1/openapi.json`))
      const statuses = (path: string, method: string) => Object.keys(spec.paths[path][method].responses).sort()
      const reads = ["200", "400", "401", "403", "405", "500"]
      for (const path of ["workflows", "console", "agents", "runs", "sessions", "approvals", "channels"]) {
        expect(statuses(`/growth/automations/${path}`, "get"), path).toEqual(reads)
      }
      for (const path of ["workflows", "agents"]) {
        expect(statuses(`/growth/automations/${path}`, "post"), path).toEqual([...reads, "413"].sort())
      }
      const byResource = "/growth/automations/{resource}/{id}"
      expect(statuses(byResource, "patch")).toEqual([...reads, "404", "413"].sort())
      expect(statuses(byResource, "delete")).toEqual([...reads, "404"].sort())
      const resource = spec.paths[byResource].patch.parameters.find((p: { name: string }) => p.name === "resource")
      expect(resource.schema.enum).toEqual(expect.arrayContaining(["workflows", "agents"]))
      expect(spec.paths[byResource].delete.responses["404"].description).toContain("resource_not_found")
      expect(spec.paths[byResource].patch.responses["200"].content["application/json"].schema.anyOf).toEqual(
        expect.arrayContaining([{ $ref: "#/components/schemas/Workflow" }, { $ref: "#/components/schemas/Agent" }])
      )
      expect(spec.paths["/growth/automations/workflows"].get.security).toEqual([{ dashboardToken: [] }])
    })
  })
