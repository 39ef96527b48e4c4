import { createHmac } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { documentSchemas, pointerSegment } from "./documentSchemas.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"
import { type Received, receiver, until } from "./webhookReceiver.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-platform-webhooks-"))
const smtp = await startSmtpServer()
afterAll(async () => {
  await smtp.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe("Webhooks for every product's events, on the embedded default", () => {
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SMTP_URL: smtp.url,
      SERVICEKIT_MAIL_FROM: "Acme Mail <mail@acme.test>",
      SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
      SERVICEKIT_WEBHOOK_RETRY_SECONDS: "0.05",
      SERVICEKIT_WEBHOOK_DRAIN_SECONDS: "1"
    })
  )
  const mailHook = receiver()
  const runHook = receiver()
  const secrets = new Map<ReturnType<typeof receiver>, string>()
  let tenantId: string
  let mailKey: string
  let runKey: string
  let sendOnlyKey: string
  let mail: { id: string }
  let runs: { id: string }

  const call = (key: string, method: string, path: string, body?: unknown) =>
    fetch(`${served.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  const json = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status)
    return response.json()
  }
  const subscribe = async (key: string, hook: ReturnType<typeof receiver>, events: Array<string>) => {
    const created = await json(await call(key, "POST", `/tenants/${tenantId}/webhooks`, { url: hook.url(), events }))
    hook.setSecret(created.secret)
    secrets.set(hook, created.secret)
    return created
  }
  const keyOf = async (tenant: string, product: "transactional" | "automations" | "chat", scopes: Array<string>) =>
    (await served.kit.admin.createKey({ tenantId: tenant, product, environment: "live", scopes: scopes as never })).key
  const eventsOf = (hook: ReturnType<typeof receiver>, name: string) =>
    hook.received.filter((delivery) => delivery.event === name)

  /** The delivery checked by the seed's rule (HMAC-SHA256 of `<timestamp>.<raw body>`) and by the document's schema. */
  const expectSignedAndDocumented = async (hook: ReturnType<typeof receiver>, delivery: Received) => {
    const raw = hook.requests.find((request) => JSON.parse(request.body).eventId === delivery.eventId)!
    const timestamp = raw.headers["x-service-timestamp"]
    const expected = createHmac("sha256", secrets.get(hook)!).update(`${timestamp}.${raw.body}`).digest("hex")
    expect(raw.headers["x-service-signature"]).toBe(expected)
    const document = await (await fetch(`${served.url}/api/v1/openapi.json`)).json()
    const { deliveryId: _, ...body } = delivery
    const schema = `#/webhooks/${pointerSegment(body.event)}/post/requestBody/content/application~1json/schema`
    expect(documentSchemas(document)(schema, body), body.event).toEqual([])
  }

  beforeAll(async () => {
    await Promise.all([mailHook.start(), runHook.start()])
    await served.kit.startWorkers()
    const entitlements = ["transactional", "business_email", "automations"] as const
    tenantId = (await served.kit.admin.createTenant({ name: "Acme", entitlements: [...entitlements] })).id
    mailKey = await keyOf(tenantId, "transactional", ["transactional:send", "webhooks:manage"])
    runKey = await keyOf(tenantId, "automations", ["automations:manage", "webhooks:manage"])
    sendOnlyKey = await keyOf(tenantId, "transactional", ["transactional:send"])
    mail = await subscribe(mailKey, mailHook, ["email.sent", "email.failed"])
    runs = await subscribe(runKey, runHook, [
      "run.succeeded",
      "run.failed",
      "run.cancelled",
      "approval.requested",
      "approval.decided"
    ])
  })
  afterAll(() => Promise.all([mailHook.stop(), runHook.stop()]))

  it("lets a key of any product with webhooks:manage subscribe, to the events of the products the tenant has", async () => {
    await expectRefusal(
      await call(sendOnlyKey, "POST", `/tenants/${tenantId}/webhooks`, { url: mailHook.url(), events: ["email.sent"] }),
      403,
      "missing_scope"
    )
    // The tenant has no Live Chat: its events are refused, naming the product; nothing is stored.
    const refused = await expectRefusal(
      await call(mailKey, "POST", `/tenants/${tenantId}/webhooks`, {
        url: mailHook.url(),
        events: ["email.sent", "message.created"]
      }),
      403,
      "product_not_entitled"
    )
    expect(refused.message).toContain("The event message.created comes from the chat product")
    // Either key manages every subscription of the tenant, and may not widen one past its entitlements.
    const listed = (await json(await call(runKey, "GET", `/tenants/${tenantId}/webhooks`))).data
    expect(listed.map((subscription: { id: string }) => subscription.id).sort()).toEqual([mail.id, runs.id].sort())
    const listsChat = (subscription: { events: Array<string> }) => subscription.events.includes("message.created")
    expect(listed.some(listsChat)).toBe(false)
    await expectRefusal(
      await call(runKey, "PATCH", `/tenants/${tenantId}/webhooks/${mail.id}`, { events: ["csat.submitted"] }),
      403,
      "product_not_entitled"
    )
    expect((await json(await call(mailKey, "GET", `/tenants/${tenantId}/webhooks/${mail.id}`))).events).toEqual([
      "email.sent",
      "email.failed"
    ])
    // A chat key of a tenant with Live Chat alone reaches no other product's events.
    const chatTenant = await served.kit.admin.createTenant({ name: "Chat only", entitlements: ["chat"] })
    const chatKey = await keyOf(chatTenant.id, "chat", ["chat:read", "webhooks:manage"])
    await expectRefusal(
      await call(chatKey, "POST", `/tenants/${chatTenant.id}/webhooks`, { url: mailHook.url(), events: ["run.failed"] }),
      403,
      "product_not_entitled"
    )
  })

  it("sends email.sent and email.failed, signed, once each message's delivery is final", async () => {
    const sent = await json(
      await call(mailKey, "POST", "/v1/transactional/messages", {
        to: ["ada@example.com", "reject-bob@example.com"],
        subject: "Your receipt",
        text: "Thanks."
      })
    )
    const idOf = (to: string) => (sent.messages as Array<{ id: string; to: string }>).find((m) => m.to === to)!.id
    await until("the email events", () => mailHook.received.length >= 2)
    const [delivered] = eventsOf(mailHook, "email.sent")
    expect(delivered!.payload).toMatchObject({
      messageId: idOf("ada@example.com"),
      to: "ada@example.com",
      subject: "Your receipt",
      templateId: null,
      source: "transactional_v1",
      test: false,
      attempts: 1
    })
    const [failed] = eventsOf(mailHook, "email.failed")
    expect(failed!.payload).toMatchObject({
      messageId: idOf("reject-bob@example.com"),
      to: "reject-bob@example.com",
      attempts: 1
    })
    expect(failed!.payload.reason).toContain("550")
    for (const delivery of mailHook.received) await expectSignedAndDocumented(mailHook, delivery)
    // Nothing else went to this endpoint: it takes only the events it lists.
    expect(mailHook.received.map((delivery) => delivery.event).sort()).toEqual(["email.failed", "email.sent"])
  })

  it("sends a run's end and its approvals, signed: requested, decided, then succeeded, failed or cancelled", async () => {
    const workflow = await json(
      await call(runKey, "POST", "/v1/automations/workflows", {
        name: "Ship",
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: [
          { type: "approval", title: "Ship it?" },
          { type: "log", message: "shipped" }
        ]
      })
    )
    const start = async () =>
      (await json(await call(runKey, "POST", `/v1/automations/workflows/${workflow.id}/run`, {}))).id
    const approvalOf = async (runId: string) => {
      await until(`the approval of ${runId}`, () =>
        eventsOf(runHook, "approval.requested").some((delivery) => delivery.payload.approval.runId === runId)
      )
      return eventsOf(runHook, "approval.requested").find((delivery) => delivery.payload.approval.runId === runId)!
        .payload.approval
    }
    const endOf = async (runId: string) => {
      const ended = () =>
        runHook.received.find((delivery) => delivery.event.startsWith("run.") && delivery.payload.run.id === runId)
      await until(`the end of ${runId}`, () => ended() !== undefined)
      return ended()!
    }

    const approved = await start()
    const asked = await approvalOf(approved)
    expect(asked).toMatchObject({ runId: approved, workflowId: workflow.id, title: "Ship it?", status: "pending" })
    await json(await call(runKey, "POST", `/v1/automations/approvals/${asked.id}/decide`, { decision: "approve", note: "Go" }))
    const succeeded = await endOf(approved)
    expect(succeeded.event).toBe("run.succeeded")
    expect(succeeded.payload.run).toMatchObject({ id: approved, workflowId: workflow.id, status: "succeeded", reason: null })
    const decided = eventsOf(runHook, "approval.decided").find((delivery) => delivery.payload.approval.id === asked.id)!
    expect(decided.payload.approval).toMatchObject({ status: "approved", note: "Go" })

    const rejected = await start()
    const rejectedApproval = await approvalOf(rejected)
    await json(await call(runKey, "POST", `/v1/automations/approvals/${rejectedApproval.id}/decide`, { decision: "reject" }))
    const failed = await endOf(rejected)
    expect(failed.event).toBe("run.failed")
    expect(failed.payload.run.reason).toContain("rejected")

    const cancelled = await start()
    await approvalOf(cancelled)
    await json(await call(runKey, "POST", `/v1/automations/runs/${cancelled}/cancel`))
    expect((await endOf(cancelled)).event).toBe("run.cancelled")

    for (const delivery of runHook.received) await expectSignedAndDocumented(runHook, delivery)
    // A run's events, each once, stamped in the order they happened (deliveries run side by side,
    // so they may arrive in another); no email event reached this endpoint.
    const runOf = (delivery: Received) => delivery.payload.run?.id ?? delivery.payload.approval.runId
    const ofApproved = runHook.received.filter((delivery) => runOf(delivery) === approved)
    expect(ofApproved.map((delivery) => delivery.event).sort()).toEqual([
      "approval.decided",
      "approval.requested",
      "run.succeeded"
    ])
    const stamped = (event: string) => Date.parse(ofApproved.find((delivery) => delivery.event === event)!.timestamp)
    expect(stamped("approval.requested")).toBeLessThanOrEqual(stamped("approval.decided"))
    expect(stamped("approval.decided")).toBeLessThanOrEqual(stamped("run.succeeded"))
    expect(runHook.received.some((delivery) => delivery.event.startsWith("email."))).toBe(false)
  })

  it("shows a delivery's body as signed, and recovers exactly the failed deliveries since a time", async () => {
    const hook = receiver()
    await hook.start()
    try {
      const since = new Date().toISOString()
      const subscription = await subscribe(mailKey, hook, ["email.sent"])
      // The receiver checks with another secret: it answers 401, and each delivery fails for good.
      hook.setSecret("whsec_not-the-secret-it-was-given")
      const send = (to: string) =>
        call(mailKey, "POST", "/v1/transactional/messages", { to: [to], subject: "Hi", text: "t" })
      await json(await send("first@example.com"))
      await json(await send("second@example.com"))
      const history = async () =>
        (await json(await call(mailKey, "GET", `/tenants/${tenantId}/webhooks/${subscription.id}/deliveries`)))
          .data as Array<{ deliveryId: string; eventId: string; statusCode: number | null; nextRetryAt: string | null }>
      await until("two refused deliveries", async () => (await history()).length === 2)
      const refused = await history()
      expect(refused.map((attempt) => [attempt.statusCode, attempt.nextRetryAt])).toEqual([
        [401, null],
        [401, null]
      ])

      // Each delivery shows the exact body its attempts sent.
      const shown = await json(
        await call(mailKey, "GET", `/tenants/${tenantId}/webhooks/${subscription.id}/deliveries/${refused[0]!.deliveryId}`)
      )
      expect(shown).toMatchObject({ id: refused[0]!.deliveryId, event: "email.sent", status: "failed", attempts: 1 })
      expect(hook.requests.map((request) => request.body)).toContain(shown.body)
      expect(JSON.parse(shown.body)).toMatchObject({ event: "email.sent", eventId: refused[0]!.eventId })

      hook.setSecret(secrets.get(hook)!)
      await json(await send("third@example.com"))
      await until("the third message's event", () => hook.received.length === 1)
      const recover = (body: unknown, id = subscription.id) =>
        call(mailKey, "POST", `/tenants/${tenantId}/webhooks/${id}/recover`, body)
      await expectRefusal(await recover({ since: "yesterday" }), 400, "validation_failed")
      await expectRefusal(await recover({ since }, "00000000-0000-4000-8000-000000000000"), 404, "webhook_not_found")

      expect(await json(await recover({ since }))).toEqual({ recovered: 2 })
      await until("the recovered deliveries", () => hook.received.length === 3)
      // The two that failed, with their delivery ids and events; the one that arrived is not sent again.
      expect(hook.received.slice(1).map((delivery) => delivery.deliveryId).sort()).toEqual(
        refused.map((attempt) => attempt.deliveryId).sort()
      )
      expect(hook.received.slice(1).map((delivery) => delivery.eventId).sort()).toEqual(
        refused.map((attempt) => attempt.eventId).sort()
      )
      expect(new Set(hook.received.map((delivery) => delivery.eventId)).size).toBe(3)
      expect(await json(await recover({ since }))).toEqual({ recovered: 0 })

      await json(await call(mailKey, "PATCH", `/tenants/${tenantId}/webhooks/${subscription.id}`, { active: false }))
      await expectRefusal(await recover({ since }), 409, "webhook_inactive")
    } finally {
      await hook.stop()
    }
  })
})
