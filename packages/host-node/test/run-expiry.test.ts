import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { automationsClient, automationsTenants, expectJson } from "./automationsClient.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDirs: Array<string> = []
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
})
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "servicekit-run-expiry-"))
  dataDirs.push(dir)
  return dir
}

const manual = (extra: Record<string, unknown> = {}) => ({ schemaVersion: 1, type: "manual", ...extra })
const plusSeconds = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString()
/** Returns once the clock is past every one of the times: a run due to expire by then has. */
const pastAll = async (times: ReadonlyArray<string>) => {
  const wait = Math.max(...times.map(Date.parse)) + 50 - Date.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
}

// Workers start only once the runs' time to live has run out: what is started stays queued until then.
describe("a run's time to live, set by its workflow", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: dataDir() }))
  let key: string
  const { api, workflow, settled } = automationsClient(served, () => key)
  beforeAll(async () => {
    ;({ key } = await automationsTenants(served, "Expiry", ["automations", "chat"]))
  })

  it("ends a run no worker took within triggerJson.ttlSeconds expired, before any step; others run; a retry runs it", async () => {
    const timed = await workflow([{ type: "log", message: "late" }], { triggerJson: manual({ ttlSeconds: 1 }) })
    expect(timed.triggerJson).toEqual(manual({ ttlSeconds: 1 }))
    const untimed = await workflow([{ type: "log", message: "on time" }])

    const start = async (workflowId: string) =>
      expectJson(await api("POST", `/automations/workflows/${workflowId}/run`, { payload: {} }))
    const late = await start(timed.id)
    expect(late).toMatchObject({ status: "queued", expiresAt: plusSeconds(late.createdAt, 1) })
    // An inbound hook's run has the workflow's time to live too.
    const hooked = await expectJson(
      await api("POST", "/automations/hooks/inbound", { workflowId: timed.id, event: "order.paid" })
    )
    expect(hooked).toMatchObject({ status: "queued", expiresAt: plusSeconds(hooked.createdAt, 1) })
    const onTime = await start(untimed.id)
    expect(onTime).toMatchObject({ status: "queued", expiresAt: null })
    expect(await expectJson(await api("GET", `/automations/runs/${late.id}`))).toMatchObject({
      status: "queued",
      expiresAt: late.expiresAt
    })

    await pastAll([late.expiresAt, hooked.expiresAt])
    await served.kit.startWorkers()

    for (const run of [late, hooked]) {
      const expired = await settled(run.id)
      expect(expired).toMatchObject({
        status: "expired",
        reason: "Not started within its time to live (1 s).",
        attempt: 1,
        expiresAt: run.expiresAt,
        stepsResultJson: [],
        startedAt: null
      })
      expect(Date.parse(expired.finishedAt)).toBeGreaterThan(Date.parse(run.expiresAt))
    }
    const done = await settled(onTime.id)
    expect(done).toMatchObject({ status: "succeeded", expiresAt: null, reason: null })
    expect(done.stepsResultJson).toMatchObject([{ status: "succeeded", outputText: "on time" }])

    const listed = await expectJson(await api("GET", "/automations/runs?status=expired&limit=100"))
    expect(listed.data.map((run: { id: string }) => run.id).sort()).toEqual([late.id, hooked.id].sort())
    // An expired run has ended: it is retried, not cancelled.
    const refused = await expectJson(await api("POST", `/automations/runs/${late.id}/cancel`), 409)
    expect(refused.error).toMatchObject({
      code: "invalid_run_transition",
      message: "An expired run cannot become cancelled."
    })

    const retried = await expectJson(await api("POST", `/automations/runs/${late.id}/retry`))
    expect(retried).toMatchObject({ status: "queued", attempt: 2, reason: null, expiresAt: null, finishedAt: null })
    const ran = await settled(late.id)
    expect(ran).toMatchObject({ status: "succeeded", attempt: 2, expiresAt: null, reason: null })
    expect(ran.stepsResultJson).toMatchObject([{ status: "succeeded", outputText: "late", attempt: 1 }])

    // The readout counts the run still expired, against the success rate.
    const slo = await expectJson(await api("GET", "/automations/slo"))
    expect(slo.runs).toMatchObject({ total: 3, succeeded: 2, expired: 1, queued: 0 })
    expect(slo.successRatePercent).toBe(66.7)
    expect(slo.startLatencyMs.samples).toBe(2)
  })

  it("refuses a ttlSeconds that is not a whole number of seconds from 1 to 31536000 with 400, storing nothing", async () => {
    const kept = await workflow([{ type: "log" }], { triggerJson: manual({ ttlSeconds: 600 }) })
    const before = await expectJson(await api("GET", "/automations/workflows?limit=100"))
    for (const ttlSeconds of [0, -1, 2.5, "60", 31_536_001, null]) {
      for (const [method, path] of [
        ["POST", "/automations/workflows"],
        ["PATCH", `/automations/workflows/${kept.id}`]
      ] as const) {
        const body = { name: "Bad", active: true, triggerJson: manual({ ttlSeconds }), stepsJson: [{ type: "log" }] }
        const { error } = await expectJson(await api(method, path, body), 400)
        expect(error, `${method} ${JSON.stringify(ttlSeconds)}`).toMatchObject({
          code: "validation_failed",
          message: "Invalid triggerJson.ttlSeconds: must be a whole number of seconds from 1 to 31536000",
          details: [
            { field: "triggerJson.ttlSeconds", reason: "must be a whole number of seconds from 1 to 31536000" }
          ]
        })
        expect(typeof error.requestId).toBe("string")
      }
    }
    expect(await expectJson(await api("GET", "/automations/workflows?limit=100"))).toEqual(before)
    // The bounds themselves are accepted, on any trigger.
    const yearly = await workflow([{ type: "log" }], {
      triggerJson: { schemaVersion: 1, type: "schedule", everySeconds: 3_600, ttlSeconds: 31_536_000 },
      active: false
    })
    expect(yearly.triggerJson.ttlSeconds).toBe(31_536_000)
    const patched = await expectJson(
      await api("PATCH", `/automations/workflows/${kept.id}`, { triggerJson: manual({ ttlSeconds: 1 }) })
    )
    expect(patched.triggerJson).toEqual(manual({ ttlSeconds: 1 }))
  })
})

describe("a run's time to live, set by the platform (SERVICEKIT_RUN_TTL_SECONDS)", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: dataDir(), SERVICEKIT_RUN_TTL_SECONDS: "1" }))
  let key: string
  const { api, workflow, settled } = automationsClient(served, () => key)
  beforeAll(async () => {
    ;({ key } = await automationsTenants(served, "Default expiry", ["automations", "chat"]))
  })

  it("gives runs of workflows without ttlSeconds the platform's; a workflow's own wins", async () => {
    const inherits = await workflow([{ type: "log" }])
    const own = await workflow([{ type: "log" }], { triggerJson: manual({ ttlSeconds: 3_600 }) })
    const start = async (workflowId: string) =>
      expectJson(await api("POST", `/automations/workflows/${workflowId}/run`, { payload: {} }))
    const short = await start(inherits.id)
    const long = await start(own.id)
    expect(short.expiresAt).toBe(plusSeconds(short.createdAt, 1))
    expect(long.expiresAt).toBe(plusSeconds(long.createdAt, 3_600))

    await pastAll([short.expiresAt])
    await served.kit.startWorkers()
    expect(await settled(short.id)).toMatchObject({
      status: "expired",
      reason: "Not started within its time to live (1 s).",
      startedAt: null
    })
    expect(await settled(long.id)).toMatchObject({ status: "succeeded", expiresAt: long.expiresAt })
  })
})
