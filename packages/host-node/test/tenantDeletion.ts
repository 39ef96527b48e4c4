import { KyselyDatabase } from "@servicekit/adapters"
import {
  BlobStore,
  CallRepository,
  HostedNumbers,
  MailDomainService,
  SuppressionService,
  Suppressions
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { apiCaller, automationsClient, expectJson, until } from "./automationsClient.js"
import { PNG } from "./fileFixtures.js"
import { type Served, expectRefusal } from "./hostileInput.js"
import { type TenantSuiteSetting, adminToken, servedOn } from "./tenantSuite.js"

interface Keys {
  readonly automations: string
  readonly chat: string
  readonly mail: string
}

/** A tenant of every product, with a key for each. */
const tenantOfEveryProduct = async (served: Served, name: string) => {
  const tenant = await served.kit.admin.createTenant({
    name,
    entitlements: ["automations", "chat", "transactional", "business_email", "voice"]
  })
  const keyOf = async (access: Parameters<Served["kit"]["admin"]["createKey"]>[0]) =>
    (await served.kit.admin.createKey(access)).key
  const keys: Keys = {
    automations: await keyOf({ tenantId: tenant.id, environment: "live", product: "automations", scopes: ["automations:manage"] }),
    chat: await keyOf({
      tenantId: tenant.id,
      environment: "live",
      product: "chat",
      scopes: ["chat:read", "chat:write", "webhooks:manage", "retention:manage"]
    }),
    mail: await keyOf({ tenantId: tenant.id, environment: "live", product: "transactional", scopes: ["transactional:send"] })
  }
  return { tenant, keys }
}

/** Something in every product: `calls` calls and a hosted number, a sending domain, a suppressed address and a soft bounce, a chat with a visitor, mail, a webhook endpoint, a retention period, a workflow run, a node. */
const populate = async (served: Served, tenantId: string, keys: Keys, unique: string, calls: number) => {
  await served.kit.runtime.runPromise(
    Effect.flatMap(CallRepository, (repository) =>
      repository.insertMany(
        Array.from({ length: calls }, (_, n) => ({
          id: globalThis.crypto.randomUUID(),
          tenantId,
          fromId: `+1555000${n}`,
          toId: "+15559999",
          direction: "inbound" as const,
          durationSecs: 30 * n,
          result: "answered" as const,
          startedAt: new Date(Date.now() - n * 60_000),
          endedAt: new Date(Date.now() - n * 60_000 + 30_000),
          callSid: null,
          mosScore: null
        }))
      )
    )
  )
  await served.kit.runtime.runPromise(
    Effect.flatMap(HostedNumbers, (numbers) => numbers.assign({ tenantId, id: `desk-${unique}`, assignedAt: new Date() }))
  )
  await served.kit.runtime.runPromise(
    Effect.flatMap(MailDomainService, (domains) => domains.add(tenantId, `${unique.toLowerCase()}.example.com`))
  )
  await served.kit.runtime.runPromise(
    Effect.flatMap(SuppressionService, (lists) => lists.add(tenantId, { email: `gone-${unique}@example.com`, stream: "transactional" }))
  )
  await served.kit.runtime.runPromise(
    Effect.flatMap(Suppressions, (lists) =>
      lists.softBounced([{ tenantId, stream: "transactional", email: `full-${unique}@example.com`, detail: null, messageId: null }])
    )
  )
  const chat = apiCaller(served)(() => keys.chat)
  // Paused: its deliveries are stored and wait, with no attempt to a receiver that is not there.
  await expectJson(
    await fetch(`${served.url}/api/tenants/${tenantId}/webhooks`, {
      method: "POST",
      headers: { authorization: `Bearer ${keys.chat}`, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://hooks.example.com/in", events: ["message.created"], paused: true })
    })
  )
  await expectJson(await chat("PUT", "/retention/webhooks.deliveries", { days: 30 }))
  const session = await expectJson(await chat("POST", "/chat/sessions", { externalId: `visitor-${unique}`, displayName: unique }))
  // A photo with the visitor's message: a row, and bytes in the blob store.
  const photo = await expectJson(
    await fetch(`${served.url}/api/public/chat/files?name=${unique}.png`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.visitorToken}` },
      body: PNG
    })
  )
  await expectJson(
    await fetch(`${served.url}/api/public/chat/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.visitorToken}`, "content-type": "application/json" },
      body: JSON.stringify({ content: `My order ${unique} has not arrived.`, fileIds: [photo.id] })
    })
  )
  // An agent's reply, signed with their name, which marks the conversation read by them.
  const agent = (await served.kit.admin.issueDashboardToken(tenantId, { sub: `agent-${unique}`, role: "member" })).token
  await expectJson(
    await fetch(`${served.url}/api/tenants/${tenantId}/chat/agents/agent-${unique}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${agent}`, "content-type": "application/json" },
      body: JSON.stringify({ displayName: `Agent ${unique}` })
    })
  )
  await expectJson(
    await fetch(`${served.url}/api/tenants/${tenantId}/chat/conversations/${session.conversationId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${agent}`, "content-type": "application/json" },
      body: JSON.stringify({ content: `Looking into ${unique}.` })
    })
  )
  // The visitor's page says it is open (kept to decide whether replies go by email).
  await expectJson(
    await fetch(`${served.url}/api/public/chat/presence`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.visitorToken}` }
    })
  )
  // The agent says they are online; a canned response of the tenant, and a private note on the conversation.
  await expectJson(
    await fetch(`${served.url}/api/tenants/${tenantId}/chat/presence`, {
      method: "PUT",
      headers: { authorization: `Bearer ${agent}`, "content-type": "application/json" },
      body: JSON.stringify({ status: "online" })
    })
  )
  await expectJson(
    await fetch(`${served.url}/api/v1/chat/canned-responses`, {
      method: "POST",
      headers: { authorization: `Bearer ${keys.chat}`, "content-type": "application/json" },
      body: JSON.stringify({ name: `Refunds ${unique}`, shortcut: "refund", content: "Refunds take five days." })
    })
  )
  await expectJson(
    await fetch(`${served.url}/api/tenants/${tenantId}/chat/conversations/${session.conversationId}/notes`, {
      method: "POST",
      headers: { authorization: `Bearer ${agent}`, "content-type": "application/json" },
      body: JSON.stringify({ content: `Refund for ${unique} approved.` })
    })
  )
  const mail = apiCaller(served)(() => keys.mail)
  const template = await expectJson(
    await mail("POST", "/transactional/templates", { name: `Receipt ${unique}`, bodyJson: { subject: "Receipt", html: "<p>Thanks {{name}}</p>", text: "Thanks {{name}}" } })
  )
  const sent = await fetch(`${served.url}/api/v1/transactional/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${keys.mail}`, "content-type": "application/json", "idempotency-key": unique },
    body: JSON.stringify({ templateId: template.id, to: [`${unique}@example.com`], variables: { name: unique } })
  })
  expect(sent.status, await sent.clone().text()).toBe(200)
  const automations = automationsClient(served, () => keys.automations)
  const workflow = await automations.workflow([{ type: "log", message: `hello ${unique}` }])
  const api = apiCaller(served)(() => keys.automations)
  const run = await expectJson(await api("POST", `/automations/workflows/${workflow.id}/run`, { payload: { unique } }))
  await expectJson(await api("POST", "/automations/nodes", { name: `Desk ${unique}` }))
  return { runId: run.id as string, photoKey: `tenants/${tenantId}/chat/${session.conversationId}/${photo.id}` }
}

/** Rows of each tenant in every table that names one (census of the schema). */
const rowsOf = (served: Served, tenantIds: ReadonlyArray<string>) =>
  served.kit.runtime.runPromise(
    Effect.gen(function* () {
      const { execute, schema } = yield* KyselyDatabase
      const { rows: columns } = yield* Effect.promise(() =>
        execute(
          `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
           WHERE table_schema = $1 AND column_name IN ('tenant_id', 'tenant') AND table_name <> 'tenant_deletions'`,
          [schema]
        )
      )
      const counts: Record<string, Record<string, number>> = {}
      for (const tenantId of tenantIds) {
        const byTable: Record<string, number> = {}
        for (const { column, table } of columns as Array<{ table: string; column: string }>) {
          const { rows } = yield* Effect.promise(() =>
            execute(`SELECT count(*)::int AS n FROM "${schema}"."${table}" WHERE "${column}"::text = $1`, [tenantId])
          )
          if (Number(rows[0].n) > 0) byTable[table] = Number(rows[0].n)
        }
        const { rows } = yield* Effect.promise(() =>
          execute(`SELECT count(*)::int AS n FROM "${schema}".tenants WHERE id::text = $1`, [tenantId])
        )
        if (Number(rows[0].n) > 0) byTable.tenants = Number(rows[0].n)
        counts[tenantId] = byTable
      }
      return counts
    }) as Effect.Effect<Record<string, Record<string, number>>, never, never>
  )

/** The rows of each tenant once the workers are done with them: the same in two counts a second apart. */
const settledRowsOf = async (served: Served, tenantIds: ReadonlyArray<string>) => {
  let previous = await rowsOf(served, tenantIds)
  return until("the workers done", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const now = await rowsOf(served, tenantIds)
    const same = JSON.stringify(now) === JSON.stringify(previous)
    previous = now
    return same ? now : undefined
  })
}

/** A tenant deleted over the admin API, on `setting`'s storage and workers. */
export const tenantDeletionSuite = (setting: TenantSuiteSetting) =>
  describe(`A deleted tenant, on ${setting.storage}`, () => {
    const { served, startWorkers } = servedOn(setting, "deletion")
    const admin = (method: string, path: string) =>
      fetch(`${served.url}/api/admin/tenants${path}`, { method, headers: { authorization: `Bearer ${adminToken}` } })
    let gone: Awaited<ReturnType<typeof tenantOfEveryProduct>>
    let kept: Awaited<ReturnType<typeof tenantOfEveryProduct>>
    beforeAll(async () => {
      gone = await tenantOfEveryProduct(served, "Initech")
      kept = await tenantOfEveryProduct(served, "Globex")
    })

    it("deletes every row of the tenant in every table, in the background, and leaves another tenant as it was", async () => {
      // More calls than a batch deletes: the deletion takes several.
      const { photoKey } = await populate(served, gone.tenant.id, gone.keys, "Zanzibar-7f3a", 1_201)
      const { photoKey: keptPhoto, runId } = await populate(served, kept.tenant.id, kept.keys, "Quokka-19be", 3)
      const stored = (key: string) =>
        served.kit.runtime.runPromise(Effect.map(Effect.flatMap(BlobStore, (blobs) => blobs.open(key)), Option.isSome))
      expect(await stored(photoKey)).toBe(true)
      await startWorkers()
      const api = apiCaller(served)(() => kept.keys.automations)
      await until("the kept tenant's run", async () => {
        const run = await expectJson(await api("GET", `/automations/runs/${runId}`))
        return run.status === "succeeded" ? run : undefined
      })
      const before = await settledRowsOf(served, [gone.tenant.id, kept.tenant.id])
      // Every product left rows of the tenant: the deletion has much to find.
      expect(Object.keys(before[gone.tenant.id]!)).toEqual(
        expect.arrayContaining([
          "calls",
          "call_days",
          "hosted_sip_numbers",
          "mail_domains",
          "email_suppressions",
          "email_soft_bounces",
          "chat_messages",
          "chat_conversation_reads",
          "chat_agents",
          "chat_notes",
          "chat_canned_responses",
          "chat_agent_presence",
          "chat_files",
          "chat_visitor_seen",
          "visitors",
          "visitor_tokens",
          "webhook_deliveries",
          "email_messages",
          "activity_log",
          "idempotency_keys",
          "automation_runs",
          "automation_step_results",
          "automation_nodes",
          "tenant_retention_periods",
          "api_keys",
          "tenants"
        ])
      )
      const dashboard = (await served.kit.admin.issueDashboardToken(gone.tenant.id, { sub: "user-1", role: "admin" })).token

      const started = await expectJson(await admin("DELETE", `/${gone.tenant.id}`))
      expect(started).toMatchObject({ tenantId: gone.tenant.id, status: "deleting", finishedAt: null })
      // At once the tenant is refused (suspended while its rows go, its key unknown once they are gone:
      // a tenant this small may be gone already), and it cannot be resumed.
      const refused = await apiCaller(served)(() => gone.keys.chat)("GET", "/chat/conversations")
      expect([
        [403, "tenant_suspended"],
        [401, "invalid_key"]
      ]).toContainEqual([refused.status, (await refused.json()).error.code])
      await expectRefusal(await admin("POST", `/${gone.tenant.id}/resume`), 409, "tenant_being_deleted")

      const done = await until("the deletion", async () => {
        const found = await expectJson(await admin("GET", `/${gone.tenant.id}/deletion`))
        return found.status === "deleted" ? found : undefined
      })
      expect(Date.parse(done.finishedAt)).toBeGreaterThanOrEqual(Date.parse(done.requestedAt))
      const after = await rowsOf(served, [gone.tenant.id, kept.tenant.id])
      expect(after[gone.tenant.id]).toEqual({})
      expect(after[kept.tenant.id]).toEqual(before[kept.tenant.id])
      // Its files' bytes went too; the other tenant's stay.
      expect(await stored(photoKey)).toBe(false)
      expect(await stored(keptPhoto)).toBe(true)
      // The report counts what went: each table's rows, the tenant's own row aside.
      const { tenants: _row, ...deletedRows } = before[gone.tenant.id]!
      expect(done.deleted).toEqual(deletedRows)

      // Its credentials are gone with it (where another process deleted it, once this one's caches of
      // keys and standing, ten and five seconds, have passed); the other tenant's work as before.
      const codeOf = async (response: Response) => (await response.json()).error?.code as string | undefined
      const keyCall = () => apiCaller(served)(() => gone.keys.chat)("GET", "/chat/conversations")
      const dashboardCall = () =>
        fetch(`${served.url}/api/tenants/${gone.tenant.id}/api-keys`, { headers: { authorization: `Bearer ${dashboard}` } })
      await until("the key unknown", async () => ((await codeOf(await keyCall())) === "invalid_key" ? true : undefined), 15_000)
      await expectRefusal(await keyCall(), 401, "invalid_key")
      await until("the token refused", async () => ((await codeOf(await dashboardCall())) === "tenant_deleted" ? true : undefined), 15_000)
      await expectRefusal(await dashboardCall(), 403, "tenant_deleted")
      await expectRefusal(await admin("GET", `/${gone.tenant.id}`), 404, "tenant_not_found")
      // Asked again, the same deletion; the record stays.
      expect(await expectJson(await admin("DELETE", `/${gone.tenant.id}`))).toEqual(done)
      expect(await expectJson(await admin("GET", `/${gone.tenant.id}/deletion`))).toEqual(done)
      const conversations = await expectJson(await apiCaller(served)(() => kept.keys.chat)("GET", "/chat/conversations"))
      expect(conversations.data).toHaveLength(1)
    }, 120_000)

    it("refuses an unknown tenant with 404 and a malformed id with 400, changing nothing", async () => {
      await expectRefusal(await admin("DELETE", `/${globalThis.crypto.randomUUID()}`), 404, "tenant_not_found")
      await expectRefusal(await admin("GET", `/${globalThis.crypto.randomUUID()}/deletion`), 404, "tenant_deletion_not_found")
      await expectRefusal(await admin("DELETE", "/not-a-uuid"), 400, "validation_failed")
      const unauthorized = await fetch(`${served.url}/api/admin/tenants/${kept.tenant.id}`, { method: "DELETE" })
      expect(unauthorized.status).toBe(401)
      expect((await served.kit.admin.getTenant(kept.tenant.id)).suspension).toBeNull()
    })
  })
