import { createHmac } from "node:crypto"
import { expect, it } from "vitest"
import { until } from "../../../host-node/test/automationsClient.js"
import { type ContractContext, nextEvent } from "./setup.js"

/** The hosted chat page and the visitor's API. */
export const chatPageTests = (context: ContractContext) => {
  const { connect, tenantWith, expectOk, expectError } = context

  it("serves the hosted chat page and the visitor's API, live events included, and takes a rating once finished", async () => {
    const anonymous = connect()
    // The page loads its script and styles from the mount path, under a strict policy.
    const page = await anonymous.chatPage.chatPage()
    expect(page.response.headers.get("content-type")).toMatch(/^text\/html/)
    expect(page.response.headers.get("content-security-policy")).toContain("default-src 'none'")
    expect(page.response.headers.get("referrer-policy")).toBe("no-referrer")
    const html = expectOk(page)
    expect(html).toContain('<script src="/api/public/chat/chat.js"')
    expect(html).toContain('<link rel="stylesheet" href="/api/public/chat/chat.css">')
    // The script follows the visitor's stream, the route below.
    const script = await anonymous.chatPage.chatPageScript()
    expect(script.response.headers.get("content-type")).toMatch(/^text\/javascript/)
    expect(expectOk(script)).toContain('base + "/events"')
    const styles = await anonymous.chatPage.chatPageStyles()
    expect(styles.response.headers.get("content-type")).toMatch(/^text\/css/)
    expect(expectOk(styles)).toContain("box-sizing")

    // The widget: its line for the tenant's site, its loader and panel, and a visitor's first message.
    const shop = await tenantWith("Widget", ["chat"])
    const widget = expectOk(await connect({ dashboardToken: await shop.token("member") }).chatDashboard.getChatWidget({ path: { tenantId: shop.id } }))
    expect(widget.snippet).toBe(`<script src="${widget.scriptUrl}" data-site-key="${widget.siteKey}" async></script>`)
    const loader = await anonymous.chatPage.widgetScript()
    expect(loader.response.headers.get("content-type")).toMatch(/^text\/javascript/)
    expect(expectOk(loader)).toContain("data-site-key")
    expect(expectOk(await anonymous.chatPage.widgetPanel({ query: { siteKey: widget.siteKey } }))).toContain(
      `data-site-key="${widget.siteKey}"`
    )
    const started = expectOk(
      await anonymous.chatWidget.startWidgetConversation({ body: { siteKey: widget.siteKey, content: "Hello from the widget" } })
    )
    expect(started.message).toMatchObject({ sequence: 1, authorType: "visitor", content: "Hello from the widget" })
    expect(expectOk(await connect({ token: started.visitorToken }).chatVisitor.getVisitorConversation()).id).toBe(
      started.conversation.id
    )
    const unknownWidget = expectError(
      await anonymous.chatWidget.startWidgetConversation({ body: { siteKey: `svw_${"0".repeat(24)}`, content: "Hi" } }),
      404
    )
    expect(unknownWidget.code).toBe("widget_not_found")
    // A signed-in visitor: an admin makes the identity secret; the tenant's server signs the id with it.
    const { identitySecret } = expectOk(
      await connect({ dashboardToken: await shop.token("admin") }).chatDashboard.rotateWidgetIdentitySecret({ path: { tenantId: shop.id } })
    )
    const identityHash = createHmac("sha256", identitySecret).update("customer-7").digest("hex")
    expect(
      expectOk(await anonymous.chatWidget.resumeWidgetConversation({ body: { siteKey: widget.siteKey, externalId: "customer-7", identityHash } }))
    ).toEqual({ visitorToken: null, expiresAt: null, conversation: null })
    const forged = expectError(
      await anonymous.chatWidget.resumeWidgetConversation({ body: { siteKey: widget.siteKey, externalId: "customer-8", identityHash } }),
      403
    )
    expect(forged.code).toBe("identity_hash_invalid")
    // Its appearance, set by an admin, as the widget and the visitor read it; an agent's name on their replies.
    const shopAdmin = connect({ dashboardToken: await shop.token("admin") })
    const look = expectOk(
      await shopAdmin.chatAppearance.updateChatAppearance({
        path: { tenantId: shop.id },
        body: { displayName: "Widget Shop", accentColor: "#0b6e4f", launcherPosition: "left" }
      })
    )
    expect(look.shown).toMatchObject({ displayName: "Widget Shop", accentColor: "#0b6e4f", launcherPosition: "left" })
    expect(expectOk(await shopAdmin.chatAppearance.getChatAppearance({ path: { tenantId: shop.id } }))).toEqual(look)
    expect(expectOk(await anonymous.chatWidget.getWidgetAppearance({ query: { siteKey: widget.siteKey } }))).toEqual(look.shown)
    expect(expectOk(await connect({ token: started.visitorToken }).chatVisitor.getVisitorAppearance())).toEqual(look.shown)
    // Nobody online: the widget shows the away message and takes an email address for replies.
    expect(expectOk(await anonymous.chatWidget.getWidgetAvailability({ query: { siteKey: widget.siteKey } }))).toMatchObject({
      available: false,
      reason: "nobody_online"
    })
    expect(expectOk(await connect({ token: started.visitorToken }).chatVisitor.sayVisitorPresent()).reason).toBe("nobody_online")
    expect(
      expectOk(await connect({ token: started.visitorToken }).chatVisitor.leaveVisitorEmail({ body: { email: "visitor@example.com" } }))
    ).toEqual({ email: "visitor@example.com" })
    const workingHours = expectOk(
      await shopAdmin.chatWorkingHours.setWorkingHours({ body: { timezone: "Europe/Oslo", holidays: ["2026-12-25"], emailAfterMinutes: 15 } })
    )
    expect(workingHours).toMatchObject({ timezone: "Europe/Oslo", holidays: ["2026-12-25"], emailAfterMinutes: 15 })
    expect(expectOk(await connect({ dashboardToken: await shop.token("member") }).chatWorkingHours.getWorkingHours())).toEqual(workingHours)
    // Typing, told live and never stored, both ways.
    expectOk(await connect({ token: started.visitorToken }).chatVisitor.visitorTyping())
    expectOk(
      await shopAdmin.chatDashboard.agentTyping({ path: { tenantId: shop.id, id: started.conversation.id } })
    )
    const named = expectOk(
      await shopAdmin.chatAppearance.putAgentProfile({
        path: { tenantId: shop.id, agentId: "agent-ada" },
        body: { displayName: "Ada Lovelace" }
      })
    )
    expect(named).toMatchObject({ agentId: "agent-ada", initials: "AL" })
    expect(expectOk(await shopAdmin.chatAppearance.listAgentProfiles({ path: { tenantId: shop.id } })).data).toEqual([named])
    expectOk(await shopAdmin.chatAppearance.removeAgentProfile({ path: { tenantId: shop.id, agentId: "agent-ada" } }))
    const gone = expectError(
      await shopAdmin.chatAppearance.removeAgentProfile({ path: { tenantId: shop.id, agentId: "agent-ada" } }),
      404
    )
    expect(gone.code).toBe("agent_profile_not_found")

    const chat = await tenantWith("Visitors", ["chat"])
    const api = connect({ apiKey: await chat.key({ product: "chat", scopes: ["chat:read", "chat:write"] }) })
    const agent = connect({ dashboardToken: await chat.token("member") })
    // The agent's inbox follows every conversation of the tenant: live from its first `resync`.
    const inbox = agent.chatDashboard.followInbox({ path: { tenantId: chat.id } })
    expect((await nextEvent(inbox)).event).toBe("resync")
    const session = expectOk(await api.chat.mintSession({ body: { externalId: "visitor-1", name: "Help" } }))
    const visitor = connect({ token: session.visitorToken })
    const created = await nextEvent(inbox)
    expect(created.event).toBe("conversation")
    expect(context.schemas.componentProblems("Conversation", JSON.parse(created.data))).toEqual([])
    expect(JSON.parse(created.data)).toMatchObject({ id: session.conversationId, status: "open", messageCount: 0 })
    expect(expectOk(await visitor.chatVisitor.getVisitorConversation())).toMatchObject({
      id: session.conversationId,
      status: "open",
      csat: null
    })

    const stream = visitor.chatVisitor.followVisitorConversation()
    try {
      const first = await nextEvent(stream)
      expect(first.event).toBe("conversation")
      expect(context.schemas.componentProblems("VisitorConversation", JSON.parse(first.data))).toEqual([])
      const written = expectOk(await visitor.chatVisitor.postVisitorMessage({ body: { content: "Hello?" } }))
      expect(written).toMatchObject({ sequence: 1, authorType: "visitor", content: "Hello?" })
      // The message the visitor wrote comes back live, its id as the event id.
      const live = await until("the visitor's message on the stream", async () => {
        const event = await nextEvent(stream)
        return event.event === "message" ? event : undefined
      })
      expect(live.id).toBe(written.id)
      expect(JSON.parse(live.data)).toEqual(written)
      const inboxMessage = await nextEvent(inbox)
      expect(inboxMessage.event).toBe("message")
      expect(context.schemas.componentProblems("ChatMessage", JSON.parse(inboxMessage.data))).toEqual([])
      expect(JSON.parse(inboxMessage.data)).toMatchObject({ ...written, conversationId: session.conversationId })
      const counted = await nextEvent(inbox)
      expect(counted.event).toBe("conversation")
      expect(JSON.parse(counted.data)).toMatchObject({ id: session.conversationId, messageCount: 1 })
    } finally {
      stream.close()
      inbox.close()
    }
    expect(expectOk(await visitor.chatVisitor.listVisitorMessages()).data.map((message) => message.content)).toEqual([
      "Hello?"
    ])

    const early = expectError(await visitor.chatVisitor.rateConversation({ body: { rating: 5 } }), 409)
    expect(early.code).toBe("conversation_not_finished")
    const path = { tenantId: chat.id, id: session.conversationId }
    expectOk(await agent.chatDashboard.setConversationStatus({ path, body: { status: "resolved" } }))
    const rated = expectOk(await visitor.chatVisitor.rateConversation({ body: { rating: 5, comment: "Quick!" } }))
    expect(rated.csat).toMatchObject({ rating: 5, comment: "Quick!" })
    expect(expectOk(await agent.chatDashboard.getAgentConversation({ path })).csat).toEqual(rated.csat)
    // Presence: the agent says online; the dashboard and the key list who is here.
    expect(expectOk(await agent.chatPresenceDashboard.sayPresence({ path: { tenantId: chat.id }, body: { status: "online" } })).status).toBe(
      "online"
    )
    expect(expectOk(await agent.chatPresenceDashboard.listAgentPresence({ path: { tenantId: chat.id } })).data).toHaveLength(1)
    expect(expectOk(await api.chatPresence.listPresentAgents()).data.map((here) => here.status)).toEqual(["online"])
    // Assignment rules: read by key and agent, changed by key and admin (left manual: the conversation keeps its agent).
    expect(expectOk(await api.chatAssignment.getAssignment())).toEqual({ mode: "manual", capacity: 3 })
    expect(expectOk(await api.chatAssignment.setAssignment({ body: { capacity: 2 } })).capacity).toBe(2)
    expect(expectOk(await agent.chatAssignmentDashboard.getAgentAssignment({ path: { tenantId: chat.id } })).capacity).toBe(2)
    const notAllowed = expectError(
      await agent.chatAssignmentDashboard.setAgentAssignment({ path: { tenantId: chat.id }, body: { capacity: 4 } }),
      403
    )
    expect(notAllowed.code).toBe("admin_required")
    expect(
      expectOk(
        await connect({ dashboardToken: await chat.token("admin") }).chatAssignmentDashboard.setAgentAssignment({
          path: { tenantId: chat.id },
          body: { capacity: 4 }
        })
      )
    ).toEqual({ mode: "manual", capacity: 4 })
    // Labels, by key and by agent; the list by one.
    expect(
      expectOk(await api.chat.setLabels({ path: { id: session.conversationId }, body: { labels: ["Billing", "vip"] } })).labels
    ).toEqual(["billing", "vip"])
    expect(
      expectOk(await agent.chatDashboard.setAgentConversationLabels({ path, body: { labels: ["vip"] } })).labels
    ).toEqual(["vip"])
    expect(
      expectOk(await api.chat.listConversations({ query: { label: "VIP" } })).data.map((conversation) => conversation.id)
    ).toEqual([session.conversationId])
    // Search: by a word beginning in a message.
    expect(
      expectOk(await api.chat.listConversations({ query: { q: "HELL" } })).data.map((conversation) => conversation.id)
    ).toEqual([session.conversationId])
    expect(expectOk(await agent.chatDashboard.listAgentConversations({ path: { tenantId: chat.id }, query: { q: "nothing-like-it" } })).data).toEqual([])
    // Private notes, by the API and by an agent, listed newest first; the visitor's messages stay as they were.
    const byApi = expectOk(await api.chat.addNote({ path: { id: session.conversationId }, body: { content: "VIP customer" } }))
    expect(byApi).toMatchObject({ authorType: "api", authorId: null, content: "VIP customer" })
    const byAgent = expectOk(await agent.chatDashboard.addAgentNote({ path, body: { content: "Refund approved" } }))
    expect(byAgent).toMatchObject({ authorType: "agent", content: "Refund approved" })
    expect(expectOk(await agent.chatDashboard.listAgentNotes({ path })).data.map((note) => note.id)).toEqual([byAgent.id, byApi.id])
    expect(expectOk(await api.chat.listNotes({ path: { id: session.conversationId }, query: { limit: 1 } })).meta.nextCursor).toBe(
      byAgent.id
    )
    expect(expectOk(await visitor.chatVisitor.listVisitorMessages()).data.map((message) => message.content)).toEqual(["Hello?"])
    // The canned responses' library: by key and, changed by an admin, in the dashboard.
    const refund = expectOk(
      await api.chatCannedResponses.createCannedResponse({ body: { name: "Refunds", shortcut: "refund", content: "Five days." } })
    )
    expect(refund).toMatchObject({ shortcut: "refund", content: "Five days." })
    expect(
      expectOk(await api.chatCannedResponses.updateCannedResponse({ path: { id: refund.id }, body: { content: "Three days." } }))
    ).toMatchObject({ content: "Three days." })
    expect(expectOk(await api.chatCannedResponses.listCannedResponses()).data.map((each) => each.id)).toEqual([refund.id])
    const taken = expectError(
      await api.chatCannedResponses.createCannedResponse({ body: { name: "Again", shortcut: "refund", content: "x" } }),
      409
    )
    expect(taken.code).toBe("shortcut_taken")
    expectOk(await api.chatCannedResponses.removeCannedResponse({ path: { id: refund.id } }))
    const lead = connect({ dashboardToken: await chat.token("admin") })
    const hours = expectOk(
      await lead.chatCannedResponsesDashboard.createAgentCannedResponse({
        path: { tenantId: chat.id },
        body: { name: "Hours", shortcut: "hours", content: "9 to 5." }
      })
    )
    expect(
      expectOk(
        await lead.chatCannedResponsesDashboard.updateAgentCannedResponse({
          path: { tenantId: chat.id, id: hours.id },
          body: { name: "Opening hours" }
        })
      ).name
    ).toBe("Opening hours")
    expect(
      expectOk(await agent.chatCannedResponsesDashboard.listAgentCannedResponses({ path: { tenantId: chat.id } })).data
    ).toHaveLength(1)
    const notAdmin = expectError(
      await agent.chatCannedResponsesDashboard.removeAgentCannedResponse({ path: { tenantId: chat.id, id: hours.id } }),
      403
    )
    expect(notAdmin.code).toBe("admin_required")
    expectOk(await lead.chatCannedResponsesDashboard.removeAgentCannedResponse({ path: { tenantId: chat.id, id: hours.id } }))

    // Files: rules, uploads both ways and to the library, a message and a canned response carrying them, the download.
    const png = Uint8Array.from(
      atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
      (char) => char.charCodeAt(0)
    )
    expect(expectOk(await api.chatFiles.getFileRules()).kinds).toContain("images")
    expect(expectOk(await api.chatFiles.setFileRules({ body: { maxFileBytes: 2_000_000 } })).maxFileBytes).toBe(2_000_000)
    expect(expectOk(await agent.chatFilesDashboard.getAgentFileRules({ path: { tenantId: chat.id } })).maxFileBytes).toBe(2_000_000)
    expectOk(await lead.chatFilesDashboard.setAgentFileRules({ path: { tenantId: chat.id }, body: { kinds: ["images", "pdf"] } }))
    const fromVisitor = expectOk(await visitor.chatVisitor.uploadVisitorFile({ query: { name: "photo.png" }, body: png }))
    expect(fromVisitor).toMatchObject({ contentType: "image/png", size: png.byteLength, inline: true })
    const fromKey = expectOk(
      await api.chatFiles.uploadConversationFile({ path: { id: session.conversationId }, query: { name: "chart.png" }, body: png })
    )
    const fromAgent = expectOk(await agent.chatFilesDashboard.uploadAgentFile({ path, query: { name: "shot.png" }, body: png }))
    const library = expectOk(await api.chatFiles.uploadLibraryFile({ query: { name: "logo.png" }, body: png }))
    expectOk(await lead.chatFilesDashboard.uploadAgentLibraryFile({ path: { tenantId: chat.id }, query: { name: "map.png" }, body: png }))
    expect(expectOk(await api.chatFiles.getChatFile({ path: { id: library.id } })).name).toBe("logo.png")
    const withFiles = expectOk(
      await api.chat.postMessage({
        path: { id: session.conversationId },
        body: { content: "", fileIds: [fromVisitor.id, fromKey.id, fromAgent.id, library.id] }
      })
    )
    expect(withFiles.files.map((file) => file.name)).toEqual(["photo.png", "chart.png", "shot.png", "logo.png"])
    const logo = expectOk(
      await api.chatCannedResponses.createCannedResponse({ body: { name: "Logo", shortcut: "logo", content: "Ours", fileIds: [library.id] } })
    )
    expect(logo.files.map((file) => file.id)).toEqual([library.id])
    const link = new URL(withFiles.files[0]!.url)
    const downloaded = await connect().chatFileDownload.downloadChatFile({
      path: { id: fromVisitor.id },
      query: {
        tenant: link.searchParams.get("tenant")!,
        expires: link.searchParams.get("expires")!,
        signature: link.searchParams.get("signature")!
      }
    })
    expect(downloaded.response.headers.get("content-type")).toBe("image/png")
    // The file's bytes as a stream, whole.
    const bytes = new Uint8Array(await new Response(expectOk(downloaded)).arrayBuffer())
    expect([...bytes]).toEqual([...png])

    const stranger = await connect({ token: `${session.visitorToken}x` }).chatVisitor.getVisitorConversation()
    const refused = expectError(stranger, 401)
    expect(refused.code).toBe("invalid_visitor_token")
    // A suspended tenant's links are refused with a 403 the document lists.
    if (stranger.error?.status === 403) expect(stranger.error.code).toBe("tenant_suspended")
  })
}
