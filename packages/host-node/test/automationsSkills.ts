import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { defineSkill } from "@servicekit/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { z } from "zod"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { apiCaller, automationsClient, expectJson } from "./automationsClient.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

/** What the embedder's skills were called with. */
const calls: Array<{ skill: string; input: unknown; idempotencyKey: string }> = []

const lookup = defineSkill({
  id: "crm.lookup",
  description: "Finds a customer in the embedder's CRM.",
  input: z.object({ email: z.string().email(), tier: z.enum(["gold", "silver"]).default("silver") }).strict(),
  run: async ({ input, idempotencyKey }) => {
    calls.push({ skill: "crm.lookup", input, idempotencyKey })
    if (input.email.endsWith("@gone.example")) throw new Error("The CRM has no such customer.")
    if (input.email.endsWith("@nul.example")) return { name: "a\u0000b" }
    return { customer: input.email.split("@")[0], tier: input.tier }
  }
})

/** The embedder implements the built-in campaign skill over its own marketing system. */
const campaigns = defineSkill({
  id: "marketing.campaign_send",
  run: ({ input, idempotencyKey }) => {
    calls.push({ skill: "marketing.campaign_send", input, idempotencyKey })
    return `campaign ${(input as { campaignId: string }).campaignId} queued`
  }
})

/**
 * Skills, tool profiles, policies and memory over HTTP, on the storage `storage` names (its
 * environment, read when the kit is made), with a real SMTP server and the in-process worker.
 */
export const automationsSkillsSuite = (storage: string, storageEnv: () => Record<string, string>) =>
  describe(`Automations skills, tool profiles, policies and memory over HTTP, on ${storage}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), "servicekit-skills-"))
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>
    beforeAll(async () => {
      smtp = await startSmtpServer()
    })
    afterAll(async () => {
      await smtp.close()
      rmSync(dataDir, { recursive: true, force: true })
    })
    const served = serve(() =>
      kitOn(
        {
          SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
          SMTP_URL: smtp.url,
          SERVICEKIT_MAIL_FROM: "Runs <runs@acme.test>",
          ...storageEnv()
        },
        { skills: [lookup, campaigns] }
      )
    )
    let key: string
    let keyId: string
    let mailKey: string
    let narrowKey: string
    let otherKey: string

    const call = apiCaller(served)
    const { api, workflow, settled, run } = automationsClient(served, () => key)
    const json = expectJson
    /** A new workflow of these steps, run with `body`, once its run settled. */
    const runOf = async (stepsJson: Array<unknown>, body: Record<string, unknown> = {}) =>
      run((await workflow(stepsJson)).id, body)

    beforeAll(async () => {
      const tenant = await served.kit.admin.createTenant({
        name: "Skills",
        entitlements: ["automations", "chat", "voice", "transactional", "business_email", "marketing"]
      })
      const created = await served.kit.admin.createKey({
        tenantId: tenant.id,
        product: "automations",
        environment: "live",
        scopes: ["automations:manage"]
      })
      key = created.key
      keyId = created.apiKey.id
      mailKey = (
        await served.kit.admin.createKey({
          tenantId: tenant.id,
          product: "transactional",
          environment: "live",
          scopes: ["transactional:send"]
        })
      ).key
      const narrow = await served.kit.admin.createTenant({ name: "Narrow", entitlements: ["automations"] })
      narrowKey = (
        await served.kit.admin.createKey({
          tenantId: narrow.id,
          product: "automations",
          environment: "live",
          scopes: ["automations:manage"]
        })
      ).key
      const other = await served.kit.admin.createTenant({ name: "Other", entitlements: ["automations"] })
      otherKey = (
        await served.kit.admin.createKey({
          tenantId: other.id,
          product: "automations",
          environment: "live",
          scopes: ["automations:manage"]
        })
      ).key
      await served.kit.startWorkers()
    })

    it("keeps standing orders per account and fills {{policy}} in with them", async () => {
      expect(await json(await api("GET", "/automations/policies"))).toEqual({ standingOrders: "", updatedAt: null })
      const put = await json(
        await api("PUT", "/automations/policies", { standingOrders: "Never refund over 100 EUR." })
      )
      expect(put).toMatchObject({ standingOrders: "Never refund over 100 EUR." })
      expect(await json(await api("GET", "/automations/policies"))).toEqual(put)
      // Another account has its own, empty.
      expect(await json(await call(() => otherKey)("GET", "/automations/policies"))).toMatchObject({
        standingOrders: ""
      })
      for (const body of [
        { standingOrders: "x".repeat(20_001) },
        { standingOrders: "a\u0000b" },
        {},
        { standingOrders: 7 }
      ]) {
        const response = await api("PUT", "/automations/policies", body)
        expect(response.status).toBe(400)
        expect((await response.json()).error.details[0].field).toBe("standingOrders")
      }
      expect(await json(await api("GET", "/automations/policies"))).toEqual(put)

      const run = await runOf([{ type: "skill", skillId: "log.write", input: { message: "Orders: {{policy}}" } }])
      expect(run.status).toBe("succeeded")
      expect(run.stepsResultJson[0].outputText).toBe("Orders: Never refund over 100 EUR.")
    })

    it("creates and replaces tool profiles by name, refusing unknown skills", async () => {
      const first = await json(
        await api("POST", "/automations/tool-profiles", { name: "ops", allow: ["log.write"], deny: ["memory.write"] })
      )
      expect(first).toMatchObject({
        name: "ops",
        allow: ["log.write"],
        deny: ["memory.write"],
        requireApprovalSkills: []
      })
      const replaced = await json(
        await api("POST", "/automations/tool-profiles", { name: "ops", requireApprovalSkills: ["!system.run"] })
      )
      expect(replaced).toMatchObject({ id: first.id, allow: [], deny: [], requireApprovalSkills: ["!system.run"] })
      expect(replaced.createdAt).toBe(first.createdAt)
      const listed = await json(await api("GET", "/automations/tool-profiles"))
      expect(listed.data.map((profile: any) => profile.id)).toEqual([first.id])
      expect((await json(await call(() => otherKey)("GET", "/automations/tool-profiles"))).data).toEqual([])

      const refusal = async (body: unknown, field: string) => {
        const response = await api("POST", "/automations/tool-profiles", body)
        const error = (await expectRefusal(response, 400, "validation_failed")) as any
        expect(error.details[0].field).toBe(field)
      }
      await refusal({ name: "x", allow: ["teleport.now"] }, "allow.0")
      await refusal({ name: "x", deny: ["log.write", "!log.write"] }, "deny.1")
      await refusal({ name: "x", requireApprovalSkills: ["log.write", "log.write"] }, "requireApprovalSkills.1")
      await refusal({ name: "has space" }, "name")
      const notAList = await api("POST", "/automations/tool-profiles", { name: "x", allow: "log.write" })
      expect(notAList.status).toBe(400)
      expect((await notAList.json()).error.details[0].field).toBe("allow")
      expect((await json(await api("GET", "/automations/tool-profiles"))).data).toHaveLength(1)
    })

    it("refuses a step its tool profile denies when written, and fails it when the profile changed since", async () => {
      await json(await api("POST", "/automations/tool-profiles", { name: "strict", deny: ["webhook.deliver"] }))
      const denied = await api("POST", "/automations/workflows", {
        name: "Denied",
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: [
          {
            type: "skill",
            skillId: "webhook.deliver",
            toolProfile: "strict",
            input: { url: "https://partner.example" }
          }
        ]
      })
      await expectRefusal(denied, 403, "skill_denied")
      const unknownProfile = await api("POST", "/automations/workflows", {
        name: "Unknown",
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: [{ type: "skill", skillId: "log.write", toolProfile: "nope", input: { message: "hi" } }]
      })
      const error = (await expectRefusal(unknownProfile, 400, "validation_failed")) as any
      expect(error.details[0].field).toBe("stepsJson.0.toolProfile")

      await json(await api("POST", "/automations/tool-profiles", { name: "changing" }))
      const written = await workflow([
        { type: "skill", skillId: "log.write", input: { message: "before" } },
        { type: "skill", skillId: "log.write", toolProfile: "changing", input: { message: "gated" } }
      ])
      await json(await api("POST", "/automations/tool-profiles", { name: "changing", deny: ["log.write"] }))
      const queued = await json(await api("POST", `/automations/workflows/${written.id}/run`, {}))
      const run = await settled(queued.id)
      expect(run).toMatchObject({
        status: "failed",
        reason: "Step 1 failed: The tool profile changing does not allow the skill log.write."
      })
      expect(run.stepsResultJson.map((step: any) => step.status)).toEqual(["succeeded", "failed"])
    })

    it("waits for an approval before a skill its profile gates, and runs it once approved", async () => {
      await json(
        await api("POST", "/automations/tool-profiles", { name: "careful", requireApprovalSkills: ["log.write"] })
      )
      const written = await workflow([
        { type: "skill", skillId: "log.write", input: { message: "free" } },
        { type: "skill", skillId: "log.write", toolProfile: "careful", input: { message: "checked {{step0.message}}" } }
      ])
      const start = async () => {
        const queued = await json(await api("POST", `/automations/workflows/${written.id}/run`, {}))
        const waiting = await settled(queued.id)
        expect(waiting.status).toBe("waiting_approval")
        expect(waiting.stepsResultJson.map((step: any) => [step.status, step.approved])).toEqual([
          ["succeeded", false],
          ["waiting_approval", false]
        ])
        const approvals = await json(await api("GET", "/automations/approvals?status=pending"))
        const approval = approvals.data.find((item: any) => item.runId === queued.id)
        expect(approval).toMatchObject({ stepIndex: 1, skillId: "log.write", title: "Allow the skill log.write" })
        return { id: queued.id, approval: approval.id }
      }
      const approved = await start()
      await json(await api("POST", `/automations/approvals/${approved.approval}/decide`, { decision: "approve" }))
      const done = await settled(approved.id, ["succeeded", "failed"])
      expect(done.status).toBe("succeeded")
      expect(done.stepsResultJson[1]).toMatchObject({ status: "succeeded", approved: true, outputText: "checked free" })

      const rejected = await start()
      await json(
        await api("POST", `/automations/approvals/${rejected.approval}/decide`, { decision: "reject", note: "no" })
      )
      expect(await settled(rejected.id, ["failed"])).toMatchObject({
        status: "failed",
        reason: "Step 1 was rejected: no"
      })
    })

    it("keeps memory per account, every read and write audited, for API callers and runs alike", async () => {
      const entry = await json(
        await api("PUT", "/automations/memory", { key: "customer:ada", value: { tier: "gold" } })
      )
      expect(entry).toMatchObject({ key: "customer:ada", value: { tier: "gold" } })
      const replaced = await json(await api("PUT", "/automations/memory", { key: "customer:ada", value: "platinum" }))
      expect(replaced).toMatchObject({ id: entry.id, createdAt: entry.createdAt, value: "platinum" })
      await json(await api("PUT", "/automations/memory", { key: "note", value: null }))
      expect((await json(await api("GET", "/automations/memory?key=customer:ada"))).data).toEqual([replaced])
      expect(
        (await json(await api("GET", "/automations/memory?prefix=customer:"))).data.map((e: any) => e.key)
      ).toEqual(["customer:ada"])
      expect((await json(await api("GET", "/automations/memory?key=absent"))).data).toEqual([])
      expect((await json(await call(() => otherKey)("GET", "/automations/memory"))).data).toEqual([])

      for (const body of [
        { key: "", value: 1 },
        { key: "k".repeat(201), value: 1 },
        { key: "k", value: "x".repeat(70_000) },
        { key: "k", value: { "a\u0000": 1 } },
        { key: "k" }
      ]) {
        const response = await api("PUT", "/automations/memory", body)
        expect(response.status).toBe(400)
      }
      expect((await json(await api("GET", "/automations/memory?key=k"))).data).toEqual([])

      const run = await runOf([
        { type: "skill", skillId: "memory.read", input: { key: "customer:ada" } },
        { type: "skill", skillId: "memory.write", input: { key: "last-run", value: { saw: "{{last.outputText}}" } } },
        { type: "skill", skillId: "memory.read", input: { key: "never-written" } }
      ])
      expect(run.status).toBe("succeeded")
      expect(run.stepsResultJson.map((step: any) => step.output)).toEqual([
        { key: "customer:ada", found: true, value: "platinum" },
        { key: "last-run", value: { saw: "platinum" } },
        { key: "never-written", found: false, value: null }
      ])

      const audit = await json(await api("GET", "/automations/memory/audit?limit=100"))
      const trail = audit.data.map((row: any) => [row.key, row.action, row.actor]).reverse()
      expect(trail).toEqual([
        ["customer:ada", "write", `key:${keyId}`],
        ["customer:ada", "write", `key:${keyId}`],
        ["note", "write", `key:${keyId}`],
        ["customer:ada", "read", `key:${keyId}`],
        ["customer:ada", "read", `key:${keyId}`],
        ["absent", "read", `key:${keyId}`],
        // The refused writes left no trace; the read of "k" found nothing but is audited.
        ["k", "read", `key:${keyId}`],
        ["customer:ada", "read", `run:${run.id}`],
        ["last-run", "write", `run:${run.id}`],
        ["never-written", "read", `run:${run.id}`]
      ])
      const byKey = await json(await api("GET", "/automations/memory/audit?key=last-run"))
      expect(byKey.data).toHaveLength(1)
    })

    it("sends email through the transactional mailer, in the shared activity ledger as automations_v1", async () => {
      const before = smtp.received.length
      const run = await runOf(
        [
          {
            type: "skill",
            skillId: "email.send",
            input: {
              to: ["{{payload.email}}"],
              subject: "Hello {{context}}",
              body: "Your order {{payload.order}} shipped."
            }
          }
        ],
        { context: "Ada", payload: { email: "ada@example.com", order: "A-1" } }
      )
      expect(run.status).toBe("succeeded")
      expect(run.stepsResultJson[0].output.messages).toMatchObject([{ to: "ada@example.com", status: "queued" }])
      const [mail] = (await smtp.waitFor(before + 1)).slice(before)
      expect(mail!.envelopeTo).toEqual(["ada@example.com"])
      expect(mail!.parsed.subject).toBe("Hello Ada")
      expect(mail!.parsed.text?.trim()).toBe("Your order A-1 shipped.")

      const mailApi = call(() => mailKey)
      const deadline = Date.now() + 10_000
      let logged: any[] = []
      while (logged.length === 0 && Date.now() < deadline) {
        logged = (await json(await mailApi("GET", "/transactional/logs?source=automations_v1"))).data
        if (logged.length === 0) await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(logged).toMatchObject([
        { status: "sent", recipient: "ada@example.com", metadata: { source: "automations_v1" } }
      ])
      // Transactional's default view shows its own sends only.
      expect((await json(await mailApi("GET", "/transactional/logs"))).data).toEqual([])

      const bad = await runOf(
        [{ type: "skill", skillId: "email.send", input: { to: ["{{payload.email}}"], subject: "Hi", text: "x" } }],
        { payload: { email: "not an address" } }
      )
      expect(bad).toMatchObject({ status: "failed", reason: "Step 0 failed: Invalid to.0: must be an email address" })
    })

    it("reads Business Calling usage", async () => {
      const run = await runOf([{ type: "skill", skillId: "voice.usage_read", input: {} }])
      expect(run.status).toBe("succeeded")
      expect(run.stepsResultJson[0].output).toEqual({
        minutesTodayUtc: 0,
        callsStartedTodayUtc: 0,
        inboundOffered7d: 0,
        inboundAnswered7d: 0,
        inboundAnswerRate7dPercent: null
      })
      // An account without Business Calling may not use it.
      const refused = await call(() => narrowKey)("POST", "/automations/workflows", {
        name: "Usage",
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: [{ type: "skill", skillId: "voice.usage_read", input: {} }]
      })
      await expectRefusal(refused, 403, "product_not_entitled")
    })

    it("spawns child runs with their parent, once per step, and stops runaway nesting", async () => {
      const child = await workflow([
        { type: "skill", skillId: "log.write", input: { message: "child saw {{context}}" } }
      ])
      const parent = await runOf(
        [
          {
            type: "skill",
            skillId: "subagent.spawn",
            input: { workflowId: child.id, context: "from {{context}}", payload: { n: 1 } }
          }
        ],
        { context: "parent" }
      )
      expect(parent.status).toBe("succeeded")
      const spawned = parent.stepsResultJson[0].output
      const childRun = await settled(spawned.runId, ["succeeded", "failed"])
      expect(childRun).toMatchObject({
        workflowId: child.id,
        parentRunId: parent.id,
        trigger: { type: "subagent" },
        context: "from parent",
        payload: { n: 1 },
        status: "succeeded"
      })
      expect(childRun.stepsResultJson[0].outputText).toBe("child saw from parent")

      // A workflow that spawns itself: its fifth descendant fails to spawn a sixth instead of looping forever.
      const loop = await workflow([{ type: "log", message: "looping" }])
      await json(
        await api("PATCH", `/automations/workflows/${loop.id}`, {
          stepsJson: [{ type: "skill", skillId: "subagent.spawn", input: { workflowId: loop.id } }]
        })
      )
      let current = await settled((await json(await api("POST", `/automations/workflows/${loop.id}/run`, {}))).id, [
        "succeeded",
        "failed"
      ])
      let generations = 1
      while (current.status === "succeeded") {
        current = await settled(current.stepsResultJson[0].output.runId, ["succeeded", "failed"])
        generations++
      }
      expect(generations).toBe(6)
      expect(current.reason).toBe("Step 0 failed: Runs spawned by runs may nest 5 deep at most.")

      const missing = await runOf([
        { type: "skill", skillId: "subagent.spawn", input: { workflowId: "00000000-0000-4000-8000-000000000000" } }
      ])
      expect(missing).toMatchObject({ status: "failed", reason: "Step 0 failed: No such workflow." })
    })

    it("runs an embedder's skill with its parsed input, and fails the step when it throws or its input does not parse", async () => {
      const good = await runOf([{ type: "skill", skillId: "crm.lookup", input: { email: "{{payload.email}}" } }], {
        payload: { email: "ada@example.com" }
      })
      expect(good.status).toBe("succeeded")
      expect(good.stepsResultJson[0].output).toEqual({ customer: "ada", tier: "silver" })
      expect(calls.at(-1)).toEqual({
        skill: "crm.lookup",
        input: { email: "ada@example.com", tier: "silver" },
        idempotencyKey: `${good.id}:0:1`
      })

      const thrown = await runOf([{ type: "skill", skillId: "crm.lookup", input: { email: "bob@gone.example" } }])
      expect(thrown).toMatchObject({ status: "failed", reason: "Step 0 failed: The CRM has no such customer." })
      const unstorable = await runOf([{ type: "skill", skillId: "crm.lookup", input: { email: "ada@nul.example" } }])
      expect(unstorable).toMatchObject({
        status: "failed",
        reason: "Step 0 failed: The skill's output cannot be stored: name must not contain NUL characters."
      })
      const calledBefore = calls.length
      const unparsed = await runOf([{ type: "skill", skillId: "crm.lookup", input: { email: "{{payload.email}}" } }], {
        payload: { email: "nobody" }
      })
      expect(unparsed.status).toBe("failed")
      expect(unparsed.reason).toMatch(/^Step 0 failed: The input is invalid: email /)
      expect(calls.length).toBe(calledBefore)

      // Checked when written, where the input holds no placeholder.
      const refused = await api("POST", "/automations/workflows", {
        name: "Bad",
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: [{ type: "skill", skillId: "crm.lookup", input: { email: "nobody", extra: 1 } }]
      })
      const error = (await expectRefusal(refused, 400, "validation_failed")) as any
      expect(error.details.map((detail: any) => detail.field).sort()).toEqual([
        "stepsJson.0.input",
        "stepsJson.0.input.email"
      ])

      const campaign = await runOf([
        { type: "skill", skillId: "marketing.campaign_send", input: { campaignId: "spring" } }
      ])
      expect(campaign.stepsResultJson[0]).toMatchObject({ status: "succeeded", outputText: "campaign spring queued" })
      // Marketing is a product of its own: an account without it may not send campaigns.
      await expectRefusal(
        await call(() => narrowKey)("POST", "/automations/workflows", {
          name: "Campaign",
          triggerJson: { schemaVersion: 1, type: "manual" },
          stepsJson: [{ type: "skill", skillId: "marketing.campaign_send", input: { campaignId: "spring" } }]
        }),
        403,
        "product_not_entitled"
      )
    })
  })
