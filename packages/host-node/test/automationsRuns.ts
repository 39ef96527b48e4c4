import { mkdtempSync, rmSync } from "node:fs"
import { type IncomingHttpHeaders, type Server, createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiCaller, automationsClient, automationsTenants, expectJson } from "./automationsClient.js"
import { type Served, expectRefusal, kitOn, serve } from "./hostileInput.js"
import { sweepWaitpointsAt } from "./engineState.js"

/** A partner system that records what it is sent and answers as told. */
const partner = () => {
  const received: Array<{ headers: IncomingHttpHeaders; body: any }> = []
  let status = 200
  let body: string | undefined
  let server: Server
  return {
    received,
    answer: (next: number, text?: string) => {
      status = next
      body = text
    },
    start: () =>
      new Promise<string>((resolve) => {
        server = createServer(async (request, response) => {
          let text = ""
          for await (const chunk of request) text += chunk
          received.push({ headers: request.headers, body: JSON.parse(text) })
          response
            .writeHead(status, { "content-type": "application/json" })
            .end(body ?? JSON.stringify({ ok: status === 200 }))
        })
        server.listen(0, "127.0.0.1", () =>
          resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/orders`)
        )
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** Where a suite's runs are followed: its storage's environment, and how its workers start (answering how they stop). */
export interface RunsSetting {
  readonly storage: string
  readonly env: () => Record<string, string>
  readonly startWorkers: (served: Served, env: Record<string, string>) => Promise<() => Promise<void>>
}

/** Runs over HTTP on `setting`'s storage, followed by its workers. */
export const automationsRunsSuite = (setting: RunsSetting) =>
  describe(`Automations runs over HTTP on ${setting.storage}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), "servicekit-runs-"))
    const env = () => ({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
      ...setting.env()
    })
    const served = serve(() => kitOn(env()))
    let stopWorkers = async () => {}
    afterAll(async () => {
      await stopWorkers()
      rmSync(dataDir, { recursive: true, force: true })
    })
    const hook = partner()
    let partnerUrl: string
    let key: string
    let chatKey: string
    let otherKey: string

    const call = apiCaller(served)
    const { api, workflow, settled } = automationsClient(served, () => key)
    const json = expectJson

    beforeAll(async () => {
      partnerUrl = await hook.start()
      ;({ key, chatKey, otherKey } = await automationsTenants(served, "Runs", ["automations", "chat"]))
      stopWorkers = await setting.startWorkers(served, env())
    })
    afterAll(() => hook.stop())

    it("runs the steps in order with their placeholders filled in, each result stored", async () => {
      const conversation = await json(await call(() => chatKey)("POST", "/chat/conversations", { name: "Orders" }))
      const created = await workflow([
        { type: "log", message: "order {{payload.order.id}} for {{context}}" },
        {
          type: "skill",
          name: "notify",
          skillId: "webhook.deliver",
          // The partner's URL from the payload (the retry test below writes it as it is).
          input: { url: "{{payload.partner}}", body: { order: "{{payload.order.id}}", said: "{{last.outputText}}" } }
        },
        {
          type: "skill",
          skillId: "chat.post_message",
          input: { channelId: conversation.id, content: "Order {{step1.body.ok}}: {{step0.message}}" }
        },
        { type: "skill", skillId: "log.write", input: { message: "posted as {{step2.sequence}}" } }
      ])
      const queued = await json(
        await api("POST", `/automations/workflows/${created.id}/run`, {
          context: "Ada",
          payload: { order: { id: "A-1" }, partner: partnerUrl }
        })
      )
      expect(queued).toMatchObject({
        workflowId: created.id,
        flowId: created.flowId,
        revision: 1,
        status: "queued",
        trigger: { type: "manual", event: null },
        context: "Ada",
        stepsResultJson: []
      })
      const run = await settled(queued.id)
      expect(run.status).toBe("succeeded")
      expect(run.stepsResultJson.map((step: any) => [step.index, step.status, step.attempt, step.outputText])).toEqual([
        [0, "succeeded", 1, "order A-1 for Ada"],
        [1, "succeeded", 1, JSON.stringify({ ok: true })],
        [2, "succeeded", 1, "Order true: order A-1 for Ada"],
        [3, "succeeded", 1, "posted as 1"]
      ])
      expect(run.stepsResultJson[1]).toMatchObject({ name: "notify", output: { status: 200, body: { ok: true } } })
      expect(Date.parse(run.startedAt)).toBeGreaterThanOrEqual(Date.parse(run.createdAt))
      expect(Date.parse(run.finishedAt)).toBeGreaterThanOrEqual(Date.parse(run.startedAt))

      // The partner got the body and the step's idempotency key.
      expect(hook.received.at(-1)).toMatchObject({
        body: { order: "A-1", said: "order A-1 for Ada" },
        headers: { "idempotency-key": `${run.id}:1:1` }
      })
      const messages = await json(await call(() => chatKey)("GET", `/chat/conversations/${conversation.id}/messages`))
      expect(messages.data).toEqual([
        expect.objectContaining({ authorType: "system", content: "Order true: order A-1 for Ada" })
      ])
    })

    it("starts a run from a request without a body, as from an empty object", async () => {
      const created = await workflow([{ type: "log", message: "context [{{context}}], name [{{payload.name}}]" }])
      for (const run of [
        await json(await api("POST", `/automations/workflows/${created.id}/run`)),
        await json(await api("POST", `/automations/workflows/${created.id}/run`, {}))
      ]) {
        expect(run).toMatchObject({ workflowId: created.id, status: "queued", context: "" })
        const done = await settled(run.id)
        expect(done.stepsResultJson.map((step: any) => step.outputText)).toEqual(["context [], name []"])
      }
      await expectRefusal(await api("POST", `/automations/workflows/${created.id}/run`, "null"), 400, "validation_failed")
    })

    it("fails at the step that failed, and a retry resumes there without running finished steps again", async () => {
      const created = await workflow([
        { type: "log", message: "first" },
        {
          type: "skill",
          skillId: "webhook.deliver",
          // A literal http URL: allowed, as at send time, under SERVICEKIT_OUTBOUND_ALLOW_PRIVATE.
          input: { url: `${partnerUrl}/retry`, body: { n: "{{payload.n}}" } }
        },
        { type: "log", message: "after {{step1.status}}" }
      ])
      hook.answer(500)
      const queued = await json(
        await api("POST", `/automations/workflows/${created.id}/run`, { payload: { n: 7, partner: partnerUrl } })
      )
      const failed = await settled(queued.id)
      expect(failed).toMatchObject({
        status: "failed",
        attempt: 1,
        reason: "Step 1 failed: The partner answered HTTP 500."
      })
      expect(hook.received.at(-1)!.headers["idempotency-key"]).toBe(`${queued.id}:1:1`)
      expect(failed.stepsResultJson.map((step: any) => [step.status, step.attempt])).toEqual([
        ["succeeded", 1],
        ["failed", 1]
      ])
      await expectRefusal(await api("POST", `/automations/runs/${queued.id}/cancel`), 409, "invalid_run_transition")

      hook.answer(200)
      const retried = await json(await api("POST", `/automations/runs/${queued.id}/retry`))
      expect(retried).toMatchObject({ status: "queued", attempt: 2 })
      const done = await settled(queued.id, ["succeeded", "failed"])
      expect(done).toMatchObject({ status: "succeeded", attempt: 2 })
      expect(done.stepsResultJson.map((step: any) => [step.status, step.attempt, step.outputText])).toEqual([
        ["succeeded", 1, "first"],
        ["succeeded", 2, JSON.stringify({ ok: true })],
        ["succeeded", 1, "after 200"]
      ])
      // The first step kept its first result: it did not run again.
      expect(done.stepsResultJson[0].startedAt).toBe(failed.stepsResultJson[0].startedAt)
      expect(hook.received.at(-1)!.headers["idempotency-key"]).toBe(`${queued.id}:1:2`)
      await expectRefusal(await api("POST", `/automations/runs/${queued.id}/retry`), 409, "invalid_run_transition")
    })

    it("waits for an approval, goes on when approved, fails when rejected, and decides once", async () => {
      const created = await workflow([
        { type: "log", message: "prepared" },
        { type: "approval", title: "Refund {{payload.amount}}?" },
        { type: "log", message: "refunded" }
      ])
      const first = await json(
        await api("POST", `/automations/workflows/${created.id}/run`, { payload: { amount: 30 } })
      )
      const waiting = await settled(first.id)
      expect(waiting.status).toBe("waiting_approval")
      expect(waiting.stepsResultJson.map((step: any) => step.status)).toEqual(["succeeded", "waiting_approval"])
      const pending = await json(await api("GET", "/automations/approvals?status=pending"))
      const approval = pending.data.find((item: any) => item.runId === first.id)
      expect(approval).toMatchObject({ stepIndex: 1, title: "Refund 30?", status: "pending", skillId: null })
      expect(Date.parse(approval.expiresAt) - Date.parse(approval.createdAt)).toBe(72 * 3_600_000)

      const decided = await json(
        await api("POST", `/automations/approvals/${approval.id}/decide`, { decision: "approve", note: "ok" })
      )
      expect(decided).toMatchObject({ status: "approved", note: "ok" })
      await expectRefusal(
        await api("POST", `/automations/approvals/${approval.id}/decide`, { decision: "reject" }),
        409,
        "approval_decided"
      )
      const approved = await settled(first.id, ["succeeded", "failed"])
      expect(approved.status).toBe("succeeded")
      expect(approved.stepsResultJson.map((step: any) => step.outputText)).toEqual(["prepared", "approved", "refunded"])

      const second = await json(
        await api("POST", `/automations/workflows/${created.id}/run`, { payload: { amount: 900 } })
      )
      await settled(second.id)
      const next = (await json(await api("GET", "/automations/approvals?status=pending"))).data.find(
        (item: any) => item.runId === second.id
      )
      await expectRefusal(
        await api("POST", `/automations/approvals/${next.id}/decide`, { decision: "maybe" }),
        400,
        "validation_failed"
      )
      await json(
        await api("POST", `/automations/approvals/${next.id}/decide`, { decision: "reject", note: "too much" })
      )
      const rejected = await settled(second.id, ["failed"])
      expect(rejected.reason).toBe("Step 1 was rejected: too much")
      await expectRefusal(await call(() => otherKey)("GET", `/automations/runs/${second.id}`), 404, "run_not_found")
      await expectRefusal(
        await call(() => otherKey)("POST", `/automations/approvals/${next.id}/decide`, { decision: "approve" }),
        404,
        "approval_not_found"
      )
    })

    it("expires an approval nobody decided once its time is up: the run fails and a late decision is refused", async () => {
      const created = await workflow([{ type: "approval", expiresInSeconds: 60 }, { type: "log", message: "never" }])
      const run = await json(await api("POST", `/automations/workflows/${created.id}/run`, {}))
      await settled(run.id)
      const approval = (await json(await api("GET", "/automations/approvals?status=pending"))).data.find(
        (item: any) => item.runId === run.id
      )
      // Nothing is due yet; 61 seconds on, the sweep finds the approval's waitpoint due.
      expect(await sweepWaitpointsAt(served, 0)).toBe(0)
      expect(await sweepWaitpointsAt(served, 61_000)).toBeGreaterThanOrEqual(1)
      const failed = await settled(run.id, ["failed"])
      expect(failed.reason).toBe("The approval of step 0 expired.")
      expect(failed.stepsResultJson).toHaveLength(1)
      const expired = await json(await api("GET", "/automations/approvals?status=expired"))
      expect(expired.data.find((item: any) => item.id === approval.id)).toMatchObject({ status: "expired" })
      await expectRefusal(
        await api("POST", `/automations/approvals/${approval.id}/decide`, { decision: "approve" }),
        409,
        "approval_decided"
      )
      expect(await sweepWaitpointsAt(served, 61_000)).toBe(0)
      expect((await json(await api("GET", `/automations/runs/${run.id}`))).status).toBe("failed")
    })

    it("cancels a waiting run, lists runs by workflow and status, and refuses runs that cannot start", async () => {
      // An approval step as the spec writes it: its title defaults to its place in the run.
      const created = await workflow([{ type: "approval" }])
      const run = await json(await api("POST", `/automations/workflows/${created.id}/run`, {}))
      await settled(run.id)
      const pending = await json(await api("GET", "/automations/approvals?status=pending"))
      expect(pending.data.find((approval: any) => approval.runId === run.id)?.title).toBe("Approve step 0")
      const cancelled = await json(await api("POST", `/automations/runs/${run.id}/cancel`))
      expect(cancelled).toMatchObject({ status: "cancelled", reason: "Cancelled." })
      await expectRefusal(await api("POST", `/automations/runs/${run.id}/cancel`), 409, "invalid_run_transition")

      const mine = await json(await api("GET", `/automations/runs?workflowId=${created.id}`))
      expect(mine.data.map((item: any) => item.id)).toEqual([run.id])
      const all = await json(await api("GET", "/automations/runs?status=cancelled&limit=1"))
      expect(all.data.map((item: any) => item.id)).toEqual([run.id])

      const paused = await workflow([{ type: "log" }], { active: false })
      await expectRefusal(await api("POST", `/automations/workflows/${paused.id}/run`, {}), 400, "workflow_inactive")
      const empty = await workflow([])
      await expectRefusal(await api("POST", `/automations/workflows/${empty.id}/run`, {}), 400, "workflow_inactive")
      await expectRefusal(
        await api("POST", `/automations/workflows/${crypto.randomUUID()}/run`, {}),
        404,
        "workflow_not_found"
      )
      await expectRefusal(
        await call(() => otherKey)("POST", `/automations/workflows/${created.id}/run`, {}),
        404,
        "workflow_not_found"
      )
      for (const body of [{ payload: [1] }, { payload: "x" }, { context: 5 }, { context: "a\u0000" }]) {
        await expectRefusal(
          await api("POST", `/automations/workflows/${created.id}/run`, body),
          400,
          "validation_failed"
        )
      }
      await expectRefusal(await api("GET", "/automations/runs?status=done"), 400, "validation_failed")
      const unchanged = await json(await api("GET", `/automations/runs?workflowId=${created.id}`))
      expect(unchanged.data).toHaveLength(1)
    })

    it("closes the approval of a cancelled run; a retry asks for a new one and goes on only once it is approved", async () => {
      const created = await workflow([
        { type: "log", message: "prepared" },
        { type: "approval", title: "Ship it?" },
        { type: "log", message: "shipped" }
      ])
      const run = await json(await api("POST", `/automations/workflows/${created.id}/run`, {}))
      await settled(run.id)
      const approvalOf = async () =>
        (await json(await api("GET", "/automations/approvals?limit=100"))).data.filter((item: any) => item.runId === run.id)
      const [first] = await approvalOf()
      await json(await api("POST", `/automations/runs/${run.id}/cancel`))
      expect((await approvalOf())[0]).toMatchObject({ id: first.id, status: "cancelled" })
      await expectRefusal(
        await api("POST", `/automations/approvals/${first.id}/decide`, { decision: "approve" }),
        409,
        "approval_decided"
      )

      await json(await api("POST", `/automations/runs/${run.id}/retry`))
      const waiting = await settled(run.id)
      expect(waiting.status).toBe("waiting_approval")
      expect(waiting.stepsResultJson.map((step: any) => step.status)).toEqual(["succeeded", "waiting_approval"])
      const approvals = await approvalOf()
      const second = approvals.find((item: any) => item.status === "pending")
      expect(approvals).toHaveLength(2)
      expect(second.id).not.toBe(first.id)
      await json(await api("POST", `/automations/approvals/${second.id}/decide`, { decision: "approve" }))
      const done = await settled(run.id, ["succeeded", "failed"])
      expect(done.stepsResultJson.map((step: any) => step.outputText)).toEqual(["prepared", "approved", "shipped"])
    })

    it("starts runs from the inbound hook with the workflow's token or an API key, once per idempotency key", async () => {
      const token = "hook-token-0123456789abcdef"
      const created = await workflow([{ type: "log", message: "{{event.type}}: {{payload.id}}" }], {
        triggerJson: { schemaVersion: 1, type: "webhook", webhook: { token } }
      })
      const inbound = (headers: Record<string, string>, body: unknown) =>
        fetch(`${served.url}/api/v1/automations/hooks/inbound`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify(body)
        })
      const byToken = await json(
        await inbound(
          { "x-service-automation-token": token },
          { workflowId: created.id, event: "order.paid", context: "shop", payload: { id: 42 } }
        )
      )
      expect(byToken).toMatchObject({ workflowId: created.id, trigger: { type: "webhook", event: "order.paid" } })
      const run = await settled(byToken.id)
      expect(run.stepsResultJson[0].outputText).toBe("order.paid: 42")

      for (const headers of [
        { "x-service-automation-token": `${token}x` },
        { "x-service-automation-token": "" },
        { "x-service-automation-token": token.slice(0, -1) }
      ]) {
        await expectRefusal(await inbound(headers, { workflowId: created.id }), 401, "invalid_automation_token")
      }
      // A token names its own workflow only.
      const tokenless = await workflow([{ type: "log" }])
      await expectRefusal(
        await inbound({ "x-service-automation-token": token }, { workflowId: tokenless.id }),
        401,
        "invalid_automation_token"
      )
      await expectRefusal(await inbound({}, { workflowId: created.id }), 401, "missing_credentials")
      await expectRefusal(
        await inbound({ authorization: `Bearer ${otherKey}` }, { workflowId: created.id }),
        404,
        "workflow_not_found"
      )
      const byKey = await json(await inbound({ authorization: `Bearer ${key}` }, { workflowId: tokenless.id }))
      expect(byKey.trigger).toEqual({ type: "webhook", event: null })

      // One run per idempotency key, also when the duplicates arrive at once.
      const body = { workflowId: created.id, idempotencyKey: "order-42", payload: { id: 42 } }
      const first = await json(await inbound({ "x-service-automation-token": token }, body))
      const again = await json(await inbound({ authorization: `Bearer ${key}` }, { ...body, payload: { id: 43 } }))
      expect(again.id).toBe(first.id)
      const burst = await Promise.all(
        Array.from({ length: 10 }, () =>
          inbound({ "x-service-automation-token": token }, { ...body, idempotencyKey: "order-43" }).then((response) =>
            json(response)
          )
        )
      )
      expect(new Set(burst.map((item) => item.id)).size).toBe(1)
      const runs = await json(await api("GET", `/automations/runs?workflowId=${created.id}&limit=100`))
      expect(runs.data.map((item: any) => item.id).sort()).toEqual([byToken.id, first.id, burst[0].id].sort())
      for (const bad of [
        {},
        { workflowId: "nope" },
        { workflowId: created.id, idempotencyKey: "" },
        { workflowId: created.id, payload: 1 }
      ]) {
        await expectRefusal(await inbound({ authorization: `Bearer ${key}` }, bad), 400, "validation_failed")
      }
    })

    it("stores runs started at once together, each once, and follows every one", async () => {
      const created = await workflow([{ type: "log", message: "run {{payload.n}}" }])
      const started = await Promise.all(
        Array.from({ length: 40 }, async (_, n) =>
          json(await api("POST", `/automations/workflows/${created.id}/run`, { payload: { n } }))
        )
      )
      expect(new Set(started.map((run: any) => run.id)).size).toBe(40)
      expect(started.every((run: any) => run.status === "queued")).toBe(true)
      const done = await Promise.all(started.map((run: any) => settled(run.id, ["succeeded", "failed"])))
      expect(done.map((run: any) => run.stepsResultJson[0].outputText)).toEqual(
        Array.from({ length: 40 }, (_, n) => `run ${n}`)
      )
      const listed = await json(await api("GET", `/automations/runs?workflowId=${created.id}&limit=100`))
      expect(listed.data).toHaveLength(40)
    })

    it("keeps a partner's answer that storage cannot hold as text, with what it cannot keep replaced", async () => {
      const created = await workflow([
        { type: "skill", skillId: "webhook.deliver", input: { url: "{{payload.partner}}" } },
        { type: "log", message: "saw {{last.outputText}}" }
      ])
      const deep = "[".repeat(100) + "]".repeat(100)
      // JSON whose strings or nesting storage cannot hold stays the text it came as; raw NUL characters become U+FFFD.
      const answers = [
        ['{"name":"a\\u0000b"}', '{"name":"a\\u0000b"}'],
        ['{"half":"\\ud800"}', '{"half":"\\ud800"}'],
        [deep, deep],
        ["not json \u0000 at all", "not json \uFFFD at all"]
      ]
      try {
        for (const [answer, kept] of answers) {
          hook.answer(200, answer)
          const run = await settled(
            (
              await json(
                await api("POST", `/automations/workflows/${created.id}/run`, { payload: { partner: partnerUrl } })
              )
            ).id
          )
          expect(run.status).toBe("succeeded")
          expect(run.stepsResultJson[0].output.body).toBe(kept)
          expect(run.stepsResultJson[1].outputText).toBe(`saw ${kept}`)
        }
      } finally {
        hook.answer(200)
      }
    })

    it("fails a step whose skill the account is no longer entitled to, at run time", async () => {
      const created = await workflow([
        { type: "skill", skillId: "chat.assign", input: { channelId: crypto.randomUUID(), assigneeId: "a" } }
      ])
      const tenants = await served.kit.admin.listTenants()
      const mine = tenants.find((tenant) => tenant.name === "Runs")!
      await served.kit.admin.updateTenant(mine.id, { entitlements: ["automations"] })
      try {
        const run = await json(await api("POST", `/automations/workflows/${created.id}/run`, {}))
        const failed = await settled(run.id)
        expect(failed.status).toBe("failed")
        expect(failed.stepsResultJson[0].error).toContain("needs the chat product")
      } finally {
        await served.kit.admin.updateTenant(mine.id, { entitlements: ["automations", "chat"] })
      }
    })
  })
