import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { simpleParser } from "mailparser"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSmtpServer } from "./fixtures/smtpServer.js"
import { expectRefusal, kitOn, serve } from "./hostileInput.js"

/** What a contact received: the mail that carried one Transactional message. */
interface ReceivedEmail {
  readonly to: string
  readonly subject: string
  readonly text: string
}

/** Where the kit's mail arrives, and how a test reads it. */
interface Inbox {
  /** What the kit's configuration needs to deliver here. */
  readonly env: Record<string, string>
  /** How many mails arrived so far. */
  readonly count: () => number
  /** The mail that carried Transactional message `messageId`, once it arrived. */
  readonly mailOf: (messageId: string) => Promise<ReceivedEmail>
  readonly close: () => Promise<void>
}

/** Polls `check` until it answers something, or fails naming `what`. */
const until = async <A>(what: string, check: () => Promise<A | undefined> | A | undefined): Promise<A> => {
  const deadline = Date.now() + 30_000
  for (;;) {
    const found = await check()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The embedded default's development mailbox: `.eml` files named `<time>-<message id>.eml`. */
const mailboxInbox = (folder: string): Inbox => {
  const files = () => (existsSync(folder) ? readdirSync(folder).filter((name) => /^\d.*\.eml$/.test(name)) : [])
  return {
    env: {},
    count: () => files().length,
    mailOf: async (messageId) => {
      const file = await until(`the .eml of ${messageId}`, () =>
        files().find((name) => name.endsWith(`-${messageId}.eml`))
      )
      const parsed = await simpleParser(readFileSync(join(folder, file)))
      const to = parsed.to === undefined ? "" : [parsed.to].flat()[0]!.text
      return { to, subject: parsed.subject ?? "", text: parsed.text ?? "" }
    },
    close: async () => {}
  }
}

/** A real SMTP server; each mail names its Transactional message in `X-ServiceKit-Message-Id`. */
const smtpInbox = async (): Promise<Inbox> => {
  const smtp = await startSmtpServer()
  return {
    env: { SMTP_URL: smtp.url, SERVICEKIT_MAIL_FROM: "Acme Sales <sales@acme.test>" },
    count: () => smtp.received.length,
    mailOf: async (messageId) => {
      const mail = await until(`the mail of ${messageId}`, () =>
        smtp.received.find((each) => each.parsed.headers.get("x-servicekit-message-id") === messageId)
      )
      return { to: mail.envelopeTo.join(","), subject: mail.parsed.subject ?? "", text: mail.parsed.text ?? "" }
    },
    close: smtp.close
  }
}

/**
 * Growth conversations over HTTP with dashboard tokens, on the storage `storageEnv` names, mail
 * delivered by the kit's workers to the development mailbox or a real SMTP server: what a
 * dashboard user sees and what the contact receives.
 */
export const growthConversationsSuite = (
  storage: string,
  storageEnv: () => Record<string, string>,
  mail: "the development mailbox" | "an SMTP server"
) =>
  describe(`Growth conversations over HTTP, on ${storage}, mail to ${mail}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), "servicekit-growth-"))
    let inbox: Inbox = mailboxInbox(join(dataDir, "kit", "mailbox"))
    beforeAll(async () => {
      if (mail === "an SMTP server") inbox = await smtpInbox()
    })
    afterAll(async () => {
      await inbox.close()
      rmSync(dataDir, { recursive: true, force: true })
    })
    const served = serve(() => kitOn({ SERVICEKIT_DATA_DIR: join(dataDir, "kit"), ...inbox.env, ...storageEnv() }))

    const tokenOf = async (tenantId: string, role: "admin" | "member", sub: string) =>
      (await served.kit.admin.issueDashboardToken(tenantId, { sub, role })).token
    /** A tenant with `entitlements` and a member's dashboard token. */
    const tenantWith = async (entitlements: Array<"business_email" | "transactional">) => {
      const tenant = await served.kit.admin.createTenant({ name: "Acme", entitlements })
      return { id: tenant.id, member: await tokenOf(tenant.id, "member", `member-of-${tenant.id}`) }
    }
    const dashboard =
      (credential: string) =>
      (method: string, path = "", body?: unknown): Promise<Response> =>
        fetch(`${served.url}/api/growth/conversations${path}`, {
          method,
          headers: {
            authorization: `Bearer ${credential}`,
            ...(body === undefined ? {} : { "content-type": "application/json" })
          },
          body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body)
        })
    const json = async (response: Response, status = 200) => {
      expect(response.status, await response.clone().text()).toBe(status)
      return response.json()
    }
    /** Waits for the first mails of these conversations, read with `credential`. */
    const delivered = async (credential: string, ...ids: Array<string>) => {
      for (const id of ids) {
        const thread = await json(await dashboard(credential)("GET", `/${id}`))
        await inbox.mailOf(thread.messages[0].emailMessageId)
      }
    }
    /** Time for a mail that should not come to arrive after all. */
    const settled = () => new Promise((resolve) => setTimeout(resolve, 300))
    const listAll = async (credential: string) =>
      (await json(await dashboard(credential)("GET", "?limit=100"))).data as Array<Record<string, any>>

    const quote = {
      contact: { email: "ann@example.com", name: "Ann Example" },
      subject: "Your quote — 東京 office",
      content: "Hello Ann,\n\nhere is the quote we talked about.\n\nBest, Bo"
    }

    let acme: { id: string; member: string }
    let admin: string
    beforeAll(async () => {
      await served.kit.startWorkers()
      acme = await tenantWith(["business_email"])
      admin = await tokenOf(acme.id, "admin", "admin-bo")
    })

    it("starts a conversation whose first message is emailed to the contact, found in the delivery logs", async () => {
      const created = await json(await dashboard(acme.member)("POST", "", quote))
      expect(created).toMatchObject({
        contact: quote.contact,
        subject: quote.subject,
        status: "open",
        messageCount: 1,
        createdBy: `member-of-${acme.id}`
      })
      expect(created.lastMessageAt).toBe(created.messages[0].createdAt)
      expect(created.messages).toEqual([
        {
          id: expect.any(String),
          conversationId: created.id,
          sequence: 1,
          direction: "outbound",
          content: quote.content,
          authorId: `member-of-${acme.id}`,
          emailMessageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          createdAt: expect.any(String)
        }
      ])

      const received = await inbox.mailOf(created.messages[0].emailMessageId)
      expect(received.to).toBe("ann@example.com")
      expect(received.subject).toBe(quote.subject)
      expect(received.text.trim()).toBe(quote.content)

      expect(await json(await dashboard(acme.member)("GET", `/${created.id}`))).toEqual(created)
      // The delivery is in Transactional's logs under this module's source, by the message id shown.
      const logged = await until("the delivery log", async () => {
        const logs = await fetch(`${served.url}/api/growth/transactional/logs?source=growth_conversations_v1`, {
          headers: { authorization: `Bearer ${acme.member}` }
        })
        const rows = (await json(logs)).data as Array<Record<string, any>>
        return rows.find((row) => row.metadata.messageId === created.messages[0].emailMessageId)
      })
      expect(logged).toMatchObject({ status: "sent", recipient: "ann@example.com", subject: quote.subject })
    })

    it("emails replies as Re: <subject>, records the contact's replies unsent, closes and reopens", async () => {
      const before = inbox.count()
      const toCy = { ...quote, contact: { email: "cy@example.com" } }
      const created = await json(await dashboard(acme.member)("POST", "", toCy))
      expect(created.contact).toEqual({ email: "cy@example.com", name: null })

      const reply = await json(await dashboard(admin)("POST", `/${created.id}/messages`, { content: "Any questions?" }))
      expect(reply).toMatchObject({ sequence: 2, direction: "outbound", authorId: "admin-bo" })
      expect(reply.content).toBe("Any questions?")
      const received = await inbox.mailOf(reply.emailMessageId)
      expect(received).toMatchObject({ to: "cy@example.com", subject: `Re: ${quote.subject}` })
      expect(received.text.trim()).toBe("Any questions?")

      const answer = { content: "Yes: can you do Tuesday?", direction: "inbound" }
      const recorded = await json(await dashboard(acme.member)("POST", `/${created.id}/messages`, answer))
      expect(recorded).toMatchObject({ sequence: 3, direction: "inbound", authorId: null, emailMessageId: null })

      const closed = await json(await dashboard(acme.member)("PATCH", `/${created.id}`, { status: "closed" }))
      expect(closed).toMatchObject({ id: created.id, status: "closed", messageCount: 3 })
      expect(closed.messages).toBeUndefined()
      const closedIds = (await json(await dashboard(admin)("GET", "?status=closed"))).data.map((c: any) => c.id)
      expect(closedIds).toContain(created.id)
      expect((await json(await dashboard(admin)("GET", "?status=open"))).data.map((c: any) => c.id)).not.toContain(
        created.id
      )

      // The contact wrote again: the conversation is open again.
      const again = { content: "Tuesday works.", direction: "inbound" }
      await json(await dashboard(admin)("POST", `/${created.id}/messages`, again))
      const thread = await json(await dashboard(admin)("GET", `/${created.id}`))
      expect(thread).toMatchObject({ status: "open", messageCount: 4 })
      expect(thread.messages.map((m: any) => [m.sequence, m.direction])).toEqual([
        [1, "outbound"],
        [2, "outbound"],
        [3, "inbound"],
        [4, "inbound"]
      ])
      // Two emails went out, the first message and the reply; the contact's replies sent none.
      await inbox.mailOf(created.messages[0].emailMessageId)
      await settled()
      expect(inbox.count()).toBe(before + 2)
    })

    it("lists newest activity first, page by page, filtered by status", async () => {
      const tenant = await tenantWith(["business_email"])
      const call = dashboard(tenant.member)
      const start = async (subject: string) => (await json(await call("POST", "", { ...quote, subject }))).id as string
      const a = await start("A")
      const b = await start("B")
      const c = await start("C")
      await json(await call("POST", `/${a}/messages`, { content: "bump", direction: "inbound" }))
      await json(await call("PATCH", `/${b}`, { status: "closed" }))

      const first = await json(await call("GET", "?limit=2"))
      expect(first.data.map((row: any) => row.id)).toEqual([a, c])
      expect(first.meta).toEqual({ limit: 2, nextCursor: c })
      const second = await json(await call("GET", `?limit=2&cursor=${first.meta.nextCursor}`))
      expect(second.data.map((row: any) => row.id)).toEqual([b])
      expect(second.meta.nextCursor).toBeNull()
      expect((await json(await call("GET", "?status=closed"))).data.map((row: any) => row.id)).toEqual([b])
      expect((await json(await call("GET"))).meta.limit).toBe(25)
      await delivered(tenant.member, a, b, c)

      for (const [query, field] of [
        ["?limit=0", "limit"],
        ["?limit=101", "limit"],
        ["?status=pending", "status"],
        ["?cursor=not-a-uuid", "cursor"],
        ["?cursor=00000000-0000-4000-8000-000000000000", "cursor"]
      ]) {
        const error = await expectRefusal(await call("GET", query), 400, "validation_failed")
        expect(error.details?.map((detail) => detail.field)).toEqual([field])
      }
    })

    it("needs business_email to email anyone: 403 and nothing stored, while inbound records still work", async () => {
      const before = inbox.count()
      const plain = await tenantWith([])
      const refused = await expectRefusal(await dashboard(plain.member)("POST", "", quote), 403, "product_not_entitled")
      expect(refused.message).toContain("business_email")
      expect(await listAll(plain.member)).toEqual([])

      const losing = await tenantWith(["business_email"])
      const created = await json(await dashboard(losing.member)("POST", "", quote))
      await served.kit.admin.updateTenant(losing.id, { entitlements: [] })
      await expectRefusal(
        await dashboard(losing.member)("POST", `/${created.id}/messages`, { content: "Still there?" }),
        403,
        "product_not_entitled"
      )
      expect((await json(await dashboard(losing.member)("GET", `/${created.id}`))).messageCount).toBe(1)
      const inbound = { content: "Reply by phone", direction: "inbound" }
      expect((await json(await dashboard(losing.member)("POST", `/${created.id}/messages`, inbound))).sequence).toBe(2)
      await inbox.mailOf(created.messages[0].emailMessageId)
      await settled()
      expect(inbox.count()).toBe(before + 1)
    })

    it("takes dashboard tokens only, and answers another tenant's conversation as a missing one", async () => {
      const created = await json(await dashboard(acme.member)("POST", "", quote))
      for (const [method, path, body] of [
        ["GET", "", undefined],
        ["POST", "", quote],
        ["GET", `/${created.id}`, undefined],
        ["POST", `/${created.id}/messages`, { content: "hi" }],
        ["PATCH", `/${created.id}`, { status: "closed" }]
      ] as const) {
        await expectRefusal(await dashboard(served.key)(method, path, body), 401, "api_key_not_accepted")
        await expectRefusal(
          await fetch(`${served.url}/api/growth/conversations${path}`, { method }),
          401,
          "missing_credentials"
        )
      }

      const other = await tenantWith(["business_email"])
      const theirs = dashboard(other.member)
      const missing = "00000000-0000-4000-8000-000000000000"
      for (const id of [created.id, missing]) {
        await expectRefusal(await theirs("GET", `/${id}`), 404, "growth_conversation_not_found")
        await expectRefusal(
          await theirs("POST", `/${id}/messages`, { content: "hi" }),
          404,
          "growth_conversation_not_found"
        )
        await expectRefusal(
          await theirs("POST", `/${id}/messages`, { content: "hi", direction: "inbound" }),
          404,
          "growth_conversation_not_found"
        )
        await expectRefusal(await theirs("PATCH", `/${id}`, { status: "closed" }), 404, "growth_conversation_not_found")
      }
      expect(await listAll(other.member)).toEqual([])
      expect(await json(await dashboard(acme.member)("GET", `/${created.id}`))).toEqual(created)
      await inbox.mailOf(created.messages[0].emailMessageId)
      for (const [method, path] of [
        ["GET", "/not-a-uuid"],
        ["PATCH", "/not-a-uuid"],
        ["POST", "/not-a-uuid/messages"]
      ] as const) {
        const body = method === "GET" ? undefined : method === "PATCH" ? { status: "open" } : { content: "hi" }
        const error = await expectRefusal(await dashboard(acme.member)(method, path, body), 400, "validation_failed")
        expect(error.details?.map((detail) => detail.field)).toEqual(["id"])
      }
    })

    it("refuses hostile input with a 400 naming the field, storing nothing and sending nothing", async () => {
      const tenant = await tenantWith(["business_email"])
      const call = dashboard(tenant.member)
      const created = await json(await call("POST", "", quote))
      await inbox.mailOf(created.messages[0].emailMessageId)
      const sent = inbox.count()
      const withContact = (contact: Record<string, unknown>) => ({ ...quote, contact })
      const creates: Array<[string, unknown, string]> = [
        ["a NUL in the subject", { ...quote, subject: "a\u0000b" }, "subject"],
        ["a NUL in the name", withContact({ email: "ann@example.com", name: "A\u0000" }), "contact.name"],
        ["half a surrogate pair", { ...quote, content: "a\ud800b" }, "content"],
        ["a subject of two lines", { ...quote, subject: "Hi\r\nBcc: victim@example.com" }, "subject"],
        ["a subject of 999 characters", { ...quote, subject: "s".repeat(999) }, "subject"],
        ["content of 50,001 characters", { ...quote, content: "c".repeat(50_001) }, "content"],
        ["content of spaces only", { ...quote, content: "  \n " }, "content"],
        ["a name of 201 characters", withContact({ email: "ann@example.com", name: "n".repeat(201) }), "contact.name"],
        ["no address", withContact({ email: "not an address" }), "contact.email"],
        ["an address with a display name", withContact({ email: "Ann <ann@example.com>" }), "contact.email"],
        ["two addresses", withContact({ email: "ann@example.com,eve@evil.test" }), "contact.email"],
        ["no subject", { contact: quote.contact, content: "c" }, "subject"],
        ["a number for content", { ...quote, content: 42 }, "content"],
        ["an unknown key", { ...quote, bcc: "eve@evil.test" }, "bcc"],
        ["an unknown contact key", withContact({ email: "ann@example.com", cc: "eve@evil.test" }), "contact.cc"],
        ["an array", [quote], "body"]
      ]
      for (const [what, body, field] of creates) {
        const error = await expectRefusal(await call("POST", "", body), 400, "validation_failed")
        expect(error.details?.map((detail) => detail.field), what).toEqual([field])
      }
      await expectRefusal(await call("POST", "", "{"), 400, "invalid_body")

      const replies: Array<[string, unknown, string]> = [
        ["a mistyped direction key", { content: "hi", directon: "inbound" }, "directon"],
        ["an unknown direction", { content: "hi", direction: "sideways" }, "direction"],
        ["content of 50,001 characters", { content: "c".repeat(50_001) }, "content"],
        ["empty content", { content: "" }, "content"]
      ]
      for (const [what, body, field] of replies) {
        const error = await expectRefusal(await call("POST", `/${created.id}/messages`, body), 400, "validation_failed")
        expect(error.details?.map((detail) => detail.field), what).toEqual([field])
      }
      const archived = await call("PATCH", `/${created.id}`, { status: "archived" })
      const status = await expectRefusal(archived, 400, "validation_failed")
      expect(status.details?.map((detail) => detail.field)).toEqual(["status"])

      const listed = await listAll(tenant.member)
      expect(listed.map((row) => [row.id, row.status, row.messageCount])).toEqual([[created.id, "open", 1]])
      // A reply after the refusals is the one mail that follows them.
      const reply = await json(await call("POST", `/${created.id}/messages`, { content: "The only reply" }))
      await inbox.mailOf(reply.emailMessageId)
      await settled()
      expect(inbox.count()).toBe(sent + 1)
    })
  })
