import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type ModelServer, startModelServer } from "@servicekit/conformance"
import { NodeRepository } from "@servicekit/core/internal"
import { Effect } from "effect"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { automationsClient, expectJson } from "./automationsClient.js"
import {
  HOSTILE,
  type SentRequest,
  expectOnlyDashboardRequests,
  launchChromium,
  noteViolations,
  openConsole,
  tabTo
} from "./consoleBrowser.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

const API_KEY = "sk-local-test-0123456789"
const dataDir = mkdtempSync(join(tmpdir(), "servicekit-console-automations-"))

describe("the console's Automations area in Chromium", () => {
  let models: ModelServer
  let browser: Browser
  beforeAll(async () => {
    models = await startModelServer({ apiKey: API_KEY })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await models?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const served = serve(() =>
    kitOn({
      SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
      SERVICEKIT_LLM_BASE_URL: models.baseUrl,
      SERVICEKIT_LLM_API_KEY: API_KEY,
      SERVICEKIT_LLM_MODELS: JSON.stringify({ fast: { model: "m-fast" } })
    })
  )
  let key: string
  let admin: string
  let member: string
  const { api, workflow, settled } = automationsClient(served, () => key)
  const sent: Array<SentRequest> = []
  const violations: Array<{ page: string; found: unknown }> = []

  beforeAll(async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Ops", entitlements: ["automations", "ai_agent"] })
    admin = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "ada", role: "admin" })).token
    member = (await served.kit.admin.issueDashboardToken(tenant.id, { sub: "max", role: "member" })).token
    key = (
      await served.kit.admin.createKey({
        tenantId: tenant.id,
        product: "automations",
        environment: "live",
        scopes: ["automations:manage"]
      })
    ).key
    await served.kit.startWorkers()
  })

  /** A simulated companion device: a node paired by its code, polling for commands with its secret. */
  const pairNode = async () => {
    const created = await expectJson(
      await api("POST", "/automations/nodes", { name: HOSTILE, allowSystem: true, allowedBinaries: ["echo"] })
    )
    const claimed = await expectJson(
      await fetch(`${served.url}/api/v1/automations/nodes/claim`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ pairingCode: created.pairingCode, platform: "linux x64", capabilities: ["system.run"] })
      })
    )
    const device = (method: string, path: string, body?: unknown) =>
      fetch(`${served.url}/api/v1/automations/nodes/${created.id}${path}`, {
        method,
        headers: { authorization: `Bearer ${claimed.deviceSecret}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body)
      })
    /** Takes the next command (waiting for it) and answers it with `output`. */
    const answerNext = async (output: string) => {
      const [command] = (await expectJson(await device("GET", "/commands?wait=20"))).data
      await expectJson(await device("POST", `/commands/${command.id}/result`, { ok: true, output }))
      return command as { command: string; params: { argv: Array<string> } }
    }
    return { id: created.id as string, answerNext }
  }

  const open = (token: string, route: string, title: string) => openConsole(browser, served.url, token, route, title)
  const checkAxe = (page: Page, name: string) => noteViolations(violations, page, name)
  const noMarkupFromText = async (page: Page) => {
    expect(await page.locator("main img, main script").count()).toBe(0)
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
  }

  it("an admin reads the exact argv of an agent's gated system.run, approves it with the keyboard, and the run succeeds", async () => {
    const node = await pairNode()
    const argv = ["echo", HOSTILE, "--done"]
    models.cue(
      "m-fast",
      { reply: `TOOL_CALL:system.run|${JSON.stringify({ nodeId: node.id, argv })}` },
      { reply: "FINAL:It printed the line." }
    )
    const agentWorkflow = await workflow(
      [{ type: "agent", name: HOSTILE, instructions: "Print the line.", skills: ["system.run"] }],
      { name: HOSTILE }
    )
    const started = await expectJson(await api("POST", `/automations/workflows/${agentWorkflow.id}/run`, {}))
    await settled(started.id, ["waiting_approval"])

    const { page, sent: requests, errors } = await open(admin, "/automations/approvals", "Approvals")
    const card = page.locator(".approval").filter({ hasText: "system.run" })
    await card.waitFor()
    expect(await card.locator(".argv code").allTextContents()).toEqual(argv)
    const input = JSON.parse((await card.locator("pre.code").textContent()) ?? "")
    expect(input).toEqual({ nodeId: node.id, argv })
    await noMarkupFromText(page)
    await checkAxe(page, "approvals")

    // Keyboard only: a note, then Tab to Approve and Enter.
    await tabTo(page, ".approval input")
    await page.keyboard.type("Checked the argv")
    await tabTo(page, ".approval button.primary")
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Approve")
    await page.keyboard.press("Enter")
    await page.getByText("Nothing is waiting").waitFor()
    const approvals = (await expectJson(await api("GET", "/automations/approvals?limit=100"))).data
    expect(approvals.find((a: { runId: string }) => a.runId === started.id)).toMatchObject({
      status: "approved",
      note: "Checked the argv"
    })

    // The device runs what was approved; the run goes on to its end.
    const command = await node.answerNext(`${argv.slice(1).join(" ")}\n`)
    expect(command).toMatchObject({ command: "system.run", params: { argv } })

    // The run's page follows it live to its end, the agent's turns as a transcript, all as text.
    await page.evaluate((hash) => (location.hash = hash), `#/automations/runs/${started.id}`)
    await expect.poll(() => page.locator("#run-status").textContent(), { timeout: 20_000 }).toBe("succeeded")
    const transcript = page.locator(".transcript")
    await expect.poll(() => transcript.locator(".turn").count()).toBe(2)
    expect(await transcript.locator(".turn-meta .tag").allTextContents()).toEqual(["approved", "final"])
    // The tool call's input as formatted JSON, the model's final reply as written.
    expect(await transcript.locator(".turn").first().textContent()).toContain(JSON.stringify(HOSTILE))
    expect(await transcript.locator(".turn").last().textContent()).toContain("FINAL:It printed the line.")
    expect(await page.locator(".step h3").first().textContent()).toContain(HOSTILE)
    await noMarkupFromText(page)
    await checkAxe(page, "run detail")
    expect(errors).toEqual([])
    sent.push(...requests)
    await page.close()
  }, 90_000)

  it("shows a member the queue without Approve and the nodes without their buttons; the API refuses the member's decision and node change", async () => {
    const gated = await workflow([{ type: "approval", title: HOSTILE }])
    const started = await expectJson(await api("POST", `/automations/workflows/${gated.id}/run`, {}))
    await settled(started.id, ["waiting_approval"])
    const approval = (await expectJson(await api("GET", "/automations/approvals?status=pending"))).data.find(
      (item: { runId: string }) => item.runId === started.id
    )

    const { page, sent: requests, errors } = await open(member, "/automations/approvals", "Approvals")
    const card = page.locator(".approval").filter({ hasText: started.id.slice(0, 8) })
    await card.waitFor()
    expect(await card.locator("h2").textContent()).toBe(HOSTILE)
    expect(await page.getByRole("button", { name: "Approve" }).count()).toBe(0)
    expect(await page.getByRole("button", { name: "Reject" }).count()).toBe(0)
    await noMarkupFromText(page)
    await checkAxe(page, "approvals (member)")

    const refused = await fetch(`${served.url}/api/growth/automations/approvals/${approval.id}/decide`, {
      method: "POST",
      headers: { authorization: `Bearer ${member}`, "content-type": "application/json" },
      body: JSON.stringify({ decision: "approve" })
    })
    await expectRefusal(refused, 403, "admin_required")
    expect((await settled(started.id, ["waiting_approval"])).status).toBe("waiting_approval")

    // A member reads runs and workflows but is offered no write.
    await page.evaluate(() => (location.hash = "#/automations/workflows"))
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Workflows")
    await page.locator(".workflow-name", { hasText: HOSTILE }).first().waitFor()
    expect(await page.getByRole("button", { name: /^(Run|Edit|New workflow)/ }).count()).toBe(0)
    await page.evaluate((hash) => (location.hash = hash), `#/automations/runs/${started.id}`)
    await expect.poll(() => page.locator("#run-status").textContent()).toBe("waiting approval")
    expect(await page.getByRole("button", { name: /Cancel run|Retry/ }).count()).toBe(0)
    // Nodes too: listed, but neither added, changed nor revoked by a member, whom the API refuses as well.
    await page.evaluate(() => (location.hash = "#/automations/nodes"))
    await page.locator("main tbody tr", { hasText: HOSTILE }).first().waitFor()
    expect(await page.getByRole("button", { name: /^(Add node|Edit|Revoke)/ }).count()).toBe(0)
    const node = (await expectJson(await api("GET", "/automations/nodes?limit=100"))).data[0]
    const patched = await fetch(`${served.url}/api/growth/automations/nodes/${node.id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${member}`, "content-type": "application/json" },
      body: JSON.stringify({ allowSystem: false })
    })
    await expectRefusal(patched, 403, "admin_required")
    expect(errors).toEqual([])
    sent.push(...requests)
    await page.close()
  })

  it("lets an admin write a workflow as JSON with issues shown at their paths, run it, and list runs and nodes", async () => {
    const { page, sent: requests, errors } = await open(admin, "/automations/workflows", "Workflows")
    await page.getByRole("button", { name: "New workflow" }).click()
    const editor = page.locator("#workflow-json")
    await editor.fill(
      JSON.stringify({ name: HOSTILE, triggerJson: { schemaVersion: 1, type: "manual" }, stepsJson: [{ type: "nope" }] })
    )
    await page.getByRole("button", { name: "Create workflow" }).click()
    await page.locator(".issues li").first().waitFor()
    expect(await page.locator(".issues code").allTextContents()).toContain("stepsJson.0.type")
    await checkAxe(page, "workflow editor")

    await editor.fill(
      JSON.stringify({
        name: HOSTILE,
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: [{ type: "log", message: HOSTILE }]
      })
    )
    await page.getByRole("button", { name: "Create workflow" }).click()
    await page.locator("#workflow-json").waitFor({ state: "detached" })
    const listedWorkflows = (await expectJson(await api("GET", "/automations/workflows?limit=100"))).data
    const created = listedWorkflows.find(
      (item: { stepsJson: Array<{ message?: string }> }) => item.stepsJson[0]?.message === HOSTILE
    )
    expect(created).toMatchObject({ name: HOSTILE, active: true })
    await page.getByRole("button", { name: `Run ${HOSTILE}` }).first().waitFor()
    await noMarkupFromText(page)
    await checkAxe(page, "workflows")

    // Run opens the new run's page, which follows it to its end.
    const row = page.locator("tr", { hasText: created.id })
    await row.getByRole("button", { name: /^Run / }).click()
    await expect.poll(() => page.locator("#run-status").textContent(), { timeout: 20_000 }).toBe("succeeded")
    expect(await page.locator(".step-output").textContent()).toBe(HOSTILE)
    await noMarkupFromText(page)

    await page.evaluate(() => (location.hash = "#/automations/runs"))
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Runs")
    await page.locator("main table tbody tr").first().waitFor()
    await page.selectOption("#run-status", "succeeded")
    await expect
      .poll(async () => new Set(await page.locator("main tbody .status").allTextContents()))
      .toEqual(new Set(["succeeded"]))
    await checkAxe(page, "runs")

    // The device paired earlier goes quiet: found offline as the workers' sweep would find it.
    await served.kit.runtime.runPromise(
      Effect.flatMap(NodeRepository, (nodes) => nodes.markOffline(new Date(), new Date(), 100))
    )
    await page.evaluate(() => (location.hash = "#/automations/nodes"))
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Nodes")
    await page.getByRole("button", { name: "Add node" }).click()
    await page.fill("#node-name", "Kiosk")
    await page.getByRole("button", { name: "Add node" }).last().click()
    const code = (await page.locator("#pairing-code").textContent()) ?? ""
    expect(code).toMatch(/^[0-9A-Z]{8}$/)
    expect(await page.locator("#pairing-commands").textContent()).toContain(`node pair ${served.url}/api ${code}`)
    expect(await page.locator("#pairing-commands").textContent()).toContain("npm install --global @servicekit/host-node")
    await checkAxe(page, "nodes")
    await page.getByRole("button", { name: "Done" }).click()

    // Its settings and allowlists change in place; the device paired earlier shows when it was last seen.
    await page.getByRole("button", { name: "Edit Kiosk" }).click()
    await page.check("#node-allow-system")
    await page.fill("#node-binaries", "echo, git")
    await page.check("#node-allow-browser")
    await page.fill("#node-hosts", "*.example.com")
    await checkAxe(page, "node settings")
    await page.getByRole("button", { name: "Save node" }).click()
    const kioskRow = page.locator("main tbody tr", { hasText: "Kiosk" })
    await expect.poll(() => kioskRow.locator("td").nth(2).textContent()).toBe("Programs: echo, gitBrowser: *.example.com")
    expect((await expectJson(await api("GET", "/automations/nodes?limit=100"))).data[0]).toMatchObject({
      name: "Kiosk",
      allowSystem: true,
      allowedBinaries: ["echo", "git"],
      allowBrowser: true,
      allowedHosts: ["*.example.com"]
    })
    const pairedRow = page.locator("main tbody tr", { hasText: HOSTILE }).first()
    expect(await pairedRow.locator("td").nth(3).textContent()).not.toBe("—")
    expect(await pairedRow.locator("td").nth(1).textContent()).toMatch(/^pairedoffline since /)
    expect(await kioskRow.locator("td").nth(3).textContent()).toBe("—")

    await page.getByRole("button", { name: "Revoke Kiosk" }).click()
    await page.getByRole("button", { name: "Revoke node" }).click()
    await expect
      .poll(async () => (await expectJson(await api("GET", "/automations/nodes?limit=100"))).data[0])
      .toMatchObject({ name: "Kiosk", status: "revoked" })
    expect(await page.locator("main td", { hasText: HOSTILE }).count()).toBeGreaterThan(0)
    await noMarkupFromText(page)
    expect(errors).toEqual([])
    sent.push(...requests)
    await page.close()
  }, 60_000)

  it("lets an admin cancel a waiting run from its page and retry it", async () => {
    const gated = await workflow([{ type: "approval", title: "Ship it?" }])
    const started = await expectJson(await api("POST", `/automations/workflows/${gated.id}/run`, {}))
    await settled(started.id, ["waiting_approval"])
    const route = `/automations/runs/${started.id}`
    const { page, sent: requests, errors } = await open(admin, route, `Run ${started.id.slice(0, 8)}`)
    await expect.poll(() => page.locator("#run-status").textContent()).toBe("waiting approval")
    await page.getByRole("button", { name: "Cancel run" }).click()
    await expect.poll(() => page.locator("#run-status").textContent()).toBe("cancelled")
    expect((await settled(started.id)).status).toBe("cancelled")
    await page.getByRole("button", { name: "Retry" }).click()
    await expect.poll(() => page.locator("#run-status").textContent()).toBe("waiting approval")
    expect(await settled(started.id, ["waiting_approval"])).toMatchObject({ attempt: 2 })
    expect(errors).toEqual([])
    sent.push(...requests)
    await page.close()
  })

  it("lets an admin create and change an agent and create a sequence through their pages, and lists channels without secrets", async () => {
    const secret = "inbound-secret-0123456789"
    const channel = await expectJson(
      await api("POST", "/automations/channels", {
        name: HOSTILE,
        type: "webhook",
        config_json: { url: "https://hooks.example.com/in", inboundSecret: secret }
      })
    )
    const { page, sent: requests, errors } = await open(admin, "/automations/agents", "Agents")
    await page.getByRole("button", { name: "New agent" }).click()
    await page.fill("#agent-name", HOSTILE)
    await page.fill("#agent-instructions", "Answer billing questions.")
    await page.fill("#agent-model", "no-such-label")
    await page.fill("#agent-skills", "system.run")
    await page.fill("#agent-route-keys", "peer:user-1\nevent:order.paid")
    await page.getByRole("button", { name: "Create agent" }).click()
    // The API's refusal names the field; nothing is stored.
    await expect.poll(() => page.locator("form .notice.error").textContent()).toContain("model")
    const agents = async () => (await expectJson(await api("GET", "/automations/agents?limit=100"))).data
    const billing = (agent: { instructions: string }) => agent.instructions === "Answer billing questions."
    expect((await agents()).filter(billing)).toEqual([])
    await checkAxe(page, "agent form")
    await page.fill("#agent-model", "fast")
    await page.getByRole("button", { name: "Create agent" }).click()
    const row = page.locator("main tbody tr", { hasText: "Answer billing questions." })
    await row.waitFor()
    expect(await row.locator(".agent-name").textContent()).toBe(HOSTILE)
    expect(await row.locator(".tag").allTextContents()).toEqual(["system.run", "peer:user-1", "event:order.paid"])
    const stored = (await agents()).find(billing)
    expect(stored).toMatchObject({
      name: HOSTILE,
      instructions: "Answer billing questions.",
      model: "fast",
      toolProfile: null,
      skills: ["system.run"],
      route_keys: ["peer:user-1", "event:order.paid"]
    })
    await noMarkupFromText(page)
    await checkAxe(page, "agents")

    // Edit: an emptied model label clears it.
    await row.getByRole("button", { name: `Edit ${HOSTILE}` }).click()
    expect(await page.locator("#agent-instructions").inputValue()).toBe("Answer billing questions.")
    await page.fill("#agent-model", "")
    await page.fill("#agent-instructions", "Answer refund questions.")
    await page.getByRole("button", { name: "Save agent" }).click()
    await page.locator("main tbody tr", { hasText: "Answer refund questions." }).waitFor()
    expect((await agents()).find((agent: { id: string }) => agent.id === stored.id)).toMatchObject({
      id: stored.id,
      model: null,
      instructions: "Answer refund questions."
    })

    // A sequence from the page's starting steps, named with markup.
    await page.evaluate(() => (location.hash = "#/automations/sequences"))
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Sequences")
    await page.getByRole("button", { name: "New sequence" }).click()
    await page.fill("#sequence-name", HOSTILE)
    await page.getByRole("button", { name: "Create sequence" }).click()
    const sequenceRow = page.locator("main tbody tr", { hasText: HOSTILE })
    await sequenceRow.waitFor()
    expect(await sequenceRow.locator(".sequence-steps").textContent()).toBe("log → wait 2 days → log")
    const [sequence] = (await expectJson(await api("GET", "/automations/sequences"))).data
    expect(sequence).toMatchObject({ name: HOSTILE, revision: 1 })
    expect(sequence.stepsJson.map((step: { type: string }) => step.type)).toEqual(["log", "wait", "log"])
    await noMarkupFromText(page)
    await checkAxe(page, "sequences")

    await page.evaluate(() => (location.hash = "#/automations/channels"))
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Channels")
    const channelRow = page.locator("main tbody tr", { hasText: channel.id })
    await channelRow.waitFor()
    expect(await channelRow.locator(".channel-name").textContent()).toBe(HOSTILE)
    expect(await channelRow.textContent()).toContain("https://hooks.example.com/in")
    expect(await channelRow.locator("td").nth(3).textContent()).toBe("Set")
    expect(await page.content()).not.toContain(secret)
    await noMarkupFromText(page)
    await checkAxe(page, "channels")
    expect(errors).toEqual([])
    sent.push(...requests)
    await page.close()

    // A member reads the three pages with no control to write, and the API refuses the member's writes.
    const asMember = await open(member, "/automations/agents", "Agents")
    await asMember.page.locator(".agent-name", { hasText: HOSTILE }).waitFor()
    expect(await asMember.page.getByRole("button", { name: /^(New agent|Edit)/ }).count()).toBe(0)
    await asMember.page.evaluate(() => (location.hash = "#/automations/sequences"))
    await asMember.page.locator(".sequence-name", { hasText: HOSTILE }).waitFor()
    expect(await asMember.page.getByRole("button", { name: /^(New sequence|Edit)/ }).count()).toBe(0)
    await asMember.page.evaluate(() => (location.hash = "#/automations/channels"))
    await asMember.page.locator(".channel-name", { hasText: HOSTILE }).waitFor()
    const memberCall = (method: string, path: string, body: unknown) =>
      fetch(`${served.url}/api/growth/automations${path}`, {
        method,
        headers: { authorization: `Bearer ${member}`, "content-type": "application/json" },
        body: JSON.stringify(body)
      })
    await expectRefusal(await memberCall("POST", "/agents", { name: "x", instructions: "y" }), 403, "admin_required")
    await expectRefusal(await memberCall("PATCH", `/agents/${stored.id}`, { name: "x" }), 403, "admin_required")
    await expectRefusal(
      await memberCall("POST", "/sequences", { name: "x", stepsJson: [{ type: "log" }] }),
      403,
      "admin_required"
    )
    expect(asMember.errors).toEqual([])
    sent.push(...asMember.sent)
    await asMember.page.close()
  }, 60_000)

  it("shows a run started through the API in the open Runs list, and a new approval in the open queue, without a reload", async () => {
    const { page, sent: requests, errors } = await open(admin, "/automations/workflows", "Workflows")
    // The page's timers under a clock the test moves on: the pages' own timer refreshes them, without the wait.
    await page.clock.install()
    await page.evaluate(() => (location.hash = "#/automations/runs"))
    await page.locator("main table, main .card.empty").first().waitFor()
    const logged = await workflow([{ type: "log", message: "live" }])
    const started = await expectJson(await api("POST", `/automations/workflows/${logged.id}/run`, {}))
    const newRun = page.locator(`main a[href="#/automations/runs/${started.id}"]`)
    await page.clock.fastForward(5_000)
    await newRun.waitFor()

    await page.evaluate(() => (location.hash = "#/automations/approvals"))
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Approvals")
    await page.locator("main .approval, main .card.empty").first().waitFor()
    const reads = (list: string) => requests.filter((request) => new URL(request.url).pathname.endsWith(list)).length
    const runReads = reads("/growth/automations/runs")
    const gated = await workflow([{ type: "approval", title: "Live queue" }])
    const waiting = await expectJson(await api("POST", `/automations/workflows/${gated.id}/run`, {}))
    await settled(waiting.id, ["waiting_approval"])
    await page.clock.fastForward(5_000)
    await page.locator(".approval", { hasText: waiting.id.slice(0, 8) }).waitFor()

    // A hidden tab reads nothing; shown again, it reads at once. The Runs page, left, read nothing since.
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, "hidden", { configurable: true, get: () => value })
        document.dispatchEvent(new Event("visibilitychange"))
      }, hidden)
    await setHidden(true)
    const approvalReads = reads("/growth/automations/approvals")
    await page.clock.fastForward(15_000)
    // A request of the page's own, answered after any the timer would have sent.
    await page.evaluate(() => fetch(location.href).then(() => undefined))
    expect(reads("/growth/automations/approvals")).toBe(approvalReads)
    await setHidden(false)
    await expect.poll(() => reads("/growth/automations/approvals")).toBe(approvalReads + 1)
    expect(reads("/growth/automations/runs")).toBe(runReads)
    expect(errors).toEqual([])
    sent.push(...requests)
    await page.close()
  }, 60_000)

  it("sent only dashboard-token requests to its own origin, and axe found no serious violation", () => {
    expectOnlyDashboardRequests(sent, served.url)
    expect(violations).toEqual([])
  })
})
