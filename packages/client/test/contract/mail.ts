import { SecretBox, messageToken } from "@servicekit/core/internal"
import { Effect } from "effect"
import { expect, it } from "vitest"
import { until } from "../../../host-node/test/automationsClient.js"
import { ADMIN_TOKEN, type ContractContext } from "./setup.js"

/** Mail: sending domains, suppressions, reputation, unsubscribes, transactional mail and growth conversations. */
export const mailTests = (context: ContractContext) => {
  const { served, connect, tenantWith, expectOk, expectError } = context

  it("adds a sending domain, answers its records, verifies it against DNS, and deletes it", async () => {
    const acme = await tenantWith("Domains", ["transactional", "business_email"])
    const domains = connect({ apiKey: await acme.key({ product: "transactional", scopes: ["domains:manage"] }) })
    const domain = expectOk(await domains.mailDomains.addMailDomain({ body: { domain: "mail.contract.example" } }))
    expect(domain).toMatchObject({ domain: "mail.contract.example", status: "pending" })
    expect(expectOk(await domains.mailDomains.listMailDomains()).data).toEqual([domain])
    expect(expectOk(await domains.mailDomains.getMailDomain({ path: { id: domain.id } }))).toEqual(domain)
    const dkim = domain.records.find((record) => record.purpose === "dkim")!
    context.dns.setTxt(dkim.name, [dkim.value])
    const verified = expectOk(await domains.mailDomains.verifyMailDomain({ path: { id: domain.id } }))
    expect(verified).toMatchObject({ status: "verified", verifiedAt: expect.any(String) })
    const taken = expectError(await domains.mailDomains.addMailDomain({ body: { domain: "mail.contract.example" } }), 409)
    expect(taken.code).toBe("mail_domain_exists")
    expect(expectOk(await domains.mailDomains.deleteMailDomain({ path: { id: domain.id } }))).toBeUndefined()
    const gone = expectError(await domains.mailDomains.getMailDomain({ path: { id: domain.id } }), 404)
    expect(gone.code).toBe("mail_domain_not_found")
  })

  it("suppresses an address by hand, lists it, and takes it off again", async () => {
    const acme = await tenantWith("Suppressions", ["transactional", "business_email"])
    const lists = connect({ apiKey: await acme.key({ product: "transactional", scopes: ["suppressions:manage"] }) })
    const added = expectOk(await lists.suppressions.addSuppression({ body: { email: "Ada@Example.com", note: "asked" } }))
    expect(added).toMatchObject({ email: "ada@example.com", stream: "transactional", reason: "manual", detail: "asked" })
    const listed = expectOk(await lists.suppressions.listSuppressions({ query: { reason: "manual" } }))
    expect(listed).toEqual({ data: [added], meta: { limit: 50, nextCursor: null } })
    const again = expectError(await lists.suppressions.addSuppression({ body: { email: "ada@example.com" } }), 409)
    expect(again.code).toBe("suppression_exists")
    expect(expectOk(await lists.suppressions.removeSuppression({ path: { email: "ada@example.com" } }))).toBeUndefined()
    const gone = expectError(await lists.suppressions.removeSuppression({ path: { email: "ada@example.com" } }), 404)
    expect(gone.code).toBe("suppression_not_found")
  })

  it("reads a tenant's sending reputation, and the platform admin lists and resumes tenants", async () => {
    const acme = await tenantWith("Reputation", ["transactional", "business_email"])
    const reader = connect({ apiKey: await acme.key({ product: "transactional", scopes: ["reputation:read"] }) })
    const reputation = expectOk(await reader.reputation.getReputation())
    expect(reputation).toMatchObject({ status: "good", cause: null, since: null, sent: 0, bounceRate: 0 })
    const admin = connect({ token: ADMIN_TOKEN })
    expect(expectOk(await admin.reputationAdmin.getTenantReputation({ path: { tenantId: acme.id } }))).toEqual({
      tenantId: acme.id,
      ...reputation
    })
    expect(expectOk(await admin.reputationAdmin.listReputations({ query: { status: "paused" } })).data).not.toContainEqual(
      expect.objectContaining({ tenantId: acme.id })
    )
    // Resuming a tenant in good standing answers it unchanged.
    expect(expectOk(await admin.reputationAdmin.resumeTenantSending({ path: { tenantId: acme.id } }))).toMatchObject({
      tenantId: acme.id,
      status: "good"
    })
    const unknown = expectError(
      await admin.reputationAdmin.resumeTenantSending({ path: { tenantId: "00000000-0000-4000-8000-000000000000" } }),
      404
    )
    expect(unknown.code).toBe("tenant_not_found")
  })

  it("unsubscribes a broadcast recipient by the signed one-click link", async () => {
    const acme = await tenantWith("Broadcasts", ["transactional", "business_email"])
    const mail = connect({ apiKey: await acme.key({ product: "transactional", scopes: ["transactional:send"] }) })
    const sent = expectOk(
      await mail.transactional.sendMessage({
        body: { to: ["reader@example.com"], subject: "News", text: "Hello", stream: "broadcast" }
      })
    )
    const token = await served.kit.runtime.runPromise(
      Effect.map(SecretBox, (box) => messageToken(box, "unsubscribe", acme.id, sent.messages[0]!.id))
    )
    const recipient = connect()
    expect(expectOk(await recipient.unsubscribe.unsubscribe({ path: { token } }))).toEqual({
      unsubscribed: true,
      stream: "broadcast"
    })
    const altered = `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`
    const forged = expectError(await recipient.unsubscribe.unsubscribe({ path: { token: altered } }), 404)
    expect(forged.code).toBe("unsubscribe_link_invalid")
  })

  it("manages templates, renders them, sends mail that reaches the logs, and serves the dashboard", async () => {
    const acme = await tenantWith("Mail", ["transactional", "business_email"])
    const mail = connect({ apiKey: await acme.key({ product: "transactional", scopes: ["transactional:send"] }) })
    const dashboard = connect({ dashboardToken: await acme.token("member") })
    const welcome = {
      name: "welcome",
      bodyJson: {
        subject: "Welcome, {{user.name}}",
        html: "<p>Hello {{user.name}}, your code is <b>{{code}}</b>.</p>",
        text: "Hello {{user.name}}, your code is {{code}}."
      }
    }
    const template = expectOk(await mail.transactional.createTemplate({ body: welcome }))
    expect(template).toMatchObject({ name: "welcome", channel: "email", variables: ["user.name", "code"] })
    expect(expectOk(await mail.transactional.getTemplate({ path: { id: template.id } }))).toEqual(template)
    expect(expectOk(await mail.transactional.listTemplates()).data).toEqual([template])
    const patched = expectOk(
      await mail.transactional.updateTemplate({
        path: { id: template.id },
        body: { bodyJson: { text: "Code {{code}}" } }
      })
    )
    expect(patched.bodyJson).toEqual({ ...welcome.bodyJson, text: "Code {{code}}" })
    const rendered = expectOk(
      await mail.transactional.renderTemplate({
        path: { id: template.id },
        body: { variables: { user: { name: "<Ann>" } } }
      })
    )
    expect(rendered).toMatchObject({ subject: "Welcome, <Ann>", missingVariables: ["code"] })

    const send = {
      templateId: template.id,
      to: ["ann@example.com"],
      variables: { user: { name: "Ann" }, code: 4711 }
    }
    const sent = expectOk(
      await mail.transactional.sendMessage({ body: send, headers: { "idempotency-key": "welcome-ann" } })
    )
    expect(sent).toMatchObject({ test: false, messages: [{ to: "ann@example.com", status: "queued" }] })
    // The same key with another body is refused, typed with its own status.
    const reused = await mail.transactional.sendMessage({
      body: { ...send, to: ["bob@example.com"] },
      headers: { "idempotency-key": "welcome-ann" }
    })
    expect(expectError(reused, 422).code).toBe("idempotency_key_reused")
    const delivered = await until("the sent message in the logs", async () => {
      const logs = expectOk(await mail.transactional.listLogs({ query: { limit: 100 } }))
      return logs.data.find((row) => row.templateId === template.id && row.status === "sent")
    })
    expect(delivered).toMatchObject({
      recipient: "ann@example.com",
      subject: "Welcome, Ann",
      templateName: "welcome"
    })

    const taken = expectError(await mail.transactional.createTemplate({ body: welcome }), 409)
    expect(taken.code).toBe("template_name_taken")
    // @ts-expect-error: a 409 of createTemplate is never an idempotency conflict
    expect(taken.code === "idempotency_in_progress").toBe(false)

    const fromDashboard = expectOk(
      await dashboard.transactionalDashboard.createDashboardTemplate({ body: { ...welcome, name: "from-dashboard" } })
    )
    expect(
      expectOk(await dashboard.transactionalDashboard.listDashboardTemplates()).data.map((each) => each.id)
    ).toEqual([fromDashboard.id, template.id])
    expect(expectOk(await dashboard.transactionalDashboard.listDashboardLogs()).data.map((row) => row.id)).toContain(
      delivered.id
    )
    const statistics = expectOk(await dashboard.transactionalDashboard.getTransactionalStatistics())
    expect(statistics.byTemplate).toEqual([expect.objectContaining({ templateId: template.id })])
    expect(
      expectOk(await dashboard.transactionalDashboard.getDashboardTemplate({ path: { id: fromDashboard.id } }))
    ).toEqual(fromDashboard)
    const previewed = expectOk(
      await dashboard.transactionalDashboard.renderDashboardTemplate({
        path: { id: fromDashboard.id },
        body: { variables: { user: { name: "<b>Bo</b>" }, code: 7 } }
      })
    )
    expect(previewed).toMatchObject({
      html: "<p>Hello &lt;b&gt;Bo&lt;/b&gt;, your code is <b>7</b>.</p>",
      missingVariables: []
    })
    const retitled = expectOk(
      await dashboard.transactionalDashboard.updateDashboardTemplate({
        path: { id: fromDashboard.id },
        body: { name: "from-dashboard-renamed" }
      })
    )
    expect(retitled).toMatchObject({ id: fromDashboard.id, name: "from-dashboard-renamed" })
    expect(
      expectOk(await dashboard.transactionalDashboard.deleteDashboardTemplate({ path: { id: fromDashboard.id } })).id
    ).toBe(fromDashboard.id)

    expect(expectOk(await mail.transactional.deleteTemplate({ path: { id: template.id } })).id).toBe(template.id)
    expect(expectError(await mail.transactional.getTemplate({ path: { id: template.id } }), 404).code).toBe(
      "template_not_found"
    )
  })

  it("starts growth conversations by email, records replies, closes them", async () => {
    const acme = await tenantWith("Sales", ["business_email"])
    const sales = connect({ dashboardToken: await acme.token("member", "bo") })
    const created = expectOk(
      await sales.growthConversations.createGrowthConversation({
        body: { contact: { email: "ann@example.com", name: "Ann" }, subject: "Your quote", content: "Here it is." }
      })
    )
    expect(created).toMatchObject({ status: "open", messageCount: 1, createdBy: "bo" })
    const path = { id: created.id }
    const answer = expectOk(
      await sales.growthConversations.addGrowthMessage({ path, body: { content: "Thanks!", direction: "inbound" } })
    )
    expect(answer).toMatchObject({ sequence: 2, direction: "inbound", emailMessageId: null })
    expect(
      expectOk(await sales.growthConversations.getGrowthConversation({ path })).messages.map((m) => m.content)
    ).toEqual(["Here it is.", "Thanks!"])
    const closed = expectOk(
      await sales.growthConversations.updateGrowthConversation({ path, body: { status: "closed" } })
    )
    expect(closed).toMatchObject({ status: "closed", messageCount: 2 })
    expect(
      expectOk(await sales.growthConversations.listGrowthConversations({ query: { status: "closed" } })).data.map(
        (c) => c.id
      )
    ).toEqual([created.id])
  })
}
