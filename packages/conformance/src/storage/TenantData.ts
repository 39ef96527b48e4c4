import {
  ApiKeyRepository,
  CallRepository,
  ChatMessageRepository,
  ConversationRepository,
  TenantData,
  TenantDeletionRepository,
  TenantRepository,
  type UnitOfWork,
  UsageLedger,
  VisitorRepository,
  withTransaction
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { makeConversation, makeDraft, makeUpsert } from "./chatFixtures.js"
import { at, insertTenant, makeCall, makeEntry, makeKey, uuid } from "./fixtures.js"

/** Tables of the built-in modules that hold tenants' rows: every storage counts and deletes each. */
export const BUILT_IN_TENANT_KINDS = [
  "activity_log",
  "api_keys",
  "automation_agent_turns",
  "automation_agents",
  "automation_approvals",
  "automation_channels",
  "automation_flows",
  "automation_memory",
  "automation_memory_audit",
  "automation_model_choices",
  "automation_node_commands",
  "automation_nodes",
  "automation_policies",
  "automation_runs",
  "automation_sequences",
  "automation_session_entries",
  "automation_sessions",
  "automation_skill_installs",
  "automation_skill_packs",
  "automation_step_results",
  "automation_tool_profiles",
  "automation_waitpoints",
  "automation_workflows",
  "call_days",
  "calls",
  "calls_in_progress",
  "chat_agent_presence",
  "chat_agents",
  "chat_canned_responses",
  "chat_conversation_reads",
  "chat_files",
  "chat_messages",
  "chat_notes",
  "chat_visitor_seen",
  "chat_widgets",
  "conversations",
  "email_messages",
  "email_templates",
  "event_outbox",
  "growth_conversations",
  "growth_messages",
  "hosted_sip_numbers",
  "idempotency_keys",
  "mail_domains",
  "mail_reputation_hours",
  "mail_reputation_restarts",
  "mail_reputation_standings",
  "email_soft_bounces",
  "email_suppressions",
  "schedule_firings",
  "schedules",
  "sip_settings",
  "tenant_retention_periods",
  "usage_entries",
  "visitor_tokens",
  "visitors",
  "webhook_attempts",
  "webhook_deliveries",
  "webhook_subscriptions"
]

type Ports =
  | TenantData
  | UnitOfWork
  | TenantRepository
  | TenantDeletionRepository
  | CallRepository
  | ApiKeyRepository
  | UsageLedger
  | VisitorRepository
  | ConversationRepository
  | ChatMessageRepository

/** A tenant with three calls, a key, a usage entry and a visitor's conversation of two messages. */
const tenantWithRows = Effect.gen(function* () {
  const tenant = yield* insertTenant()
  yield* Effect.flatMap(CallRepository, (calls) =>
    calls.insertMany([1, 2, 3].map((n) => makeCall(tenant.id, { startedAt: at(`2026-11-2${n}T10:00:00.000Z`) })))
  )
  yield* Effect.flatMap(ApiKeyRepository, (keys) => keys.insert(makeKey(tenant.id)))
  yield* Effect.flatMap(UsageLedger, (usage) => usage.append(makeEntry(tenant.id)))
  const visitor = yield* Effect.flatMap(VisitorRepository, (visitors) => visitors.upsert(makeUpsert(tenant.id)))
  const conversation = makeConversation(tenant.id, { visitorId: visitor.id })
  yield* Effect.flatMap(ConversationRepository, (conversations) => conversations.insert(conversation))
  const messages = yield* ChatMessageRepository
  yield* messages.append(makeDraft(conversation))
  yield* messages.append(makeDraft(conversation, { content: "Still waiting." }))
  return tenant
})

const countsOf = (tenantId: string) =>
  Effect.flatMap(TenantData, (data) =>
    Effect.map(
      Effect.forEach(data.kinds, (kind) => Effect.map(data.count(tenantId, kind), (count) => [kind, count] as const)),
      (pairs) => Object.fromEntries(pairs.filter(([, count]) => count > 0))
    )
  )

const HELD = { calls: 3, call_days: 3, api_keys: 1, usage_entries: 1, visitors: 1, conversations: 1, chat_messages: 2 }

export const tenantDataSuite: StorageSuite<Ports> = {
  name: "tenant data",
  tests: (it) => {
    it.effect("knows every built-in table that holds tenants' rows, each once", () =>
      Effect.gen(function* () {
        const { kinds } = yield* TenantData
        expect(new Set(kinds).size).toBe(kinds.length)
        expect(kinds).toEqual(expect.arrayContaining(BUILT_IN_TENANT_KINDS))
      })
    )

    it.effect("counts a tenant's rows by kind, and none of an unknown tenant or a malformed id", () =>
      Effect.gen(function* () {
        const data = yield* TenantData
        const tenant = yield* tenantWithRows
        expect(yield* countsOf(tenant.id)).toEqual(HELD)
        expect(yield* countsOf(uuid())).toEqual({})
        expect(yield* data.count("not-a-uuid", "calls")).toBe(0)
        expect(yield* data.deleteSome("not-a-uuid", "calls", 10)).toBe(0)
      })
    )

    it.effect("deletes a tenant's rows in batches of at most the limit, kind by kind, and then its own row; another tenant keeps all of its", () =>
      Effect.gen(function* () {
        const data = yield* TenantData
        const tenants = yield* TenantRepository
        const [gone, kept] = [yield* tenantWithRows, yield* tenantWithRows]
        expect(yield* data.deleteSome(gone.id, "calls", 2)).toBe(2)
        expect(yield* data.deleteSome(gone.id, "calls", 2)).toBe(1)
        expect(yield* data.deleteSome(gone.id, "calls", 2)).toBe(0)
        // In the storage's order, which deletes rows that reference others first.
        for (const kind of data.kinds) while ((yield* data.deleteSome(gone.id, kind, 1)) > 0);
        expect(yield* countsOf(gone.id)).toEqual({})
        expect(yield* tenants.remove(gone.id)).toBe(true)
        expect(yield* tenants.findById(gone.id)).toEqual(Option.none())
        expect(yield* tenants.remove(gone.id)).toBe(false)
        expect(yield* countsOf(kept.id)).toEqual(HELD)
        expect(Option.isSome(yield* tenants.findById(kept.id))).toBe(true)
      })
    )

    it.effect("reads a tenant's rows page by page as JSON lines, each once, and none of another tenant", () =>
      Effect.gen(function* () {
        const data = yield* TenantData
        const [tenant, other] = [yield* tenantWithRows, yield* tenantWithRows]
        const linesOf = (tenantId: string, kind: string, limit = 2) =>
          Effect.gen(function* () {
            const lines: Array<string> = []
            let after: string | null = null
            do {
              const page: { lines: ReadonlyArray<string>; next: string | null } = yield* data.readSome(tenantId, kind, after, limit)
              expect(page.lines.length).toBeLessThanOrEqual(limit)
              lines.push(...page.lines)
              after = page.next
            } while (after !== null)
            return lines
          })
        const calls = (yield* linesOf(tenant.id, "calls")).map((line) => JSON.parse(line))
        expect(calls).toHaveLength(3)
        expect(new Set(calls.map((call) => call.id)).size).toBe(3)
        const otherCalls = (yield* linesOf(other.id, "calls")).map((line) => JSON.parse(line).id)
        expect(calls.some((call) => otherCalls.includes(call.id))).toBe(false)
        const messages = yield* linesOf(tenant.id, "chat_messages")
        expect(messages.filter((line) => line.includes("Still waiting."))).toHaveLength(1)
        // A row a page: every kind's cursor is read back, a key led by the tenant or not.
        for (const [kind, count] of Object.entries(HELD)) expect(yield* linesOf(tenant.id, kind, 1)).toHaveLength(count)
        expect(yield* data.readSome("not-a-uuid", "calls", null, 10)).toEqual({ lines: [], next: null })
      })
    )

    it.effect("puts back what a unit of work deleted when it fails", () =>
      Effect.gen(function* () {
        const data = yield* TenantData
        const tenant = yield* tenantWithRows
        const failed = yield* Effect.flip(
          withTransaction(Effect.zipRight(data.deleteSome(tenant.id, "calls", 10), Effect.fail("rolled back")))
        )
        expect(failed).toBe("rolled back")
        expect(yield* countsOf(tenant.id)).toEqual(HELD)
      })
    )

    it.effect("keeps one deletion record a tenant: the first start wins; counts add up, also at once; finish marks it done", () =>
      Effect.gen(function* () {
        const deletions = yield* TenantDeletionRepository
        const tenantId = uuid()
        const record = {
          tenantId,
          status: "deleting" as const,
          requestedAt: at("2026-11-30T10:00:00.000Z"),
          finishedAt: null,
          deleted: {}
        }
        expect(yield* deletions.find(tenantId)).toEqual(Option.none())
        expect(yield* deletions.start(record)).toEqual(record)
        expect(yield* deletions.start({ ...record, requestedAt: at("2026-11-30T11:00:00.000Z") })).toEqual(record)
        yield* deletions.count(tenantId, "calls", 500)
        yield* Effect.all(
          [deletions.count(tenantId, "calls", 3), deletions.count(tenantId, "chat_messages", 2), deletions.count(tenantId, "calls", 1)],
          { concurrency: "unbounded" }
        )
        expect(yield* deletions.unfinished(100)).toContainEqual({ ...record, deleted: { calls: 504, chat_messages: 2 } })
        const finishedAt = at("2026-11-30T10:05:00.000Z")
        yield* deletions.finish(tenantId, finishedAt)
        const done = { ...record, status: "deleted", finishedAt, deleted: { calls: 504, chat_messages: 2 } }
        expect(yield* deletions.find(tenantId)).toEqual(Option.some(done))
        expect((yield* deletions.unfinished(100)).map((found) => found.tenantId)).not.toContain(tenantId)
        expect(yield* deletions.find("not-a-uuid")).toEqual(Option.none())
      })
    )
  }
}
