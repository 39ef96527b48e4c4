import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { simpleParser } from "mailparser"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { automationsClient, expectJson, until } from "./automationsClient.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { kitOn, serve } from "./hostileInput.js"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-test-runs-"))
const smtp = await startSmtpServer()
afterAll(async () => {
  await smtp.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** The subjects of the .eml files in the development mailbox. */
const mailboxSubjects = async (mailbox: string) => {
  const files = existsSync(mailbox) ? readdirSync(mailbox).filter((name) => name.endsWith(".eml")) : []
  return Promise.all(files.map(async (name) => (await simpleParser(readFileSync(join(mailbox, name)))).subject))
}

describe("a run started with a test key is a test run, whose email never reaches the mail server", () => {
  const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit"), SMTP_URL: smtp.url }))
  const mailbox = join(dataDir, "kit", "mailbox")
  let live: string
  let test: string
  const liveApi = automationsClient(served, () => live)
  const testApi = automationsClient(served, () => test)

  beforeAll(async () => {
    const tenant = await served.kit.admin.createTenant({ name: "Modes", entitlements: ["automations", "business_email"] })
    const keyOf = async (environment: "live" | "test") =>
      (
        await served.kit.admin.createKey({
          tenantId: tenant.id,
          product: "automations",
          environment,
          scopes: ["automations:manage"]
        })
      ).key
    live = await keyOf("live")
    test = await keyOf("test")
    expect(test).toMatch(/^svk_test_automations_/)
    await served.kit.startWorkers()
  })

  const emailWorkflow = (api: typeof liveApi, subject: string) =>
    api.workflow([
      { type: "skill", skillId: "email.send", input: { to: ["customer@example.com"], subject, text: "Hello" } }
    ])

  it("sends a test run's email to the test mailbox only, and says it is a test run", async () => {
    const workflow = await emailWorkflow(testApi, "From a test run")
    const before = smtp.received.length
    const run = await testApi.run(workflow.id)
    expect(run).toMatchObject({ status: "succeeded", test: true })
    const subjects = await until("the test mailbox's message", async () => {
      const found = await mailboxSubjects(mailbox)
      return found.includes("From a test run") ? found : undefined
    })
    expect(subjects).toContain("From a test run")
    // The live run after it is delivered: had the test run's mail gone out, it would have come first.
    const liveRun = await liveApi.run(workflow.id)
    expect(liveRun).toMatchObject({ status: "succeeded", test: false })
    await smtp.waitFor(before + 1)
    // One message, the live run's: the test run's went to the mailbox alone.
    expect(smtp.received.slice(before).map((mail) => mail.parsed.subject)).toEqual(["From a test run"])
    // Every read of the run says which it was.
    expect((await expectJson(await liveApi.api("GET", `/automations/runs/${run.id}`))).test).toBe(true)
    expect((await expectJson(await liveApi.api("GET", `/automations/runs/${liveRun.id}`))).test).toBe(false)
  })

  it("makes a test run of an inbound hook called with a test key", async () => {
    const workflow = await emailWorkflow(liveApi, "From a test hook")
    const before = smtp.received.length
    const started = await expectJson(
      await testApi.api("POST", "/automations/hooks/inbound", { workflowId: workflow.id, event: "order.paid" })
    )
    expect(started.test).toBe(true)
    expect(await testApi.settled(started.id)).toMatchObject({ status: "succeeded", test: true })
    await until("the test mailbox's message", async () =>
      (await mailboxSubjects(mailbox)).includes("From a test hook") ? true : undefined
    )
    expect(smtp.received.length).toBe(before)
  })

  it("makes a test run of a sequence run with a test key", async () => {
    const sequence = await expectJson(
      await liveApi.api("POST", "/automations/sequences", {
        name: "Drip",
        stepsJson: [
          { type: "skill", skillId: "email.send", input: { to: ["lead@example.com"], subject: "Drip", text: "Hi" } }
        ]
      })
    )
    const before = smtp.received.length
    const started = await expectJson(await testApi.api("POST", `/automations/sequences/${sequence.id}/run`, {}))
    expect(await testApi.settled(started.id)).toMatchObject({ status: "succeeded", test: true })
    await until("the test mailbox's message", async () =>
      (await mailboxSubjects(mailbox)).includes("Drip") ? true : undefined
    )
    expect(smtp.received.length).toBe(before)
  })
})
