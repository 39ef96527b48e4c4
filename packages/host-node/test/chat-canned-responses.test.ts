import { describe, expect, it } from "vitest"
import { chatCalls, chatTenant } from "./chatEvents.js"
import { expectRefusal, memoryKit, serve } from "./hostileInput.js"

// The replies a team keeps ready: managed by key or by an admin, read by every agent.
describe("Live Chat canned responses", () => {
  const served = serve(() => memoryKit())
  const { call, json } = chatCalls(served)
  const setUp = async () => {
    const { key, tenantId, token } = await chatTenant(served, "Canned")
    return { tenantId, key, admin: await token("lead", "admin"), member: await token("agent-ada") }
  }

  it("keeps the library by shortcut, changed by key or admin and read by every agent", async () => {
    const { admin, key, member, tenantId } = await setUp()
    const library = `/tenants/${tenantId}/chat/canned-responses`
    const refund = await json(
      call(key, "POST", "/v1/chat/canned-responses", {
        name: "Refunds <b>policy</b>",
        shortcut: "refund",
        content: "Refunds take five days.\nWe email you when it is done."
      })
    )
    expect(refund).toMatchObject({ name: "Refunds <b>policy</b>", shortcut: "refund" })
    const hours = await json(call(admin, "POST", library, { name: "Opening hours", shortcut: "hours", content: "9 to 5, Monday to Friday." }))
    const listed = await json(call(member, "GET", library))
    expect(listed.data.map((each: { shortcut: string }) => each.shortcut)).toEqual(["hours", "refund"])
    expect(await json(call(key, "GET", "/v1/chat/canned-responses"))).toEqual(listed)

    const changed = await json(call(admin, "PATCH", `${library}/${hours.id}`, { content: "8 to 6." }))
    expect(changed).toMatchObject({ name: "Opening hours", shortcut: "hours", content: "8 to 6." })
    expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(hours.updatedAt))
    // A shortcut in use stays its owner's, and the refused change changes nothing.
    await expectRefusal(await call(admin, "PATCH", `${library}/${hours.id}`, { shortcut: "refund", content: "x" }), 409, "shortcut_taken")
    await expectRefusal(await call(key, "POST", "/v1/chat/canned-responses", { name: "Again", shortcut: "hours", content: "x" }), 409, "shortcut_taken")
    expect((await json(call(member, "GET", library))).data.find((each: { id: string }) => each.id === hours.id).content).toBe("8 to 6.")

    // Members read it only; a key without chat:write only reads.
    await expectRefusal(await call(member, "POST", library, { name: "Mine", shortcut: "mine", content: "x" }), 403, "admin_required")
    await expectRefusal(await call(member, "PATCH", `${library}/${hours.id}`, { content: "y" }), 403, "admin_required")
    await expectRefusal(await call(member, "DELETE", `${library}/${hours.id}`), 403, "admin_required")
    const { key: reader } = await served.kit.admin.createKey({ tenantId, product: "chat", environment: "live", scopes: ["chat:read"] })
    await expectRefusal(await call(reader, "POST", "/v1/chat/canned-responses", { name: "R", shortcut: "r", content: "x" }), 403, "missing_scope")
    expect((await json(call(reader, "GET", "/v1/chat/canned-responses"))).data).toHaveLength(2)

    // Another tenant reaches none of it.
    const other = await setUp()
    await expectRefusal(await call(other.admin, "GET", library), 403, "tenant_mismatch")
    await expectRefusal(await call(other.key, "PATCH", `/v1/chat/canned-responses/${refund.id}`, { content: "z" }), 404, "canned_response_not_found")
    await expectRefusal(await call(other.key, "DELETE", `/v1/chat/canned-responses/${refund.id}`), 404, "canned_response_not_found")
    expect((await json(call(other.key, "GET", "/v1/chat/canned-responses"))).data).toEqual([])

    expect((await call(key, "DELETE", `/v1/chat/canned-responses/${refund.id}`)).status).toBe(204)
    await expectRefusal(await call(admin, "DELETE", `${library}/${refund.id}`), 404, "canned_response_not_found")
    expect((await json(call(member, "GET", library))).data.map((each: { shortcut: string }) => each.shortcut)).toEqual(["hours"])
  })

  it("refuses names, shortcuts and texts it cannot keep, naming the field, and stores nothing", async () => {
    const { key } = await setUp()
    const valid = { name: "Refunds", shortcut: "refund", content: "Five days." }
    for (const [change, field] of [
      [{ shortcut: "/refund" }, "shortcut"],
      [{ shortcut: "Refund" }, "shortcut"],
      [{ shortcut: "re fund" }, "shortcut"],
      [{ shortcut: "-refund" }, "shortcut"],
      [{ shortcut: "r".repeat(33) }, "shortcut"],
      [{ shortcut: "" }, "shortcut"],
      [{ name: "" }, "name"],
      [{ name: "   " }, "name"],
      [{ name: "n".repeat(101) }, "name"],
      [{ name: "nul\u0000" }, "name"],
      [{ content: "" }, "content"],
      [{ content: "c".repeat(10_001) }, "content"],
      [{ content: 42 }, "content"]
    ] as const) {
      const refused = await expectRefusal(
        await call(key, "POST", "/v1/chat/canned-responses", { ...valid, ...change }),
        400,
        "validation_failed"
      )
      expect(JSON.stringify(refused)).toContain(field)
    }
    expect((await json(call(key, "GET", "/v1/chat/canned-responses"))).data).toEqual([])
  })

  it("keeps at most 500 a tenant", async () => {
    const { key } = await setUp()
    for (let n = 0; n < 500; n += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          json(call(key, "POST", "/v1/chat/canned-responses", { name: `Answer ${n + i}`, shortcut: `a${n + i}`, content: "x" }))
        )
      )
    }
    await expectRefusal(
      await call(key, "POST", "/v1/chat/canned-responses", { name: "One more", shortcut: "more", content: "x" }),
      409,
      "canned_response_limit_reached"
    )
    expect((await json(call(key, "GET", "/v1/chat/canned-responses"))).data).toHaveLength(500)
  })
})
