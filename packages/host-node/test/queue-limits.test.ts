import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { MessageRepository, RunRepository } from "@servicekit/core/internal"
import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-queue-limits-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

// No workers: what is started stays queued.
const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: dataDir, SERVICEKIT_MAX_QUEUED_PER_TENANT: "3" }))

const tenantOf = async (name: string) => {
  const tenant = await served.kit.admin.createTenant({
    name,
    entitlements: ["automations", "transactional", "business_email"]
  })
  const automations = (
    await served.kit.admin.createKey({
      tenantId: tenant.id,
      product: "automations",
      environment: "live",
      scopes: ["automations:manage"]
    })
  ).key
  const mail = (
    await served.kit.admin.createKey({
      tenantId: tenant.id,
      product: "transactional",
      environment: "live",
      scopes: ["transactional:send"]
    })
  ).key
  const call = (key: string, method: string, path: string, body?: unknown) =>
    fetch(`${served.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
  const workflow = await (
    await call(automations, "POST", "/automations/workflows", {
      name: "Queued",
      active: true,
      triggerJson: { schemaVersion: 1, type: "manual" },
      stepsJson: [{ type: "log", message: "hi" }]
    })
  ).json()
  const queued = (repository: "runs" | "messages") =>
    served.kit.runtime.runPromise(
      repository === "runs"
        ? Effect.flatMap(RunRepository, (runs) => runs.countQueued(tenant.id, 100))
        : Effect.flatMap(MessageRepository, (messages) => messages.countQueued(tenant.id, 100))
    )
  return {
    start: () => call(automations, "POST", `/automations/workflows/${workflow.id}/run`, { payload: {} }),
    send: (to: Array<string>, idempotencyKey?: string) =>
      fetch(`${served.url}/api/v1/transactional/messages`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${mail}`,
          "content-type": "application/json",
          ...(idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey })
        },
        body: JSON.stringify({ to, subject: "Hello", text: "Hi" })
      }),
    queued
  }
}

const expectQueueFull = async (response: Response, what: string) => {
  expect(response.status).toBe(429)
  expect(response.headers.get("retry-after")).toBe("5")
  const { error } = await response.json()
  expect(error).toMatchObject({ type: "rate_limit", code: "queue_full" })
  expect(error.message).toContain(`${what}; the limit is 3`)
}

describe("A tenant's queued work has a limit", () => {
  it("refuses a run past the limit with 429 queue_full, storing nothing, while other tenants start theirs", async () => {
    const busy = await tenantOf("Busy")
    const other = await tenantOf("Other")
    for (let i = 0; i < 3; i++) expect((await busy.start()).status).toBe(200)
    await expectQueueFull(await busy.start(), "3 queued runs")
    expect(await busy.queued("runs")).toBe(3)
    expect((await other.start()).status).toBe(200)
    expect(await other.queued("runs")).toBe(1)
  })

  it("refuses a send whose messages would not all fit, storing none of them", async () => {
    const busy = await tenantOf("Sender")
    expect((await busy.send(["a@example.com", "b@example.com"])).status).toBe(200)
    await expectQueueFull(await busy.send(["c@example.com", "d@example.com"]), "2 queued messages")
    await expectQueueFull(await busy.send(["c@example.com", "d@example.com"], "key-1"), "2 queued messages")
    expect(await busy.queued("messages")).toBe(2)
    // The key was not spent on the refusal: once there is room it sends.
    expect((await busy.send(["c@example.com"], "key-1")).status).toBe(200)
    expect(await busy.queued("messages")).toBe(3)
  })
})
