import { mkdtempSync, rmSync } from "node:fs"
import { type Server, type ServerResponse, createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { automationsClient, automationsTenants, expectJson, until } from "./automationsClient.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-run-caps-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A partner that holds every request until released, counting those it holds by the `line` each
 * names in its body (a tenant, a customer): what keeps runs running in a webhook.deliver step.
 */
const holdingPartner = () => {
  const held: Array<{ readonly line: string; readonly order: number; readonly response: ServerResponse }> = []
  const most = new Map<string, number>()
  const arrived: Array<{ readonly line: string; readonly order: number }> = []
  let server: Server
  const holding = (line: string) => held.filter((request) => request.line === line).length
  return {
    start: () =>
      new Promise<string>((resolve) => {
        server = createServer((request, response) => {
          let body = ""
          request.on("data", (chunk) => (body += chunk))
          request.on("end", () => {
            const { line, order } = JSON.parse(body) as { line: string; order: number }
            held.push({ line, order, response })
            arrived.push({ line, order })
            most.set(line, Math.max(most.get(line) ?? 0, holding(line)))
          })
        })
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}/`))
      }),
    holding,
    /** The most requests of the line held at once so far. */
    most: (line: string) => most.get(line) ?? 0,
    /** The order numbers of the line's requests, as they arrived. */
    arrivals: (line: string) => arrived.filter((request) => request.line === line).map((request) => request.order),
    /** Answers the requests held now. */
    release: () => {
      for (const { response } of held.splice(0)) response.writeHead(200, { "content-type": "application/json" }).end("{}")
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

describe("caps on running runs: a tenant's plan and a workflow's concurrency key", () => {
  const partner = holdingPartner()
  let partnerUrl: string
  const served = serve(() =>
    kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit"), SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true" })
  )
  let tenant: Awaited<ReturnType<typeof automationsTenants>>
  const { api, workflow } = automationsClient(served, () => tenant.key)
  const otherApi = automationsClient(served, () => tenant.otherKey)

  beforeAll(async () => {
    partnerUrl = await partner.start()
    tenant = await automationsTenants(served, "Capped", ["automations", "chat"])
    await served.kit.startWorkers()
  })
  afterAll(() => partner.stop())

  const slowSteps = [
    {
      type: "skill",
      skillId: "webhook.deliver",
      input: { url: "{{payload.partner}}", body: { line: "{{payload.line}}", order: "{{payload.order}}" } }
    }
  ]
  const start = (caller: typeof api, workflowId: string, line: string, order: number) =>
    caller("POST", `/automations/workflows/${workflowId}/run`, { payload: { partner: partnerUrl, line, order } }).then(
      (response) => expectJson(response)
    )
  /** Releases the partner's held requests until `runs` have all ended; answers them. */
  const drain = async (runIds: ReadonlyArray<string>) => {
    const ended = new Map<string, any>()
    await until("every run ended", async () => {
      partner.release()
      for (const id of runIds) {
        if (ended.has(id)) continue
        const run = await expectJson(await api("GET", `/automations/runs/${id}`))
        if (["succeeded", "failed", "cancelled", "expired"].includes(run.status)) ended.set(id, run)
      }
      return ended.size === runIds.length ? true : undefined
    })
    return runIds.map((id) => ended.get(id))
  }

  it("runs at most the tenant's cap of its runs at once, the others queued, while another tenant's run beside them", async () => {
    const updated = await served.kit.admin.updateTenant(tenant.tenantId, { maxRunningRuns: 2 })
    expect(updated.maxRunningRuns).toBe(2)
    const slow = await workflow(slowSteps)
    const theirs = await otherApi.workflow(slowSteps)

    const runs = []
    for (const order of [1, 2, 3, 4, 5]) runs.push(await start(api, slow.id, "capped", order))
    await until("two of the tenant's runs at the partner", async () => (partner.holding("capped") === 2 ? true : undefined))
    // The other tenant is not held by this one's cap.
    await start(otherApi.api, theirs.id, "other", 1)
    await until("the other tenant's run at the partner", async () => (partner.holding("other") === 1 ? true : undefined))
    // Time enough for a third run to have started, were the cap not kept.
    await sleep(1_000)
    expect(partner.holding("capped")).toBe(2)
    const statuses = await Promise.all(
      runs.map(async (run) => (await expectJson(await api("GET", `/automations/runs/${run.id}`))).status)
    )
    expect(statuses.filter((status) => status === "running")).toHaveLength(2)
    expect(statuses.filter((status) => status === "queued")).toHaveLength(3)

    const ended = await drain(runs.map((run) => run.id))
    expect(ended.map((run) => run.status)).toEqual(["succeeded", "succeeded", "succeeded", "succeeded", "succeeded"])
    expect(partner.most("capped")).toBe(2)
    expect([...partner.arrivals("capped")].sort()).toEqual(["1", "2", "3", "4", "5"])
    partner.release()
  })

  it("runs one run per concurrency key at once, in the order they were started, other keys beside it", async () => {
    await served.kit.admin.updateTenant(tenant.tenantId, { maxRunningRuns: null })
    const keyed = await workflow(slowSteps, {
      triggerJson: { schemaVersion: 1, type: "manual", concurrency: { key: "{{payload.line}}", limit: 1 } }
    })
    expect(keyed.triggerJson.concurrency).toEqual({ key: "{{payload.line}}", limit: 1 })
    const runs = []
    for (const [line, order] of [["ann", 1], ["ann", 2], ["bob", 1], ["ann", 3], ["bob", 2]] as const) {
      runs.push(await start(api, keyed.id, line, order))
    }
    await until("one run of each customer at the partner", async () =>
      partner.holding("ann") === 1 && partner.holding("bob") === 1 ? true : undefined
    )
    await sleep(1_000)
    expect([partner.holding("ann"), partner.holding("bob")]).toEqual([1, 1])

    const ended = await drain(runs.map((run) => run.id))
    expect(ended.every((run) => run.status === "succeeded")).toBe(true)
    expect([partner.most("ann"), partner.most("bob")]).toEqual([1, 1])
    expect(partner.arrivals("ann")).toEqual(["1", "2", "3"])
    expect(partner.arrivals("bob")).toEqual(["1", "2"])

    // A key longer than a run keeps is cut, never through a character.
    const long = `${"x".repeat(199)}😀`
    const cut = await start(api, keyed.id, long, 1)
    await until("the long key's run at the partner", async () => (partner.holding(long) === 1 ? true : undefined))
    partner.release()
    expect((await drain([cut.id]))[0].status).toBe("succeeded")
  })

  it("holds no worker for a partner whose connections are all busy: the runs turned away wait, then go through in the same try", async () => {
    // The other tenant: its cap was never lowered.
    const { api, workflow } = otherApi
    const slow = await workflow(slowSteps)
    // The platform opens 16 connections to one destination: two runs more than it can hold.
    for (let order = 1; order <= 18; order++) await start(api, slow.id, "busy", order)
    const runsOf = async (): Promise<Array<any>> =>
      (await expectJson(await api("GET", `/automations/runs?workflowId=${slow.id}&limit=100`))).data
    const waiting = await until("two runs waiting for the partner", async () => {
      const timers = (await runsOf()).filter((run) => run.status === "waiting_timer")
      return partner.holding("busy") === 16 && timers.length === 2 ? timers : undefined
    })
    for (const { id } of waiting) {
      const step = (await expectJson(await api("GET", `/automations/runs/${id}`))).stepsResultJson[0]
      expect(step).toMatchObject({ status: "waiting_timer", attempt: 1 })
      expect(step.output.busy).toMatch(/^The partner was busy: No connection to 127\.0\.0\.1:\d+ came free within \d+ ms\.$/)
      expect(Date.parse(step.output.until)).toBeGreaterThan(Date.parse(step.output.busySince))
    }

    const ended = await until("every run ended", async () => {
      partner.release()
      const runs = await runsOf()
      return runs.every((run) => run.status === "succeeded") ? runs : undefined
    })
    // Nothing was sent while turned away: each run reached the partner once, in its first try.
    for (const { id } of ended) {
      expect((await expectJson(await api("GET", `/automations/runs/${id}`))).stepsResultJson[0].attempt).toBe(1)
    }
    expect([...partner.arrivals("busy")].sort((a, b) => Number(a) - Number(b))).toEqual(
      ended.map((_, i) => String(i + 1))
    )
    expect(partner.most("busy")).toBe(16)
  })

  it("refuses a concurrency key it cannot keep with a 400, storing nothing", async () => {
    const before = await expectJson(await api("GET", "/automations/workflows?limit=100"))
    for (const concurrency of [
      "{{payload.line}}",
      { key: "{{payload.line}}" },
      { key: "{{payload.line}}", limit: 0 },
      { key: "{{payload.line}}", limit: 1.5 },
      { key: "{{payload.line}}", limit: "1" },
      { key: "{{payload.line}}", limit: 1_001 },
      { key: "", limit: 1 },
      { key: "x".repeat(201), limit: 1 },
      { key: "{{secrets.token}}", limit: 1 },
      { key: "{{payload.line", limit: 1 },
      { key: "{{payload.line}}", limit: 1, scope: "account" }
    ]) {
      const refused = await expectJson(
        await api("POST", "/automations/workflows", {
          name: "Keyed",
          active: true,
          triggerJson: { schemaVersion: 1, type: "manual", concurrency },
          stepsJson: [{ type: "log", message: "hi" }]
        }),
        400
      )
      expect(refused.error.message).toMatch(/triggerJson\.concurrency/)
    }
    expect(await expectJson(await api("GET", "/automations/workflows?limit=100"))).toEqual(before)
  })
})
