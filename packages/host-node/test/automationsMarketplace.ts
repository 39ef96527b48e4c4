import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { builtInPacks } from "@servicekit/core/automations"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { automationsClient, automationsTenants, expectJson, until } from "./automationsClient.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

/** A valid account pack: a follow-up email to one address, after a log line. */
const followUp = (overrides: Record<string, unknown> = {}) => ({
  packId: "acme.follow-up",
  version: "1.0.0",
  name: "Follow-up email",
  description: "Emails a contact a follow-up.",
  parameters: {
    recipients: { type: "array", items: { type: "string", format: "email" }, minItems: 1, maxItems: 5 },
    subject: { type: "string", maxLength: 100, default: "Following up" },
    tone: { type: "string", enum: ["warm", "brief"], default: "warm" }
  },
  templates: [
    {
      key: "send",
      name: "Send the follow-up",
      triggerJson: { schemaVersion: 1, type: "manual" },
      stepsJson: [
        { type: "log", message: "Following up ({{params.tone}}) on {{payload.topic}}" },
        {
          type: "skill",
          skillId: "email.send",
          input: { to: "{{params.recipients}}", subject: "{{params.subject}}", text: "{{last.outputText}}" }
        }
      ]
    }
  ],
  ...overrides
})

const step = (input: Record<string, unknown>) => ({
  ...followUp(),
  templates: [{ key: "send", name: "Send", triggerJson: { schemaVersion: 1, type: "manual" }, stepsJson: [input] }]
})

/**
 * The skill marketplace over HTTP: the platform's packs, the SDK, publishing (every kind of
 * problem refused with its path), installing pinned to a digest, and workflows made from packs
 * that run, wait for approvals and respect entitlements, on the storage `storageEnv` names.
 */
export const automationsMarketplaceSuite = (storage: string, storageEnv: () => Record<string, string>) =>
  describe(`Automations skill marketplace over HTTP, on ${storage}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), "servicekit-marketplace-"))
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>
    beforeAll(async () => {
      smtp = await startSmtpServer()
    })
    afterAll(async () => {
      await smtp.close()
      rmSync(dataDir, { recursive: true, force: true })
    })
    const served = serve(() =>
      kitOn({
        SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
        SMTP_URL: smtp.url,
        SERVICEKIT_MAIL_FROM: "Packs <packs@acme.test>",
        ...storageEnv()
      })
    )
    let key: string
    let otherKey: string
    let gatedKey: string
    const { api, settled } = automationsClient(served, () => key)
    const otherApi = automationsClient(served, () => otherKey).api
    const gated = automationsClient(served, () => gatedKey)

    beforeAll(async () => {
      ;({ key, otherKey } = await automationsTenants(served, "Packs", ["automations", "business_email", "chat", "voice"]))
      gatedKey = (await automationsTenants(served, "Gated", ["automations", "business_email", "chat"])).key
      await served.kit.startWorkers()
    })

    const list = async (query = "", call = api) =>
      (await expectJson(await call("GET", `/automations/skills${query}`))).data
    const publish = (pack: unknown, call = api) => call("POST", "/automations/skills/sdk", pack)
    const install = (body: unknown, call = api) => call("POST", "/automations/skills/install", body)
    const fromPack = (packId: string, body: unknown, call = api) =>
      call("POST", `/automations/skills/${packId}/workflow`, body)

    it("lists the platform's packs, filtered and paged by pack id", async () => {
      const all = await list()
      const ids = all.map((pack: any) => pack.packId)
      expect(ids).toEqual(builtInPacks.map((pack) => pack.packId).sort())
      const digest = all.find((pack: any) => pack.packId === "servicekit.daily-usage-digest")
      expect(digest).toMatchObject({
        version: "1.0.0",
        versions: ["1.0.0"],
        source: "builtin",
        skills: ["email.send", "voice.usage_read"],
        requires: ["business_email", "voice"],
        approvals: [],
        templates: [{ key: "digest", name: "Daily usage digest", triggerType: "schedule" }],
        publishedAt: null,
        installed: null
      })
      expect(digest.digest).toMatch(/^[0-9a-f]{64}$/)
      expect(digest.parameters.hourUtc).toEqual({
        type: "integer",
        minimum: 0,
        maximum: 23,
        default: 8,
        description: "The hour it is sent, UTC."
      })
      expect((await list("?skill=voice.usage_read")).map((pack: any) => pack.packId)).toEqual([
        "servicekit.daily-usage-digest"
      ])
      expect((await list("?q=CHAT%20webhook")).map((pack: any) => pack.packId)).toEqual(["servicekit.chat-to-webhook"])
      expect(await list("?source=account")).toEqual([])
      expect(await list("?installed=true")).toEqual([])
      const first = await expectJson(await api("GET", "/automations/skills?limit=1"))
      expect(first.data.map((pack: any) => pack.packId)).toEqual([ids[0]])
      const second = await list(`?limit=1&cursor=${first.meta.nextCursor}`)
      expect(second.map((pack: any) => pack.packId)).toEqual([ids[1]])
      for (const query of ["?limit=0", "?limit=101", "?cursor=Not%20an%20id", "?installed=yes", "?source=mine"]) {
        await expectRefusal(await api("GET", `/automations/skills${query}`), 400, "validation_failed")
      }
    })

    it("describes the skills a pack may use, the pack format and the variables", async () => {
      const sdk = await expectJson(await api("GET", "/automations/skills/sdk"))
      const byId = new Map(sdk.skills.map((skill: any) => [skill.id, skill]))
      expect(byId.get("email.send")).toMatchObject({ requires: ["business_email"], approval: false })
      expect((byId.get("email.send") as any).inputSchema.required).toEqual(["to", "subject"])
      expect(byId.get("system.run")).toMatchObject({ requires: [], approval: true })
      // No language model on this platform: no skill that needs one.
      expect(byId.has("ai.invoke")).toBe(false)
      expect(sdk.packFormat.required).toEqual(expect.arrayContaining(["packId", "version", "name", "templates"]))
      expect(sdk.packFormat.additionalProperties).toBe(false)
      expect(sdk.variables).toEqual(
        expect.arrayContaining(["{{params.<name>}}", "{{payload.*}}", "{{last.outputText}}"])
      )
      expect(sdk.limits).toMatchObject({ maxPackBytes: 65_536, maxTemplates: 10, maxStepsPerTemplate: 20 })
    })

    it("accepts every platform pack under an account's id: the built-ins pass the publishing checks", async () => {
      for (const pack of builtInPacks) {
        const published = await expectJson(
          await publish({ ...pack, packId: pack.packId.replace("servicekit.", "copy.") })
        )
        expect(published.source).toBe("account")
      }
    })

    it("refuses an invalid pack with the path of each problem, and stores nothing", async () => {
      const before = await list("?source=account")
      const cases: Array<[string, unknown, Array<string>]> = [
        ["an unknown key", { ...followUp(), script: "rm -rf /" }, ["script"]],
        [
          "an unknown key in a step",
          step({ type: "log", message: "x", code: "eval()" }),
          ["templates.0.stepsJson.0.code"]
        ],
        [
          "an unknown skill",
          step({ type: "skill", skillId: "shell.exec", input: {} }),
          ["templates.0.stepsJson.0.skillId"]
        ],
        [
          "a skill input its skill refuses",
          step({ type: "skill", skillId: "email.send", input: { to: ["{{params.recipients}}"], text: "x" } }),
          ["templates.0.stepsJson.0.input.subject"]
        ],
        [
          "an undeclared parameter",
          step({ type: "log", message: "{{params.nope}}" }),
          ["templates.0.stepsJson.0.message"]
        ],
        [
          "a variable that is not one",
          step({ type: "log", message: "{{env.SECRET}}" }),
          ["templates.0.stepsJson.0.message"]
        ],
        [
          "a placeholder that does not parse",
          step({ type: "log", message: "{{ oops" }),
          ["templates.0.stepsJson.0.message"]
        ],
        [
          "a placeholder in a key",
          step({
            type: "skill",
            skillId: "webhook.deliver",
            input: { url: "https://partner.example", headers: { "{{payload.h}}": "x" } }
          }),
          ["templates.0.stepsJson.0.input.headers.{{payload.h}}"]
        ],
        [
          "too many steps",
          step({ type: "log" }) && {
            ...followUp(),
            templates: [
              {
                key: "a",
                name: "A",
                triggerJson: { schemaVersion: 1, type: "manual" },
                stepsJson: Array(21).fill({ type: "log" })
              }
            ]
          },
          ["templates.0.stepsJson"]
        ],
        ["a bad version", followUp({ version: "1.0" }), ["version"]],
        ["a bad pack id", followUp({ packId: "Acme Pack" }), ["packId"]],
        ["the platform's prefix", followUp({ packId: "servicekit.mine" }), ["packId"]],
        [
          "a parameter keyword for another type",
          followUp({ parameters: { count: { type: "integer", format: "email" } } }),
          ["parameters.count.format"]
        ],
        [
          "a default its parameter refuses",
          followUp({
            parameters: { ...followUp().parameters, tone: { type: "string", enum: ["warm"], default: "cold" } }
          }),
          ["parameters.tone.default"]
        ],
        [
          "two templates with one key",
          followUp({ templates: [followUp().templates[0], followUp().templates[0]] }),
          ["templates.1.key"]
        ],
        [
          "a trigger the workflow rules refuse",
          followUp({
            templates: [
              { ...followUp().templates[0], triggerJson: { schemaVersion: 1, type: "schedule", cron: "every day" } }
            ]
          }),
          ["templates.0.triggerJson.cron"]
        ],
        [
          "a pack over 64 KiB",
          followUp({
            description: "x".repeat(2_000),
            name: "y".repeat(200),
            templates: Array(10)
              .fill(0)
              .map((_, i) => ({
                ...followUp().templates[0],
                key: `t${i}`,
                description: "z".repeat(2_000),
                stepsJson: Array(20).fill({ type: "log", message: "m".repeat(300) })
              }))
          }),
          [""]
        ],
        ["NUL in a name", followUp({ name: "bad\u0000name" }), ["name"]]
      ]
      for (const [what, pack, fields] of cases) {
        const error = await expectRefusal(await publish(pack), 400, "validation_failed")
        expect(
          error.details?.map((detail) => detail.field),
          what
        ).toEqual(expect.arrayContaining(fields))
      }
      // Several problems at once: each is named.
      const many = await expectRefusal(
        await publish(followUp({ version: "x", packId: "servicekit.x.y", extra: true })),
        400,
        "validation_failed"
      )
      expect(many.details!.map((detail) => detail.field)).toEqual(expect.arrayContaining(["version", "extra"]))
      // An unknown top-level key does not hide the problems of the templates.
      const hidden = await expectRefusal(
        await publish({
          ...followUp(),
          script: "rm -rf /",
          templates: [
            {
              key: "send",
              name: "Send",
              triggerJson: { schemaVersion: 1, type: "manual" },
              stepsJson: [{ type: "log" }, { type: "skill", skillId: "shell.exec", input: {} }]
            },
            {
              key: "send",
              name: "Again",
              triggerJson: { schemaVersion: 1, type: "manual" },
              stepsJson: [{ type: "log", message: "{{params.nope}}" }]
            }
          ]
        }),
        400,
        "validation_failed"
      )
      expect(hidden.details!.map((detail) => detail.field)).toEqual(
        expect.arrayContaining([
          "script",
          "templates.0.stepsJson.1.skillId",
          "templates.1.stepsJson.0.message",
          "templates.1.key"
        ])
      )
      expect(await list("?source=account")).toEqual(before)
    })

    it("publishes a pack version once: the same content again is accepted, other content is a 409", async () => {
      const published = await expectJson(await publish(followUp()))
      expect(published).toMatchObject({
        packId: "acme.follow-up",
        version: "1.0.0",
        versions: ["1.0.0"],
        source: "account",
        skills: ["email.send"],
        requires: ["business_email"],
        installed: null
      })
      expect(Date.parse(published.publishedAt)).toBeGreaterThan(0)
      const again = await expectJson(await publish(followUp()))
      expect(again.digest).toBe(published.digest)
      await expectRefusal(await publish(followUp({ name: "Changed" })), 409, "pack_version_exists")
      const newer = await expectJson(await publish(followUp({ version: "1.1.0", name: "Follow-up email, v1.1" })))
      expect(newer).toMatchObject({ version: "1.1.0", versions: ["1.1.0", "1.0.0"], name: "Follow-up email, v1.1" })
      expect(newer.digest).not.toBe(published.digest)
      // Another account sees none of it.
      expect((await list("", otherApi)).map((pack: any) => pack.packId)).not.toContain("acme.follow-up")
      await expectRefusal(await install({ packId: "acme.follow-up" }, otherApi), 404, "pack_not_found")
    })

    it("installs a version pinned to its digest, idempotently, and makes running workflows from it", async () => {
      await expectRefusal(await fromPack("acme.follow-up", { parameters: {} }), 409, "pack_not_installed")
      await expectRefusal(await install({ packId: "acme.unknown" }), 404, "pack_not_found")
      await expectRefusal(await install({ packId: "acme.follow-up", version: "9.9.9" }), 404, "pack_not_found")
      const installed = await expectJson(await install({ packId: "acme.follow-up", version: "1.0.0" }))
      expect(installed.installed).toMatchObject({ version: "1.0.0" })
      const again = await expectJson(await install({ packId: "acme.follow-up", version: "1.0.0" }))
      expect(again.installed).toEqual(installed.installed)
      expect((await list("?installed=true")).map((pack: any) => pack.packId)).toEqual(["acme.follow-up"])

      const refused: Array<[unknown, string]> = [
        [{}, "parameters.recipients"],
        [{ parameters: { recipients: [] } }, "parameters.recipients"],
        [{ parameters: { recipients: ["not an address"] } }, "parameters.recipients"],
        [{ parameters: { recipients: ["a@example.test"], tone: "cold" } }, "parameters.tone"],
        [{ parameters: { recipients: ["a@example.test"], colour: "red" } }, "parameters.colour"],
        [{ template: "other", parameters: { recipients: ["a@example.test"] } }, "template"]
      ]
      for (const [body, field] of refused) {
        const error = await expectRefusal(await fromPack("acme.follow-up", body), 400, "validation_failed")
        expect(error.details?.map((detail) => detail.field)).toContain(field)
      }
      const workflow = await expectJson(
        await fromPack("acme.follow-up", { parameters: { recipients: ["grace@example.test"], tone: "brief" } })
      )
      expect(workflow).toMatchObject({ name: "Send the follow-up", active: true })
      expect(workflow.stepsJson[0].message).toBe("Following up (brief) on {{payload.topic}}")
      expect(workflow.stepsJson[1].input).toEqual({
        to: ["grace@example.test"],
        subject: "Following up",
        text: "{{last.outputText}}"
      })
      const run = await settled(
        (
          await expectJson(
            await api("POST", `/automations/workflows/${workflow.id}/run`, { payload: { topic: "pricing" } })
          )
        ).id
      )
      expect(run.status, run.reason).toBe("succeeded")
      const [mail] = await until("the follow-up", async () => {
        const found = smtp.received.filter((m) => m.envelopeTo.includes("grace@example.test"))
        return found.length > 0 ? found : undefined
      })
      expect(mail!.parsed.subject).toBe("Following up")
      expect(mail!.parsed.text?.trim()).toBe("Following up (brief) on pricing")

      // Moving the pin to 1.1.0 makes the next workflows from that version.
      const moved = await expectJson(await install({ packId: "acme.follow-up" }))
      expect(moved.installed).toMatchObject({ version: "1.1.0", installedAt: installed.installed.installedAt })
      await expectRefusal(await fromPack("acme.follow-up", { parameters: {} }, otherApi), 404, "pack_not_found")
    })

    it("fills the platform's packs: typed values, defaults, and a cron from an hour", async () => {
      await expectJson(await install({ packId: "servicekit.daily-usage-digest" }))
      const byDefault = await expectJson(
        await fromPack("servicekit.daily-usage-digest", { parameters: { recipients: ["ops@example.test"] } })
      )
      expect(byDefault.triggerJson).toEqual({ schemaVersion: 1, type: "schedule", cron: "0 8 * * *" })
      const late = await expectJson(
        await fromPack("servicekit.daily-usage-digest", {
          name: "Late digest",
          active: false,
          parameters: { recipients: ["ops@example.test"], hourUtc: 23 }
        })
      )
      expect(late).toMatchObject({ name: "Late digest", active: false, triggerJson: { cron: "0 23 * * *" } })
      expect(late.stepsJson[1].input.to).toEqual(["ops@example.test"])
      expect(late.stepsJson[0].skillId).toBe("voice.usage_read")
    })

    it("keeps every gate: a product the account lacks is a 403, a gated skill waits for an approval", async () => {
      await expectJson(await install({ packId: "servicekit.daily-usage-digest" }, otherApi))
      await expectRefusal(
        await fromPack("servicekit.daily-usage-digest", { parameters: { recipients: ["ops@example.test"] } }, otherApi),
        403,
        "product_not_entitled"
      )
      // The gated account's default profile makes email.send wait for a person.
      await expectJson(
        await gated.api("POST", "/automations/tool-profiles", {
          name: "default",
          requireApprovalSkills: ["email.send"]
        })
      )
      await expectJson(await gated.api("POST", "/automations/skills/sdk", followUp()))
      await expectJson(await gated.api("POST", "/automations/skills/install", { packId: "acme.follow-up" }))
      const workflow = await expectJson(
        await gated.api("POST", "/automations/skills/acme.follow-up/workflow", {
          parameters: { recipients: ["ada@example.test"] }
        })
      )
      const started = await expectJson(
        await gated.api("POST", `/automations/workflows/${workflow.id}/run`, { payload: { topic: "x" } })
      )
      const waiting = await gated.settled(started.id)
      expect(waiting.status).toBe("waiting_approval")
      const approvals = await expectJson(await gated.api("GET", "/automations/approvals?status=pending"))
      const approval = approvals.data.find((item: any) => item.runId === started.id)
      expect(approval).toMatchObject({
        skillId: "email.send",
        input: { to: ["ada@example.test"], subject: "Following up" }
      })
      expect(smtp.received.some((m) => m.envelopeTo.includes("ada@example.test"))).toBe(false)
      await expectJson(await gated.api("POST", `/automations/approvals/${approval.id}/decide`, { decision: "approve" }))
      expect((await gated.settled(started.id)).status).toBe("succeeded")
      await until("the approved mail", async () =>
        smtp.received.some((m) => m.envelopeTo.includes("ada@example.test")) ? true : undefined
      )
    })
  })
