import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Scope } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { temporaryDatabase } from "../../adapters/test/temporaryPostgres.js"
import { createServiceKit } from "../src/Runtime.js"
import { until } from "./automationsClient.js"
import { captureStdout } from "./capturedOutput.js"
import { startSmtpServer } from "./fixtures/smtpServer.js"

const scope = Effect.runSync(Scope.make())
const folder = mkdtempSync(join(tmpdir(), "servicekit-app-"))
const smtp = await startSmtpServer()
const { lines } = captureStdout()
afterAll(async () => {
  await Effect.runPromise(Scope.close(scope, Exit.void))
  await smtp.close()
  rmSync(folder, { recursive: true, force: true })
})

/** An app's kit on PostgreSQL, its data folder in the app's folder, with an email sent through it. */
const sendOne = async (dataDir: string, options: Parameters<typeof createServiceKit>[0]) => {
  const databaseUrl = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
  const kit = createServiceKit({ ...options, databaseUrl, redisUrl: "", dataDir, logLevel: "info" })
  try {
    await kit.startWorkers()
    const tenant = await kit.admin.createTenant({ name: "App", entitlements: ["transactional", "business_email"] })
    const { key } = await kit.admin.createKey({
      tenantId: tenant.id,
      product: "transactional",
      environment: "live",
      scopes: ["transactional:send"]
    })
    const sent = await kit.handler(
      new Request("http://app.test/api/v1/transactional/messages", {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ to: ["ada@example.com"], subject: "Hello", text: "It works." })
      }),
      { remoteAddress: "127.0.0.1" }
    )
    expect(sent.status).toBe(200)
    const [message] = (await sent.json()).messages
    return { kit, messageId: message.id as string }
  } catch (error) {
    await kit.dispose()
    throw error
  }
}

describe("an app embedding the kit on PostgreSQL", () => {
  it("writes nothing into its folder when every secret and an SMTP server are configured", async () => {
    const dataDir = join(folder, "configured", ".servicekit")
    const { kit } = await sendOne(dataDir, {
      jwtSecret: "an-app-jwt-secret-of-at-least-32-bytes",
      secretKey: "ab".repeat(32),
      smtpUrl: smtp.url
    })
    try {
      await smtp.waitFor(1)
      expect(existsSync(join(folder, "configured"))).toBe(false)
      // Only where test-mode mail would go is said, once; no secret was generated.
      await until("the mailbox is named", async () => lines("Email sent with test keys goes")[0])
      expect(lines("Email sent with test keys goes")).toEqual([
        expect.stringContaining(`the development mailbox, ${join(dataDir, "mailbox")}, as .eml files.`)
      ])
      expect(lines("development secrets generated")).toEqual([])
    } finally {
      await kit.dispose()
    }
  })

  it("says once where it writes what it generates and the mail it keeps", async () => {
    const dataDir = join(folder, "defaults", ".servicekit")
    const { kit, messageId } = await sendOne(dataDir, {})
    try {
      const mailbox = join(dataDir, "mailbox")
      await until("the message is in the mailbox", async () =>
        existsSync(mailbox) && readdirSync(mailbox).some((name) => name.includes(messageId)) ? true : undefined
      )
      expect(readdirSync(dataDir).sort()).toEqual(["mailbox", "secrets.json"])
      expect(lines("development secrets generated")).toEqual([
        expect.stringContaining(
          `SERVICEKIT_JWT_SECRET and SERVICEKIT_SECRET_KEY unset: using development secrets generated into ${join(dataDir, "secrets.json")}`
        )
      ])
      expect(lines("SMTP_URL unset: email goes to the development mailbox")).toEqual([
        expect.stringContaining(`${mailbox}, as .eml files.`)
      ])
    } finally {
      await kit.dispose()
    }
  })
})
