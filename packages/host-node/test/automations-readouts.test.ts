import { mkdtempSync, rmSync } from "node:fs"
import { type Server, createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCaller, automationsClient, automationsTenants, expectJson } from "./automationsClient.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-readouts-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** A partner system that answers every POST with `{ ok: true }`. */
const partner = () => {
  let server: Server
  return {
    start: () =>
      new Promise<string>((resolve) => {
        server = createServer(async (request, response) => {
          for await (const _ of request);
          response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true }))
        })
        server.listen(0, "127.0.0.1", () =>
          resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/orders`)
        )
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** Nothing listens on port 1: a connection there is refused at once. */
const UNREACHABLE = "http://127.0.0.1:1/hook"

describe("Automations readouts over HTTP: SLO, onboarding, step log and messages", () => {
  const served = serve(() =>
    kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit"), SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true" })
  )
  const hook = partner()
  let partnerUrl: string
  let key: string
  let chatKey: string
  let otherKey: string

  const call = apiCaller(served)
  const { api, workflow, settled, run: runOf } = automationsClient(served, () => key)
  const other = call(() => otherKey)
  const json = expectJson
  const done = async (as = api) =>
    Object.fromEntries(
      (await json(await as("GET", "/automations/onboarding"))).steps.map((step: any) => [step.id, step.done])
    )
  /** Every entry of a list, page by page along `meta.nextCursor`. */
  const allPages = async (path: string, limit: number) => {
    const seen: Array<any> = []
    let cursor: string | null = null
    for (let pages = 0; pages < 100; pages++) {
      const separator = path.includes("?") ? "&" : "?"
      const page = await json(
        await api("GET", `${path}${separator}limit=${limit}${cursor === null ? "" : `&cursor=${cursor}`}`)
      )
      expect(page.meta.limit).toBe(limit)
      expect(page.data.length).toBeLessThanOrEqual(limit)
      seen.push(...page.data)
      cursor = page.meta.nextCursor
      if (cursor === null) return seen
    }
    throw new Error("paging did not end")
  }

  beforeAll(async () => {
    partnerUrl = await hook.start()
    ;({ key, chatKey, otherKey } = await automationsTenants(served, "Readouts", [
      "automations",
      "chat",
      "transactional",
      "business_email"
    ]))
    await served.kit.startWorkers()
  })
  afterAll(() => hook.stop())

  it("answers an empty SLO, an open checklist and empty pages before anything ran", async () => {
    const slo = await json(await api("GET", "/automations/slo"))
    expect(slo).toMatchObject({
      windowDays: 7,
      runs: {
        total: 0,
        queued: 0,
        running: 0,
        waitingApproval: 0,
        waitingNode: 0,
        succeeded: 0,
        failed: 0,
        cancelled: 0,
        skipped: 0
      },
      successRatePercent: null,
      startLatencyMs: null
    })
    expect(Date.parse(slo.to) - Date.parse(slo.from)).toBe(7 * 86_400_000)
    expect(Math.abs(Date.parse(slo.to) - Date.now())).toBeLessThan(60_000)

    const onboarding = await json(await api("GET", "/automations/onboarding"))
    expect(onboarding).toMatchObject({ completed: 0, total: 7 })
    expect(onboarding.steps.map((step: any) => step.id)).toEqual([
      "create_workflow",
      "run_workflow",
      "first_success",
      "set_policy",
      "tool_profile",
      "automatic_trigger",
      "decide_approval"
    ])
    for (const step of onboarding.steps) {
      expect(step).toEqual({ id: step.id, title: expect.any(String), done: false, hint: expect.any(String) })
    }
    for (const path of ["/automations/logs", "/automations/messages"]) {
      expect(await json(await api("GET", path))).toEqual({ data: [], meta: { limit: 25, nextCursor: null } })
    }
  })

  it("derives the SLO, the checklist, the step log and the messages from real runs", async () => {
    const conversation = await json(await call(() => chatKey)("POST", "/chat/conversations", { name: "Orders" }))
    const sender = await workflow([
      { type: "log", message: "hello {{payload.name}}" },
      {
        type: "skill",
        name: "welcome mail",
        skillId: "email.send",
        input: { to: ["ada@example.com", "{{payload.cc}}"], subject: "Welcome", text: "Hi {{payload.name}}" }
      },
      {
        type: "skill",
        skillId: "chat.post_message",
        input: { channelId: conversation.id, content: "Hi {{payload.name}}" }
      },
      // http is allowed to loopback in tests only from a placeholder: a literal URL must be https.
      {
        type: "skill",
        skillId: "webhook.deliver",
        input: { url: "{{payload.partner}}", body: { name: "{{payload.name}}" } }
      }
    ])
    expect(await done()).toMatchObject({ create_workflow: true, run_workflow: false, first_success: false })

    const sent = await runOf(sender.id, { payload: { name: "Ada", cc: "bob@example.com", partner: partnerUrl } })
    expect(sent.status).toBe("succeeded")
    expect(await done()).toMatchObject({ run_workflow: true, first_success: true, decide_approval: false })

    const failing = await workflow([
      { type: "log", message: "before" },
      { type: "skill", skillId: "webhook.deliver", input: { url: "{{payload.url}}", body: {} } }
    ])
    const failed = await runOf(failing.id, { payload: { url: UNREACHABLE } })
    expect(failed.status).toBe("failed")

    const gated = await workflow([
      { type: "approval", title: "Go ahead?" },
      { type: "log", message: "approved" }
    ])
    const cancelled = await runOf(gated.id)
    expect(cancelled.status).toBe("waiting_approval")
    await json(await api("POST", `/automations/runs/${cancelled.id}/cancel`))
    const paused = await runOf(gated.id)
    const approval = (await json(await api("GET", "/automations/approvals?status=pending"))).data.find(
      (item: any) => item.runId === paused.id
    )
    await json(await api("POST", `/automations/approvals/${approval.id}/decide`, { decision: "approve" }))
    const approved = await settled(paused.id, ["succeeded", "failed"])
    expect(approved.status).toBe("succeeded")

    // The rest of the checklist, item by item.
    expect(await done()).toMatchObject({ decide_approval: true, set_policy: false })
    await json(await api("PUT", "/automations/policies", { standingOrders: "Be kind." }))
    expect(await done()).toMatchObject({ set_policy: true, tool_profile: false })
    await json(await api("POST", "/automations/tool-profiles", { name: "readouts", deny: ["memory.write"] }))
    expect(await done()).toMatchObject({ tool_profile: true, automatic_trigger: false })
    await workflow([{ type: "log" }], {
      active: false,
      triggerJson: { schemaVersion: 1, type: "schedule", everySeconds: 3_600 }
    })
    expect(await json(await api("GET", "/automations/onboarding"))).toMatchObject({ completed: 7, total: 7 })
    expect(Object.values(await done(other)).every((value) => value === false)).toBe(true)

    // SLO: two succeeded, one failed, one cancelled; every run was taken by a worker.
    const slo = await json(await api("GET", "/automations/slo"))
    expect(slo.runs).toEqual({
      total: 4,
      queued: 0,
      running: 0,
      waitingApproval: 0,
      waitingNode: 0,
      waitingTimer: 0,
      succeeded: 2,
      failed: 1,
      cancelled: 1,
      expired: 0,
      skipped: 0
    })
    expect(slo.successRatePercent).toBe(66.7)
    expect(slo.startLatencyMs.samples).toBe(4)
    expect(slo.startLatencyMs.p50).toBeGreaterThanOrEqual(0)
    expect(slo.startLatencyMs.p95).toBeGreaterThanOrEqual(slo.startLatencyMs.p50)
    const latencies = [sent, failed, cancelled, approved].map(
      (run) => Date.parse(run.startedAt) - Date.parse(run.createdAt)
    )
    expect(latencies).toContain(slo.startLatencyMs.p50)
    expect(slo.startLatencyMs.p95).toBe(Math.max(...latencies))

    // The step log: newest run first, its last step first.
    const runsNewestFirst = [approved, cancelled, failed, sent]
    const logs = await json(await api("GET", "/automations/logs?limit=100"))
    expect(logs.meta).toEqual({ limit: 100, nextCursor: null })
    expect(logs.data.map((entry: any) => [entry.runId, entry.stepIndex])).toEqual(
      runsNewestFirst.flatMap((run) => [...run.stepsResultJson].reverse().map((step: any) => [run.id, step.index]))
    )
    const sentLog = await json(await api("GET", `/automations/logs?runId=${sent.id}`))
    expect(sentLog.data).toEqual([
      {
        runId: sent.id,
        workflowId: sender.id,
        stepIndex: 3,
        type: "skill",
        skillId: "webhook.deliver",
        name: null,
        status: "succeeded",
        text: JSON.stringify({ ok: true }),
        attempt: 1,
        at: sent.stepsResultJson[3].finishedAt
      },
      expect.objectContaining({ stepIndex: 2, skillId: "chat.post_message", text: "Hi Ada" }),
      expect.objectContaining({
        stepIndex: 1,
        skillId: "email.send",
        name: "welcome mail",
        text: sent.stepsResultJson[1].outputText
      }),
      expect.objectContaining({ stepIndex: 0, type: "log", skillId: null, text: "hello Ada" })
    ])
    const failedLog = await json(await api("GET", `/automations/logs?workflowId=${failing.id}&status=failed`))
    expect(failedLog.data).toEqual([
      expect.objectContaining({
        runId: failed.id,
        stepIndex: 1,
        status: "failed",
        text: failed.stepsResultJson[1].error
      })
    ])
    expect(failedLog.data[0].text).toContain("could not be reached")
    const waiting = await json(await api("GET", "/automations/logs?status=waiting_approval"))
    expect(waiting.data.map((entry: any) => [entry.runId, entry.type])).toEqual([[cancelled.id, "approval"]])

    // Messages: the email, the chat post and the webhook of the first run; not the failed webhook.
    const messages = await json(await api("GET", "/automations/messages"))
    expect(messages.data).toEqual([
      {
        runId: sent.id,
        workflowId: sender.id,
        stepIndex: 3,
        channel: "webhook",
        to: [partnerUrl],
        text: JSON.stringify({ name: "{{payload.name}}" }),
        at: sent.stepsResultJson[3].finishedAt
      },
      expect.objectContaining({ stepIndex: 2, channel: "chat", to: [conversation.id], text: "Hi Ada" }),
      expect.objectContaining({
        stepIndex: 1,
        channel: "email",
        to: ["ada@example.com", "bob@example.com"],
        text: "Welcome"
      })
    ])
    expect((await json(await api("GET", `/automations/messages?workflowId=${failing.id}`))).data).toEqual([])
    expect((await json(await api("GET", `/automations/messages?runId=${sent.id}`))).data).toEqual(messages.data)

    // Page by page along the cursors, whatever the page size.
    for (const limit of [1, 2, 4]) {
      expect(await allPages("/automations/logs", limit)).toEqual(logs.data)
      expect(await allPages("/automations/messages", limit)).toEqual(messages.data)
      expect(await allPages(`/automations/logs?workflowId=${gated.id}`, limit)).toEqual(
        logs.data.filter((entry: any) => entry.workflowId === gated.id)
      )
    }
    const first = await json(await api("GET", "/automations/logs?limit=3"))
    expect(first.meta.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/)
    const second = await json(await api("GET", `/automations/logs?limit=3&cursor=${first.meta.nextCursor}`))
    expect(second.data).toEqual(logs.data.slice(3, 6))

    // Another account sees none of it, and this account's cursor names nothing of its own.
    expect(await json(await other("GET", "/automations/slo"))).toMatchObject({
      runs: { total: 0 },
      successRatePercent: null,
      startLatencyMs: null
    })
    for (const path of ["/automations/logs", `/automations/logs?runId=${sent.id}`, "/automations/messages"]) {
      expect((await json(await other("GET", path))).data).toEqual([])
    }
    const foreign = await expectRefusal(
      await other("GET", `/automations/logs?cursor=${first.meta.nextCursor}`),
      400,
      "validation_failed"
    )
    expect(foreign.details).toEqual([{ field: "cursor", reason: "unknown cursor" }])
  })

  it("refuses bad query parameters with the common error body", async () => {
    const cases: Array<[string, string]> = [
      ["/automations/logs?limit=0", "limit"],
      ["/automations/logs?limit=101", "limit"],
      ["/automations/messages?limit=ten", "limit"],
      ["/automations/logs?runId=nope", "runId"],
      ["/automations/messages?workflowId=nope", "workflowId"],
      ["/automations/logs?status=done", "status"],
      ["/automations/logs?cursor=not%20a%20cursor", "cursor"],
      // base64url, but not of `<runId>:<step>`, or of a run that does not exist.
      ["/automations/logs?cursor=YWJj", "cursor"],
      [`/automations/messages?cursor=${Buffer.from(`${crypto.randomUUID()}:1`).toString("base64url")}`, "cursor"]
    ]
    for (const [path, field] of cases) {
      const error = await expectRefusal(await api("GET", path), 400, "validation_failed")
      expect(error.details?.map((detail) => detail.field)).toEqual([field])
    }
    // Only automations keys with the scope read them.
    await expectRefusal(await call(() => chatKey)("GET", "/automations/slo"), 403, "wrong_product")
    const anonymous = await fetch(`${served.url}/api/v1/automations/onboarding`)
    expect(anonymous.status).toBe(401)
  })
})
