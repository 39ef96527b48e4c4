import { describe, expect, it } from "vitest"
import { chatCalls, chatTenant } from "./chatEvents.js"
import { PDF, PNG } from "./fileFixtures.js"
import { expectRefusal, memoryKit, serve } from "./hostileInput.js"

const HTML = Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>")
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
const ZIP = Buffer.from("UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==", "base64")

// Files both ways: uploaded once, referred to by id, their type from their bytes, served by signed links.
describe("Live Chat files", () => {
  const served = serve(() => memoryKit())
  const { call, json } = chatCalls(served)
  const upload = (credential: string, path: string, name: string, bytes: Uint8Array, type = "image/png") =>
    fetch(`${served.url}/api${path}?name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${credential}`, "content-type": type },
      body: new Uint8Array(bytes)
    })
  /** A file's link, on the served kit (links name the configured public URL). */
  const open = (url: string | URL) => {
    const link = new URL(url)
    return fetch(`${served.url}${link.pathname}${link.search}`)
  }
  const setUp = async () => {
    const { key, tenantId, token } = await chatTenant(served, "Files")
    const session = await json(call(key, "POST", "/v1/chat/sessions", { externalId: "ada", displayName: "Ada" }))
    return { key, tenantId, token, session, conversationId: session.conversationId as string, visitor: session.visitorToken as string }
  }

  it("takes a visitor's image and an agent's PDF, and serves each by its link: the image inline, the PDF to save", async () => {
    const { conversationId, key, tenantId, token, visitor } = await setUp()
    const image = await json(upload(visitor, "/public/chat/files", "photo.png", PNG))
    expect(image).toMatchObject({ name: "photo.png", contentType: "image/png", size: PNG.byteLength, inline: true })
    const sent = await json(call(visitor, "POST", "/public/chat/messages", { content: "", fileIds: [image.id] }))
    expect(sent.files).toEqual([image])

    const agent = await token("agent-bo")
    const pdf = await json(upload(agent, `/tenants/${tenantId}/chat/conversations/${conversationId}/files`, "invoice ✓.pdf", PDF, "text/plain"))
    expect(pdf).toMatchObject({ name: "invoice ✓.pdf", contentType: "application/pdf", inline: false })
    await json(call(agent, "POST", `/tenants/${tenantId}/chat/conversations/${conversationId}/messages`, { content: "Your invoice", fileIds: [pdf.id] }))

    // Both sides read the files with fresh links; the API too.
    const listed = await json(call(key, "GET", `/v1/chat/conversations/${conversationId}/messages`))
    expect(listed.data.map((message: any) => message.files.map((file: any) => file.id))).toEqual([[image.id], [pdf.id]])
    const seen = await json(call(visitor, "GET", "/public/chat/messages"))
    expect(seen.data[1].files[0]).toMatchObject({ id: pdf.id, name: "invoice ✓.pdf", size: PDF.byteLength })
    const conversation = await json(call(key, "GET", `/v1/chat/conversations?limit=1`))
    expect(conversation.data[0].lastMessage.preview).toBe("Your invoice")

    const shown = await open(image.url)
    expect(shown.status).toBe(200)
    expect(shown.headers.get("content-type")).toBe("image/png")
    expect(shown.headers.get("content-disposition")).toMatch(/^inline; filename="photo.png"/)
    expect(shown.headers.get("x-content-type-options")).toBe("nosniff")
    expect(Buffer.from(await shown.arrayBuffer()).equals(PNG)).toBe(true)
    const saved = await open(seen.data[1].files[0].url)
    expect(saved.headers.get("content-type")).toBe("application/pdf")
    expect(saved.headers.get("content-disposition")).toBe(`attachment; filename="invoice _.pdf"; filename*=UTF-8''invoice%20%E2%9C%93.pdf`)
    expect(Buffer.from(await saved.arrayBuffer()).equals(PDF)).toBe(true)
    expect((await json(call(key, "GET", `/v1/chat/files/${pdf.id}`))).id).toBe(pdf.id)
  })

  it("never serves HTML or SVG as what it claims to be: text, to save, in a sandbox", async () => {
    const { visitor } = await setUp()
    for (const [name, bytes] of [
      ["cat.png", HTML],
      ["logo.svg", SVG],
      ['<img src=x onerror="alert(1)">.png', HTML]
    ] as const) {
      const file = await json(upload(visitor, "/public/chat/files", name, bytes, "image/png"))
      expect(file).toMatchObject({ name, contentType: "text/plain", inline: false })
      const served = await open(file.url)
      expect(served.headers.get("content-type")).toBe("text/plain")
      expect(served.headers.get("content-disposition")).toMatch(/^attachment;/)
      expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox")
      expect(served.headers.get("x-content-type-options")).toBe("nosniff")
    }
    // A name with a path and control characters keeps only what can be shown.
    const odd = await json(upload(visitor, "/public/chat/files", "../../etc/pass\u0007wd", PNG))
    expect(odd.name).toBe(".._.._etc_pass_wd")
  })

  it("refuses files too large, of kinds not allowed, and beyond a message's count, storing nothing", async () => {
    const { conversationId, key, tenantId, token, visitor } = await setUp()
    const admin = await token("lead", "admin")
    const rules = `/tenants/${tenantId}/chat/file-rules`
    expect(await json(call(key, "GET", "/v1/chat/file-rules"))).toEqual({
      maxFileBytes: 10 * 1024 * 1024,
      kinds: ["images", "pdf", "text", "documents", "archives"]
    })
    await json(call(admin, "PATCH", rules, { maxFileBytes: 1024, kinds: ["images", "pdf"] }))
    const tooLarge = await expectRefusal(await upload(visitor, "/public/chat/files", "big.pdf", Buffer.concat([PDF, Buffer.alloc(2048)])), 413, "file_too_large")
    expect(tooLarge.message).toContain("at most 1 KB")
    await expectRefusal(await upload(visitor, "/public/chat/files", "notes.txt", Buffer.from("plain words")), 415, "file_type_not_allowed")
    await expectRefusal(await upload(visitor, "/public/chat/files", "a.zip", ZIP), 415, "file_type_not_allowed")
    // Past the largest body any account may allow, the request is cut off before it is read.
    await expectRefusal(await upload(visitor, "/public/chat/files", "huge.png", Buffer.alloc(26 * 1024 * 1024)), 413, "body_too_large")
    const listed = await json(call(key, "GET", `/v1/chat/conversations/${conversationId}/messages`))
    expect(listed.data).toEqual([])

    for (const [change, field] of [
      [{ maxFileBytes: 10 }, "maxFileBytes"],
      [{ maxFileBytes: 26 * 1024 * 1024 }, "maxFileBytes"],
      [{ kinds: ["images", "executables"] }, "kinds"],
      [{ kinds: ["pdf", "pdf"] }, "kinds"]
    ] as const) {
      const refused = await expectRefusal(await call(admin, "PATCH", rules, change), 400, "validation_failed")
      expect(refused.details![0].field).toBe(field)
    }
    await expectRefusal(await call(await token("agent-cy"), "PATCH", rules, { maxFileBytes: 4096 }), 403, "admin_required")
    expect(await json(call(key, "GET", "/v1/chat/file-rules"))).toEqual({ maxFileBytes: 1024, kinds: ["images", "pdf"] })

    const ids = []
    for (let i = 0; i < 11; i++) ids.push((await json(upload(visitor, "/public/chat/files", `p${i}.png`, PNG))).id)
    const many = await expectRefusal(await call(visitor, "POST", "/public/chat/messages", { content: "x", fileIds: ids }), 400, "validation_failed")
    expect(many.details![0].field).toBe("fileIds")
    await expectRefusal(await call(visitor, "POST", "/public/chat/messages", { content: "", fileIds: [ids[0], ids[0]] }), 400, "validation_failed")
    await expectRefusal(await call(visitor, "POST", "/public/chat/messages", { content: "" }), 400, "validation_failed")
  })

  it("keeps each conversation's files to it, each tenant's to it, and honours only the platform's unexpired signatures", async () => {
    const first = await setUp()
    const second = await setUp()
    const mine = await json(upload(first.visitor, "/public/chat/files", "mine.png", PNG))
    // Another conversation's visitor, another tenant's key: no such file for them.
    const elsewhere = await json(call(first.key, "POST", "/v1/chat/sessions", { externalId: "bo" }))
    const refused = await expectRefusal(
      await call(elsewhere.visitorToken, "POST", "/public/chat/messages", { content: "look", fileIds: [mine.id] }),
      400,
      "validation_failed"
    )
    expect(refused.message).toContain("another conversation")
    await expectRefusal(await call(second.key, "GET", `/v1/chat/files/${mine.id}`), 404, "file_not_found")
    await expectRefusal(
      await call(second.key, "POST", `/v1/chat/conversations/${second.conversationId}/messages`, { content: "x", fileIds: [mine.id] }),
      400,
      "validation_failed"
    )
    await expectRefusal(await upload(second.key, `/v1/chat/conversations/${first.conversationId}/files`, "x.png", PNG), 404, "conversation_not_found")

    const url = new URL(mine.url)
    const forged = new URL(url)
    forged.searchParams.set("signature", "0".repeat(64))
    await expectRefusal(await open(forged), 404, "file_not_found")
    const otherTenant = new URL(url)
    otherTenant.searchParams.set("tenant", second.tenantId)
    await expectRefusal(await open(otherTenant), 404, "file_not_found")
    const longer = new URL(url)
    longer.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600))
    await expectRefusal(await open(longer), 404, "file_not_found")
    expect(Number(url.searchParams.get("expires")) * 1000).toBeGreaterThan(Date.now() + 23 * 3_600_000)
  })

  it("sends a canned response's library file as the reply's own copy", async () => {
    const { conversationId, key, tenantId, token, visitor } = await setUp()
    const admin = await token("lead", "admin")
    const member = await token("agent-di")
    await expectRefusal(await upload(member, `/tenants/${tenantId}/chat/files`, "terms.pdf", PDF), 403, "admin_required")
    const terms = await json(upload(admin, `/tenants/${tenantId}/chat/files`, "terms.pdf", PDF))
    const canned = await json(
      call(key, "POST", "/v1/chat/canned-responses", { name: "Terms", shortcut: "terms", content: "Our terms", fileIds: [terms.id] })
    )
    expect(canned.files).toEqual([expect.objectContaining({ id: terms.id, name: "terms.pdf", contentType: "application/pdf" })])
    // A conversation's file is not the library's, and visitors cannot send the library's.
    const theirs = await json(upload(visitor, "/public/chat/files", "a.png", PNG))
    await expectRefusal(await call(key, "PATCH", `/v1/chat/canned-responses/${canned.id}`, { fileIds: [theirs.id] }), 400, "validation_failed")
    await expectRefusal(await call(visitor, "POST", "/public/chat/messages", { content: "x", fileIds: [terms.id] }), 400, "validation_failed")

    const reply = await json(
      call(member, "POST", `/tenants/${tenantId}/chat/conversations/${conversationId}/messages`, { content: canned.content, fileIds: [terms.id] })
    )
    expect(reply.files).toHaveLength(1)
    expect(reply.files[0]).toMatchObject({ name: "terms.pdf", contentType: "application/pdf", size: PDF.byteLength })
    expect(reply.files[0].id).not.toBe(terms.id)
    const copy = await open(reply.files[0].url)
    expect(Buffer.from(await copy.arrayBuffer()).equals(PDF)).toBe(true)
    // The library keeps its file for the next reply.
    expect((await json(call(key, "GET", `/v1/chat/canned-responses`))).data[0].files[0].id).toBe(terms.id)
  })
})
