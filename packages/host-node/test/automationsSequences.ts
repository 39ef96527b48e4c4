import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { ServiceKit } from "@servicekit/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, listen } from "../src/Server.js"
import { automationsClient, automationsTenants, expectJson, until } from "./automationsClient.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { expectRefusal, kitOn } from "./hostileInput.js"

const mail = (subject: string, text: string) => ({
  type: "skill",
  skillId: "email.send",
  input: { to: ["{{payload.email}}"], subject, text }
})

/**
 * Sequences over HTTP on the storage `storageEnv` names, with a real SMTP server and the
 * in-process worker: written with the workflow rules, materialised into their own workflow, run
 * with a wait that outlives the server, edited while a run waits, and isolated per tenant.
 */
export const automationsSequencesSuite = (storage: string, storageEnv: () => Record<string, string>) =>
  describe(`Automations sequences over HTTP, on ${storage}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), "servicekit-sequences-"))
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>
    let kit: ServiceKit.ServiceKit<unknown>
    let server: RunningServer
    const served = {
      get url() {
        return server.url
      }
    }
    const start = async () => {
      kit = kitOn({
        SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
        SMTP_URL: smtp.url,
        SERVICEKIT_MAIL_FROM: "Sequences <sequences@acme.test>",
        ...storageEnv()
      }).kit
      server = await listen(kit, { port: 0 })
      await kit.startWorkers()
    }
    const stop = async () => {
      await server.close()
      await kit.dispose()
    }
    let key: string
    let otherKey: string
    let plainKey: string
    const { api, settled } = automationsClient(served, () => key)
    const otherApi = automationsClient(served, () => otherKey).api
    const plainApi = automationsClient(served, () => plainKey).api

    beforeAll(async () => {
      smtp = await startSmtpServer()
      await start()
      ;({ key, otherKey } = await automationsTenants({ kit }, "Sequences", ["automations", "business_email", "chat"]))
      // A tenant without Business Email: its sequences may not send mail.
      plainKey = (await automationsTenants({ kit }, "Plain", ["automations", "chat"])).key
    }, 60_000)
    afterAll(async () => {
      await stop()
      await smtp.close()
      rmSync(dataDir, { recursive: true, force: true })
    })

    const create = async (stepsJson: Array<unknown>, name = `Sequence ${Math.random()}`) =>
      expectJson(await api("POST", "/automations/sequences", { name, stepsJson }))
    const workflowOf = async (id: string) => {
      const listed = await expectJson(await api("GET", "/automations/workflows?limit=100"))
      return (listed.data as Array<any>).find((workflow) => workflow.id === id)
    }
    const runOf = async (sequenceId: string, body: Record<string, unknown> = {}) =>
      expectJson(await api("POST", `/automations/sequences/${sequenceId}/run`, body))
    const mailTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address))

    it("materialises a sequence into a manual workflow of its own, listed newest first", async () => {
      const steps = [mail("Welcome", "Hello {{payload.name}}"), { type: "wait", days: 2 }, { type: "log" }]
      const sequence = await create(steps, "Onboarding")
      expect(sequence).toMatchObject({ name: "Onboarding", stepsJson: steps, revision: 1 })
      const workflow = await workflowOf(sequence.workflowId)
      expect(workflow).toMatchObject({
        name: "Onboarding",
        active: true,
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: steps
      })
      const later = await create([{ type: "log", message: "x" }])
      const latest = await create([{ type: "log", message: "y" }])
      const listed = await expectJson(await api("GET", "/automations/sequences?limit=2"))
      expect(listed.data.map((s: any) => s.id)).toEqual([latest.id, later.id])
      const next = await expectJson(await api("GET", `/automations/sequences?limit=2&cursor=${listed.meta.nextCursor}`))
      expect(next.data.map((s: any) => s.id)).toEqual([sequence.id])
    })

    it("refuses a sequence the workflow rules refuse, naming the field, and stores nothing", async () => {
      const before = (await expectJson(await api("GET", "/automations/sequences?limit=100"))).data.length
      const cases: Array<[unknown, number, string, string]> = [
        [[], 400, "validation_failed", "stepsJson"],
        [[{ type: "log" }, { type: "wait" }], 400, "validation_failed", "stepsJson.1.seconds"],
        [[{ type: "wait", days: 91 }], 400, "validation_failed", "stepsJson.0.seconds"],
        [[{ type: "wait", minutes: -1 }], 400, "validation_failed", "stepsJson.0.minutes"],
        [[{ type: "wait", hours: 1.5 }], 400, "validation_failed", "stepsJson.0.hours"],
        [[{ type: "wait", seconds: 5, weeks: 1 }], 400, "validation_failed", "stepsJson.0.weeks"],
        [[{ type: "sleep", seconds: 5 }], 400, "validation_failed", "stepsJson.0.type"],
        [
          [{ type: "skill", skillId: "email.send", input: { to: ["nobody"] } }],
          400,
          "validation_failed",
          "stepsJson.0.input"
        ]
      ]
      for (const [stepsJson, status, code, field] of cases) {
        const error = await expectRefusal(
          await api("POST", "/automations/sequences", { name: "Bad", stepsJson }),
          status,
          code
        )
        expect(error.details?.map((d: any) => d.field) ?? [], JSON.stringify(stepsJson)).toContainEqual(
          expect.stringMatching(new RegExp(`^${field.replace(/\./g, "\\.")}`))
        )
      }
      await expectRefusal(
        await api("POST", "/automations/sequences", { name: "x\u0000", stepsJson: [{ type: "log" }] }),
        400,
        "validation_failed"
      )
      await expectRefusal(
        await plainApi("POST", "/automations/sequences", { name: "Mail", stepsJson: [mail("Hi", "x")] }),
        403,
        "product_not_entitled"
      )
      expect((await expectJson(await api("GET", "/automations/sequences?limit=100"))).data.length).toBe(before)
      expect((await expectJson(await plainApi("GET", "/automations/sequences"))).data).toEqual([])
    })

    it("runs a sequence whose wait outlives the server: the second mail comes after the restart", async () => {
      const sequence = await create([
        mail("Day one", "Hello {{payload.name}}"),
        { type: "wait", seconds: 3 },
        mail("Day three", "Still there, {{payload.name}}?")
      ])
      const started = await runOf(sequence.id, { payload: { email: "ada@example.test", name: "Ada" } })
      expect(started).toMatchObject({ workflowId: sequence.workflowId, status: "queued" })
      const waiting = await settled(started.id, ["waiting_timer"])
      expect(waiting.stepsResultJson[1]).toMatchObject({ type: "wait", status: "waiting_timer" })
      const until_ = Date.parse(waiting.stepsResultJson[1].output.until)
      expect(until_ - Date.parse(waiting.stepsResultJson[1].startedAt)).toBe(3_000)
      await until("the first mail", async () => (mailTo("ada@example.test").length === 1 ? true : undefined))
      expect(mailTo("ada@example.test")[0]!.parsed.subject).toBe("Day one")

      await stop()
      await new Promise((resolve) => setTimeout(resolve, 3_500))
      await start()
      const done = await settled(started.id, ["succeeded", "failed"])
      expect(done.status, done.reason).toBe("succeeded")
      expect(done.stepsResultJson.map((step: any) => step.status)).toEqual(["succeeded", "succeeded", "succeeded"])
      expect(Date.parse(done.stepsResultJson[1].output.waitedUntil)).toBe(until_)
      // The run queued the mail; the mail worker delivers it.
      const mails = await until("the second mail", async () => {
        const received = mailTo("ada@example.test")
        return received.length === 2 ? received : undefined
      })
      expect(mails.map((m) => m.parsed.subject)).toEqual(["Day one", "Day three"])
      expect(mails[1]!.parsed.text?.trim()).toBe("Still there, Ada?")
    }, 60_000)

    it("keeps a waiting run's steps when the sequence is edited, and runs the edit next", async () => {
      const sequence = await create([
        { type: "wait", seconds: 2 },
        { type: "log", message: "old" }
      ])
      const first = await settled((await runOf(sequence.id)).id, ["waiting_timer"])
      const edited = await expectJson(
        await api("PATCH", `/automations/sequences/${sequence.id}`, { stepsJson: [{ type: "log", message: "new" }] })
      )
      expect(edited).toMatchObject({
        revision: 2,
        workflowId: sequence.workflowId,
        stepsJson: [{ type: "log", message: "new" }]
      })
      const second = await settled((await runOf(sequence.id)).id)
      expect(second.stepsResultJson.map((step: any) => step.outputText)).toEqual(["new"])
      const firstDone = await settled(first.id)
      expect(firstDone.status).toBe("succeeded")
      expect(firstDone.stepsResultJson.map((step: any) => step.outputText).at(-1)).toBe("old")
      expect(second.revision).toBeGreaterThan(firstDone.revision)
    })

    it("materialises the sequence again when its workflow was changed or deleted elsewhere", async () => {
      const sequence = await create([{ type: "log", message: "from the sequence" }])
      await expectJson(
        await api("PATCH", `/automations/workflows/${sequence.workflowId}`, {
          active: false,
          stepsJson: [{ type: "log", message: "changed elsewhere" }]
        })
      )
      const again = await settled((await runOf(sequence.id)).id)
      expect(again.stepsResultJson[0].outputText).toBe("from the sequence")
      expect(await workflowOf(sequence.workflowId)).toMatchObject({ active: true })

      await expectJson(await api("DELETE", `/automations/workflows/${sequence.workflowId}`))
      const recreated = await settled((await runOf(sequence.id)).id)
      expect(recreated.status).toBe("succeeded")
      expect(recreated.workflowId).not.toBe(sequence.workflowId)
      const listed = await expectJson(await api("GET", "/automations/sequences?limit=100"))
      expect(listed.data.find((s: any) => s.id === sequence.id).workflowId).toBe(recreated.workflowId)
    })

    it("cancels a run while it waits: it never goes on", async () => {
      const sequence = await create([
        { type: "wait", seconds: 1 },
        { type: "log", message: "too late" }
      ])
      const waiting = await settled((await runOf(sequence.id)).id, ["waiting_timer"])
      const cancelled = await expectJson(await api("POST", `/automations/runs/${waiting.id}/cancel`))
      expect(cancelled.status).toBe("cancelled")
      await new Promise((resolve) => setTimeout(resolve, 1_500))
      const after = await expectJson(await api("GET", `/automations/runs/${waiting.id}`))
      expect(after.status).toBe("cancelled")
      expect(after.stepsResultJson).toHaveLength(1)
    })

    it("deletes a sequence with its workflow; another tenant's sequence is not found", async () => {
      const sequence = await create([{ type: "log" }])
      for (const [method, path, body] of [
        ["PATCH", `/automations/sequences/${sequence.id}`, { name: "Mine now" }],
        ["POST", `/automations/sequences/${sequence.id}/run`, {}],
        ["DELETE", `/automations/sequences/${sequence.id}`, undefined]
      ] as const) {
        await expectRefusal(await otherApi(method, path, body), 404, "sequence_not_found")
      }
      expect((await expectJson(await otherApi("GET", "/automations/sequences"))).data).toEqual([])
      const deleted = await expectJson(await api("DELETE", `/automations/sequences/${sequence.id}`))
      expect(deleted).toMatchObject({ id: sequence.id, name: sequence.name })
      expect(await workflowOf(sequence.workflowId)).toBeUndefined()
      await expectRefusal(await api("DELETE", `/automations/sequences/${sequence.id}`), 404, "sequence_not_found")
      await expectRefusal(await api("POST", `/automations/sequences/${sequence.id}/run`, {}), 404, "sequence_not_found")
    })
  })
