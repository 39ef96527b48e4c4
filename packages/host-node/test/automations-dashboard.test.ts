import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { automationsClient, expectJson } from "./automationsClient.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000"

/**
 * The dashboard's routes for runs, approvals and companion nodes: the answers of the API-key
 * routes they mirror, a member reads and never writes, another tenant's ids are 404s.
 */
describe("Automations dashboard routes for runs, approvals and nodes", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-automations-dashboard-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit") }))
  let admin: string
  let member: string
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
  const asKey = dashboard(() => key)
  const { api, workflow, settled } = automationsClient(served, () => key)
  const other = automationsClient(served, () => otherKey)

  /** A run of a workflow whose only step waits for an approval, once it waits. */
  const waitingRun = async (via = { api, workflow, settled }) => {
    const gated = await via.workflow([{ type: "approval", title: "Ship it?" }])
    const started = await expectJson(await via.api("POST", `/automations/workflows/${gated.id}/run`, {}))
    return via.settled(started.id)
  }
  const approvalOf = async (runId: string, via = api) =>
    (await expectJson(await via("GET", "/automations/approvals?limit=100"))).data.find(
      (approval: { runId: string }) => approval.runId === runId
    )
  const runOf = async (id: string, via = api) => expectJson(await via("GET", `/automations/runs/${id}`))
  const nodeOf = async (id: string, via = api) =>
    (await expectJson(await via("GET", "/automations/nodes?limit=100"))).data.find(
      (node: { id: string }) => node.id === id
    )

  beforeAll(async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Ops", entitlements: ["automations"] })
    admin = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "ada", role: "admin" })).token
    member = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "max", role: "member" })).token
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
    otherKey = await keyOf((await served.kit.admin.createTenant({ name: "Other", entitlements: ["automations"] })).id)
    await served.kit.startWorkers()
  })

  it("starts a workflow's run and shows it with its steps' results as the key route does", async () => {
    const logged = await workflow([{ type: "log", message: "hello {{context}}" }])
    const started = await expectJson(await asAdmin("POST", `/workflows/${logged.id}/run`, { context: "there" }))
    expect(started).toMatchObject({ workflowId: logged.id, status: "queued", test: false, context: "there" })
    const done = await settled(started.id)
    expect(done.stepsResultJson[0]).toMatchObject({ status: "succeeded", output: { message: "hello there" } })
    expect(await expectJson(await asMember("GET", `/runs/${started.id}`))).toEqual(done)
    // The body is optional.
    const bare = await expectJson(await asAdmin("POST", `/workflows/${logged.id}/run`))
    expect((await settled(bare.id)).status).toBe("succeeded")
  })

  it("cancels and retries a run, and decides an approval, as an admin", async () => {
    const cancelled = await expectJson(await asAdmin("POST", `/runs/${(await waitingRun()).id}/cancel`))
    expect(cancelled.status).toBe("cancelled")
    expect(await runOf(cancelled.id)).toEqual(cancelled)
    await expectRefusal(await asAdmin("POST", `/runs/${cancelled.id}/cancel`), 409, "invalid_run_transition")
    const retried = await expectJson(await asAdmin("POST", `/runs/${cancelled.id}/retry`))
    expect(retried).toMatchObject({ id: cancelled.id, status: "queued", attempt: 2 })
    expect((await settled(cancelled.id)).status).toBe("waiting_approval")

    const waiting = await waitingRun()
    const approval = await approvalOf(waiting.id)
    const decided = await expectJson(
      await asAdmin("POST", `/approvals/${approval.id}/decide`, { decision: "approve", note: "Go" })
    )
    expect(decided).toMatchObject({ id: approval.id, status: "approved", note: "Go" })
    expect(await approvalOf(waiting.id)).toEqual(decided)
    expect((await settled(waiting.id)).status).toBe("succeeded")
    await expectRefusal(
      await asAdmin("POST", `/approvals/${approval.id}/decide`, { decision: "reject" }),
      409,
      "approval_decided"
    )
  })

  it("lists, creates with a pairing code shown once, changes and revokes nodes", async () => {
    const created = await expectJson(
      await asAdmin("POST", "/nodes", { name: "Laptop", allowSystem: true, allowedBinaries: ["echo"] })
    )
    expect(created).toMatchObject({ name: "Laptop", status: "pending", allowSystem: true, allowedBinaries: ["echo"] })
    expect(created.pairingCode).toMatch(/^[0-9A-Z]{8}$/)
    const listed = await expectJson(await asMember("GET", "/nodes?limit=100"))
    expect(listed).toEqual(await expectJson(await api("GET", "/automations/nodes?limit=100")))
    const { pairingCode, ...stored } = created
    expect(listed.data.find((node: { id: string }) => node.id === created.id)).toEqual({
      ...stored,
      updatedAt: expect.any(String)
    })
    expect(JSON.stringify(listed)).not.toContain(pairingCode)

    const changed = await expectJson(await asAdmin("PATCH", `/nodes/${created.id}`, { allowBrowser: true }))
    expect(changed).toMatchObject({ id: created.id, allowBrowser: true, allowSystem: true })
    expect(await nodeOf(created.id)).toEqual(changed)
    const revoked = await expectJson(await asAdmin("DELETE", `/nodes/${created.id}`))
    expect(revoked).toMatchObject({ id: created.id, status: "revoked", revokedAt: expect.any(String) })
    expect(await nodeOf(created.id)).toEqual(revoked)
  })

  it("lets a member read but refuses a member's writes with 403, changing nothing", async () => {
    const waiting = await waitingRun()
    const approval = await approvalOf(waiting.id)
    const node = await expectJson(await api("POST", "/automations/nodes", { name: "Kiosk" }))
    const logged = await workflow([{ type: "log", message: "x" }])
    const runsBefore = await expectJson(await api("GET", "/automations/runs?limit=100"))
    const nodesBefore = await expectJson(await api("GET", "/automations/nodes?limit=100"))

    expect((await expectJson(await asMember("GET", `/runs/${waiting.id}`))).id).toBe(waiting.id)
    expect((await expectJson(await asMember("GET", "/nodes"))).data.length).toBeGreaterThan(0)
    const writes: Array<[string, string, unknown?]> = [
      ["POST", `/runs/${waiting.id}/cancel`],
      ["POST", `/runs/${waiting.id}/retry`],
      ["POST", `/workflows/${logged.id}/run`, {}],
      ["POST", `/approvals/${approval.id}/decide`, { decision: "approve" }],
      ["POST", "/nodes", { name: "Mine" }],
      ["PATCH", `/nodes/${node.id}`, { allowSystem: true }],
      ["DELETE", `/nodes/${node.id}`]
    ]
    for (const [method, path, body] of writes) {
      await expectRefusal(await asMember(method, path, body), 403, "admin_required")
      await expectRefusal(await asKey(method, path, body), 401, "api_key_not_accepted")
    }
    expect(await expectJson(await api("GET", "/automations/runs?limit=100"))).toEqual(runsBefore)
    expect(await expectJson(await api("GET", "/automations/nodes?limit=100"))).toEqual(nodesBefore)
    expect((await approvalOf(waiting.id)).status).toBe("pending")
  })

  it("answers 404 for another tenant's runs, approvals, workflows and nodes, and changes nothing of theirs", async () => {
    const theirRun = await waitingRun(other)
    const theirApproval = await approvalOf(theirRun.id, other.api)
    const theirWorkflow = await other.workflow([{ type: "log", message: "theirs" }])
    const theirNode = await expectJson(await other.api("POST", "/automations/nodes", { name: "Theirs" }))
    const refusals: Array<[string, string, unknown, string]> = [
      ["GET", `/runs/${theirRun.id}`, undefined, "run_not_found"],
      ["POST", `/runs/${theirRun.id}/cancel`, undefined, "run_not_found"],
      ["POST", `/runs/${theirRun.id}/retry`, undefined, "run_not_found"],
      ["POST", `/workflows/${theirWorkflow.id}/run`, {}, "workflow_not_found"],
      ["POST", `/approvals/${theirApproval.id}/decide`, { decision: "approve" }, "approval_not_found"],
      ["PATCH", `/nodes/${theirNode.id}`, { allowSystem: true }, "node_not_found"],
      ["DELETE", `/nodes/${theirNode.id}`, undefined, "node_not_found"],
      ["GET", `/runs/${UNKNOWN_ID}`, undefined, "run_not_found"]
    ]
    for (const [method, path, body, code] of refusals) await expectRefusal(await asAdmin(method, path, body), 404, code)
    expect(await runOf(theirRun.id, other.api)).toEqual(theirRun)
    expect((await approvalOf(theirRun.id, other.api)).status).toBe("pending")
    expect(await nodeOf(theirNode.id, other.api)).toMatchObject({ status: "pending", allowSystem: false })
    const theirRuns = await expectJson(await other.api("GET", `/automations/runs?workflowId=${theirWorkflow.id}`))
    expect(theirRuns.data).toEqual([])
    expect((await expectJson(await asMember("GET", "/nodes?limit=100"))).data.map((n: any) => n.id)).not.toContain(
      theirNode.id
    )
  })

  it("refuses a bad body or id with a 400 in the common error body, changing nothing", async () => {
    const waiting = await waitingRun()
    const approval = await approvalOf(waiting.id)
    const logged = await workflow([{ type: "log", message: "x" }])
    const node = await expectJson(await api("POST", "/automations/nodes", { name: "Desk" }))
    const nodesBefore = await expectJson(await api("GET", "/automations/nodes?limit=100"))
    const runsBefore = await expectJson(await api("GET", "/automations/runs?limit=100"))
    const cases: Array<[string, string, unknown, string, string?]> = [
      ["POST", `/approvals/${approval.id}/decide`, { decision: "maybe" }, "decision"],
      ["POST", `/approvals/${approval.id}/decide`, { decision: "approve", note: "a\u0000b" }, "note"],
      ["POST", `/approvals/${approval.id}/decide`, "{not json", "", "invalid_body"],
      ["POST", `/workflows/${logged.id}/run`, { payload: [1, 2] }, "payload"],
      ["POST", `/workflows/${logged.id}/run`, { context: 42 }, "context"],
      ["POST", "/nodes", { name: "" }, "name"],
      ["POST", "/nodes", { name: "Box", allowSystem: "yes" }, "allowSystem"],
      ["PATCH", `/nodes/${node.id}`, { allowedHosts: "example.com" }, "allowedHosts"],
      ["GET", "/runs/not-a-uuid", undefined, "id"],
      ["POST", "/runs/not-a-uuid/cancel", undefined, "id"],
      ["GET", "/nodes?limit=0", undefined, "limit"]
    ]
    for (const [method, path, body, field, code = "validation_failed"] of cases) {
      const error = await expectRefusal(await asAdmin(method, path, body), 400, code)
      if (field !== "") expect(error.details?.map((detail) => detail.field), `${method} ${path}`).toContain(field)
    }
    expect(await expectJson(await api("GET", "/automations/nodes?limit=100"))).toEqual(nodesBefore)
    expect(await expectJson(await api("GET", "/automations/runs?limit=100"))).toEqual(runsBefore)
    expect((await approvalOf(waiting.id)).status).toBe("pending")
  })
})
