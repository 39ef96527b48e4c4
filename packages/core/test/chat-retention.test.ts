import { Effect, Option } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { chat } from "../src/chat/ChatModule.js"
import { type ChatFile, fileBlobKey } from "../src/chat/ChatFiles.js"
import { ChatFileService } from "../src/chat/ChatFileService.js"
import { ChatService } from "../src/chat/ChatService.js"
import { ReplyEmailService } from "../src/chat/ReplyByEmail.js"
import { EmailPipeline } from "../src/module/EmailPipeline.js"
import { BlobStore } from "../src/platform/BlobStore.js"
import { type TestKit, makeTestKit } from "./support.js"

const DAY = 86_400_000
const PDF = new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n")
const agent = { type: "agent" as const, id: "ada" }

// `chat.conversations`: a conversation inactive for the period goes with its rows, then its files' bytes.
describe("chat conversations retention", () => {
  let t: TestKit
  let tenantId: string
  beforeEach(async () => {
    t = makeTestKit()
    tenantId = (await t.createTenant(["chat"])).id
  })
  afterEach(() => t.dispose())

  const retained = chat.retention!.find((data) => data.kind === "chat.conversations")!
  const prune = (days: number, tenant?: string) => t.run(retained.prune(new Date(t.clock.now() - days * DAY), 100, tenant))
  const open = (name: string) => t.run(Effect.flatMap(ChatService, (service) => service.createConversation(tenantId, { name })))
  const upload = (conversationId: string | null) =>
    t.run(
      Effect.flatMap(ChatFileService, (files) =>
        conversationId === null
          ? files.uploadToLibrary(tenantId, agent, "prices.pdf", PDF)
          : files.upload(tenantId, conversationId, agent, "receipt.pdf", PDF)
      )
    )
  const stored = (file: ChatFile) =>
    t.run(Effect.map(Effect.flatMap(BlobStore, (blobs) => blobs.open(fileBlobKey(file))), Option.isSome))

  it("is kept until a period is set, then removes the pruned conversations' files and keeps the others'", async () => {
    expect(retained.defaultDays).toBeNull()
    const old = await open("Old")
    const active = await open("Active")
    const oldFiles = [await upload(old.id), await upload(old.id)]
    const activeFile = await upload(active.id)
    const libraryFile = await upload(null)
    t.clock.advance(40 * DAY)
    await t.run(Effect.flatMap(ChatService, (service) => service.postMessage(tenantId, active.id, agent, "Still here")))

    expect(await Promise.all(oldFiles.map(stored))).toEqual([true, true])
    expect(await prune(30, crypto.randomUUID())).toBe(0)
    expect(await prune(30, tenantId)).toBe(1)
    expect(await Promise.all(oldFiles.map(stored))).toEqual([false, false])
    expect(await stored(activeFile)).toBe(true)
    expect(await stored(libraryFile)).toBe(true)
    const found = await t.run(Effect.flatMap(ChatService, (service) => Effect.either(service.getConversation(tenantId, old.id))))
    expect(found._tag).toBe("Left")
    expect(await prune(30)).toBe(0)
  })

  it("ends the reply-by-email look of a pruned conversation without an email or another look", async () => {
    const sent: Array<unknown> = []
    const pipeline = Option.some(EmailPipeline.of({ send: (_, email) => Effect.sync(() => sent.push(email)).pipe(Effect.as({ messageId: "m1" })) }))
    const key = (await t.createKey(tenantId, "chat", { scopes: ["chat:read", "chat:write"] })).key
    const session = await t.request("/api/v1/chat/sessions", { method: "POST", key, body: { externalId: "v-1", email: "ada@example.com" } })
    const { conversationId } = session.body as { conversationId: string }
    await t.run(Effect.flatMap(ChatService, (service) => service.postMessage(tenantId, conversationId, agent, "Answer")))
    t.clock.advance(40 * DAY)
    expect(await prune(30)).toBe(1)
    const again = await t.run(Effect.flatMap(ReplyEmailService, (replies) => replies.look(tenantId, conversationId, pipeline)))
    expect(again).toEqual(Option.none())
    expect(sent).toEqual([])
  })
})
