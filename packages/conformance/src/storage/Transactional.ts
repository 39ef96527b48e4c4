import {
  type ActivityEntry,
  ActivityLog,
  type EmailMessage,
  type EmailTemplate,
  MessageRepository,
  TemplateRepository,
  type TenantRepository,
  TRANSACTIONAL_SOURCE as SOURCE,
  UniqueViolation
} from "@servicekit/core"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { allPages, at, DAY, insertTenant, MINUTE, newestFirst, plus, uuid } from "./fixtures.js"

const makeTemplate = (tenantId: string, overrides: Partial<EmailTemplate> = {}): EmailTemplate => ({
  id: uuid(),
  tenantId,
  name: `welcome-${uuid()}`,
  channel: "email",
  body: { subject: "Welcome, {{name}}", html: "<p>Hello {{name}}</p>", text: "Hello {{name}}" },
  createdAt: at("2026-03-01T09:00:00.000Z"),
  updatedAt: at("2026-03-01T09:00:00.000Z"),
  ...overrides
})

const makeMessage = (tenantId: string, overrides: Partial<EmailMessage> = {}): EmailMessage => ({
  id: uuid(),
  tenantId,
  templateId: null,
  templateName: null,
  from: "Acme <hello@acme.example>",
  to: "ada@example.com",
  subject: "Your receipt",
  html: "<p>Thanks</p>",
  text: "Thanks",
  test: false,
  source: "transactional_v1",
  status: "queued",
  attempts: 0,
  providerMessageId: null,
  error: null,
  createdAt: at("2026-03-01T09:00:00.000Z"),
  updatedAt: at("2026-03-01T09:00:00.000Z"),
  ...overrides
})

const makeEntry = (tenantId: string, overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: uuid(),
  tenantId,
  status: "sent",
  recipient: "ada@example.com",
  templateId: null,
  templateName: null,
  subject: "Your receipt",
  providerMessageId: null,
  error: null,
  metadata: { source: SOURCE },
  createdAt: at("2026-03-01T09:00:00.000Z"),
  ...overrides
})

const templatesNewestFirst = newestFirst<EmailTemplate>((template) => template.createdAt)
const entriesNewestFirst = newestFirst<ActivityEntry>((entry) => entry.createdAt)

const nameTaken = new UniqueViolation({ constraint: "email_templates_tenant_name_key" })

export const templatesSuite: StorageSuite<TemplateRepository | TenantRepository> = {
  name: "email templates",
  tests: (it) => {
    it.effect("stores a template whole, finds it only within its tenant, and replaces it on update", () =>
      Effect.gen(function* () {
        const templates = yield* TemplateRepository
        const tenant = yield* insertTenant()
        const template = makeTemplate(tenant.id)
        yield* templates.insert(template)
        // Ids are per tenant: another tenant's template with the same id and name is another template.
        const elsewhere = { ...template, tenantId: (yield* insertTenant()).id }
        yield* templates.insert(elsewhere)
        expect(yield* templates.find(tenant.id, template.id)).toEqual(Option.some(template))
        expect(yield* templates.find(uuid(), template.id)).toEqual(Option.none())
        expect(yield* templates.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* templates.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* templates.find("not-a-uuid", template.id)).toEqual(Option.none())

        const changed: EmailTemplate = {
          ...template,
          name: `receipt-${uuid()}`,
          body: { subject: "Receipt", html: "", text: "Paid {{amount}}" },
          updatedAt: at("2026-03-02T10:00:00.000Z")
        }
        yield* templates.update(changed)
        expect(yield* templates.find(tenant.id, template.id)).toEqual(Option.some(changed))
        expect(yield* templates.list(tenant.id, { limit: 10 })).toEqual([changed])
        expect(yield* templates.find(elsewhere.tenantId, template.id)).toEqual(Option.some(elsewhere))
      })
    )

    it.effect("lists a tenant's templates newest first (then by id), in keyset pages", () =>
      Effect.gen(function* () {
        const templates = yield* TemplateRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-03-01T00:00:00.000Z")
        // Three share a creation time, so the id decides their order.
        const stored = [0, 1, 1, 1, 2, 3, 5].map((minutes) =>
          makeTemplate(tenant.id, { createdAt: plus(base, minutes * MINUTE) })
        )
        for (const template of stored) yield* templates.insert(template)
        yield* templates.insert(makeTemplate(other.id, { createdAt: plus(base, 4 * MINUTE) }))
        const expected = [...stored].sort(templatesNewestFirst)

        expect(yield* templates.list(tenant.id, { limit: 100 })).toEqual(expected)
        expect(yield* templates.list(tenant.id, { limit: 2 })).toEqual(expected.slice(0, 2))
        for (const limit of [1, 2, 3, 7]) {
          expect(yield* allPages((after) => templates.list(tenant.id, { limit, after }), limit)).toEqual(expected)
        }
        const last = expected[expected.length - 1]
        expect(yield* templates.list(tenant.id, { limit: 5, after: last })).toEqual([])

        expect(yield* templates.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* templates.list("not-a-uuid", { limit: 10 })).toEqual([])
      })
    )

    it.effect("pages from a position whose id is no uuid, comparing the id as text", () =>
      Effect.gen(function* () {
        const templates = yield* TemplateRepository
        const tenant = yield* insertTenant()
        const tie = at("2026-03-01T10:00:00.000Z")
        const older = makeTemplate(tenant.id, { createdAt: plus(tie, -MINUTE) })
        const tied = [makeTemplate(tenant.id, { createdAt: tie }), makeTemplate(tenant.id, { createdAt: tie })]
        const newer = makeTemplate(tenant.id, { createdAt: plus(tie, MINUTE) })
        for (const template of [older, ...tied, newer]) yield* templates.insert(template)
        // Every uuid sorts before "z" and after "" (nothing sorts before it).
        expect(yield* templates.list(tenant.id, { limit: 10, after: { createdAt: tie, id: "z" } })).toEqual([
          ...[...tied].sort(templatesNewestFirst),
          older
        ])
        expect(yield* templates.list(tenant.id, { limit: 10, after: { createdAt: tie, id: "" } })).toEqual([older])
      })
    )

    it.effect("refuses a name the tenant already uses, on insert and on rename; other tenants may use it", () =>
      Effect.gen(function* () {
        const templates = yield* TemplateRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const welcome = makeTemplate(tenant.id, { name: "welcome" })
        yield* templates.insert(welcome)
        expect(yield* Effect.flip(templates.insert(makeTemplate(tenant.id, { name: "welcome" })))).toEqual(nameTaken)

        const elsewhere = makeTemplate(other.id, { name: "welcome" })
        yield* templates.insert(elsewhere)
        expect(yield* templates.find(other.id, elsewhere.id)).toEqual(Option.some(elsewhere))

        const receipt = makeTemplate(tenant.id, { name: "receipt" })
        yield* templates.insert(receipt)
        expect(yield* Effect.flip(templates.update({ ...receipt, name: "welcome" }))).toEqual(nameTaken)
        expect(yield* templates.find(tenant.id, receipt.id)).toEqual(Option.some(receipt))

        // Keeping its own name is no conflict.
        const reworded = { ...welcome, body: { ...welcome.body, subject: "Hi" } }
        yield* templates.update(reworded)
        expect(yield* templates.find(tenant.id, welcome.id)).toEqual(Option.some(reworded))
      })
    )

    it.effect("removes a template only within its tenant, which frees its name", () =>
      Effect.gen(function* () {
        const templates = yield* TemplateRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const template = makeTemplate(tenant.id, { name: "welcome" })
        yield* templates.insert(template)

        expect(yield* templates.remove(other.id, template.id)).toBe(false)
        expect(yield* templates.remove(tenant.id, "not-a-uuid")).toBe(false)
        expect(yield* templates.remove("not-a-uuid", template.id)).toBe(false)
        expect(yield* templates.find(tenant.id, template.id)).toEqual(Option.some(template))

        expect(yield* templates.remove(tenant.id, template.id)).toBe(true)
        expect(yield* templates.find(tenant.id, template.id)).toEqual(Option.none())
        expect(yield* templates.remove(tenant.id, template.id)).toBe(false)

        const again = makeTemplate(tenant.id, { name: "welcome" })
        yield* templates.insert(again)
        expect(yield* templates.list(tenant.id, { limit: 10 })).toEqual([again])
      })
    )
  }
}

export const messagesSuite: StorageSuite<MessageRepository | ActivityLog | TenantRepository> = {
  name: "email messages",
  tests: (it) => {
    it.effect("inserts a batch and finds each message only within its tenant, every field intact", () =>
      Effect.gen(function* () {
        const messages = yield* MessageRepository
        const tenant = yield* insertTenant()
        const full = makeMessage(tenant.id, {
          templateId: uuid(),
          templateName: "welcome",
          test: true,
          source: "automations_v1",
          status: "failed",
          attempts: 5,
          providerMessageId: "<abc@smtp.example>",
          error: "550 mailbox unavailable",
          updatedAt: at("2026-03-01T09:05:00.000Z")
        })
        const bare = makeMessage(tenant.id, { html: null, text: "Only text" })
        yield* messages.insertMany([])
        yield* messages.insertMany([full, bare])

        expect(yield* messages.find(tenant.id, full.id)).toEqual(Option.some(full))
        expect(yield* messages.find(tenant.id, bare.id)).toEqual(Option.some(bare))
        expect(yield* messages.find(uuid(), full.id)).toEqual(Option.none())
        expect(yield* messages.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* messages.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* messages.find("not-a-uuid", full.id)).toEqual(Option.none())
      })
    )

    it.effect("claims queued messages once per attempt, counting it, and never one that is not queued", () =>
      Effect.gen(function* () {
        const messages = yield* MessageRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const queued = makeMessage(tenant.id)
        const elsewhere = { ...queued, tenantId: other.id }
        const theirs = makeMessage(other.id)
        const sent = makeMessage(tenant.id, { status: "sent", attempts: 1 })
        const failed = makeMessage(tenant.id, { status: "failed", attempts: 5 })
        yield* messages.insertMany([queued, sent, failed])
        yield* messages.insertMany([elsewhere, theirs])
        const when = at("2026-03-01T09:00:05.000Z")
        const key = (message: EmailMessage) => ({ tenantId: message.tenantId, id: message.id })

        const claimed = { ...queued, attempts: 1, updatedAt: when }
        expect(yield* messages.claim([key(queued)], when)).toEqual([claimed])
        expect(yield* messages.find(tenant.id, queued.id)).toEqual(Option.some(claimed))
        expect(yield* messages.claim([key(queued)], when)).toEqual([{ ...claimed, attempts: 2 }])
        // Of many keys, of two tenants: each queued one once; the others are no error.
        const both = yield* messages.claim(
          [
            key(theirs),
            key(sent),
            key(failed),
            key(queued),
            key(theirs),
            { tenantId: tenant.id, id: uuid() },
            { tenantId: tenant.id, id: "not-a-uuid" },
            { tenantId: "not-a-uuid", id: queued.id }
          ],
          when
        )
        const byId = (a: EmailMessage, b: EmailMessage) => (a.id < b.id ? -1 : 1)
        expect([...both].sort(byId)).toEqual(
          [
            { ...queued, attempts: 3, updatedAt: when },
            { ...theirs, attempts: 1, updatedAt: when }
          ].sort(byId)
        )
        expect(yield* messages.claim([], when)).toEqual([])
        expect(yield* messages.find(tenant.id, sent.id)).toEqual(Option.some(sent))
        expect(yield* messages.find(tenant.id, failed.id)).toEqual(Option.some(failed))
        // Another tenant's message with the same id is its own.
        expect(yield* messages.find(other.id, queued.id)).toEqual(Option.some(elsewhere))
      })
    )

    it.effect("records attempts: each message's state and its ledger row together, only within its tenant", () =>
      Effect.gen(function* () {
        const messages = yield* MessageRepository
        const activity = yield* ActivityLog
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const queued = makeMessage(tenant.id)
        const second = makeMessage(tenant.id)
        const elsewhere = { ...queued, tenantId: other.id }
        yield* messages.insertMany([queued, second])
        yield* messages.insertMany([elsewhere])

        const sent: EmailMessage = {
          ...queued,
          status: "sent",
          attempts: 2,
          providerMessageId: "<xyz@smtp.example>",
          error: null,
          updatedAt: at("2026-03-01T09:00:06.000Z")
        }
        const entry = makeEntry(tenant.id, {
          providerMessageId: "<xyz@smtp.example>",
          metadata: { source: SOURCE, messageId: queued.id, attempt: 2 },
          createdAt: at("2026-03-01T09:00:06.000Z")
        })
        const retrying: EmailMessage = {
          ...second,
          attempts: 1,
          error: "451 try again — ✗",
          updatedAt: at("2026-03-01T09:00:07.000Z")
        }
        const retryEntry = makeEntry(tenant.id, {
          status: "failed",
          error: "451 try again — ✗",
          metadata: { source: SOURCE, messageId: second.id, attempt: 1, retrying: true },
          createdAt: at("2026-03-01T09:00:07.000Z")
        })
        // A message gone meanwhile: its attempt still reaches the ledger, and no message appears.
        const gone = makeMessage(tenant.id, { status: "sent", attempts: 1 })
        const goneEntry = makeEntry(tenant.id, { metadata: { source: SOURCE, messageId: gone.id, attempt: 1 } })
        yield* messages.recordAttempts([
          { message: sent, attempt: entry },
          { message: retrying, attempt: retryEntry },
          { message: gone, attempt: goneEntry }
        ])
        expect(yield* messages.find(tenant.id, queued.id)).toEqual(Option.some(sent))
        expect(yield* messages.find(tenant.id, second.id)).toEqual(Option.some(retrying))
        expect(yield* messages.find(tenant.id, gone.id)).toEqual(Option.none())
        for (const row of [entry, retryEntry, goneEntry]) {
          expect(yield* activity.find(tenant.id, row.id)).toEqual(Option.some(row))
        }
        expect(yield* messages.find(other.id, queued.id)).toEqual(Option.some(elsewhere))
        yield* messages.recordAttempts([])
      })
    )
  }
}

export const activitySuite: StorageSuite<ActivityLog | TenantRepository> = {
  name: "activity log",
  tests: (it) => {
    it.effect("appends entries and finds each only within its tenant, metadata intact", () =>
      Effect.gen(function* () {
        const activity = yield* ActivityLog
        const tenant = yield* insertTenant()
        const failed = makeEntry(tenant.id, {
          status: "failed",
          templateId: uuid(),
          templateName: "welcome",
          error: "connection refused",
          metadata: { source: SOURCE, retrying: true, attempt: 1, message: { id: uuid(), tags: ["a", "b"] } }
        })
        const sent = makeEntry(tenant.id, { providerMessageId: "<abc@smtp.example>", metadata: {} })
        yield* activity.append(failed)
        yield* activity.append(sent)

        expect(yield* activity.find(tenant.id, failed.id)).toEqual(Option.some(failed))
        expect(yield* activity.find(tenant.id, sent.id)).toEqual(Option.some(sent))
        expect(yield* activity.find(uuid(), failed.id)).toEqual(Option.none())
        expect(yield* activity.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* activity.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* activity.find("not-a-uuid", failed.id)).toEqual(Option.none())
      })
    )

    it.effect("lists newest first (then by id) in keyset pages, of every source or of one", () =>
      Effect.gen(function* () {
        const activity = yield* ActivityLog
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-03-01T00:00:00.000Z")
        const sources: ReadonlyArray<Record<string, unknown>> = [
          { source: SOURCE },
          { source: "marketing_v1" },
          {},
          // A number is no match for the string "5".
          { source: 5 },
          { source: "5" }
        ]
        const stored = Array.from({ length: 15 }, (_, i) =>
          makeEntry(tenant.id, { createdAt: plus(base, Math.floor(i / 3) * MINUTE), metadata: sources[i % 5] })
        )
        for (const entry of stored) yield* activity.append(entry)
        yield* activity.append(makeEntry(other.id, { createdAt: plus(base, 2 * MINUTE) }))

        const expected = [...stored].sort(entriesNewestFirst)
        const ofSource = (source: string) => expected.filter((entry) => entry.metadata.source === source)
        expect(ofSource(SOURCE)).toHaveLength(3)
        expect(yield* activity.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 4, 15]) {
          expect(yield* allPages((after) => activity.list(tenant.id, { limit, after }), limit)).toEqual(expected)
          for (const source of [SOURCE, "marketing_v1", "5"]) {
            expect(yield* allPages((after) => activity.list(tenant.id, { limit, after, source }), limit)).toEqual(
              ofSource(source)
            )
          }
        }
        expect(yield* activity.list(tenant.id, { limit: 10, source: "automations_v1" })).toEqual([])
        expect(yield* activity.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* activity.list("not-a-uuid", { limit: 10, source: SOURCE })).toEqual([])
      })
    )

    it.effect(
      "counts one source's sent and not-retried failed deliveries in [from, to), per UTC day and template",
      () =>
        Effect.gen(function* () {
          const activity = yield* ActivityLog
          const tenant = yield* insertTenant()
          const other = yield* insertTenant()
          const from = at("2026-03-01T00:00:00.000Z")
          const to = at("2026-03-04T00:00:00.000Z")
          const welcome = "00000000-0000-4000-8000-00000000000a"
          const receipt = "00000000-0000-4000-8000-00000000000c"
          const reset = "00000000-0000-4000-8000-00000000000b"
          const entry = (createdAt: string, overrides: Partial<ActivityEntry> = {}) =>
            makeEntry(tenant.id, { createdAt: at(createdAt), ...overrides })
          const named = (templateId: string, templateName: string) => ({ templateId, templateName })
          const retrying = (retrying: unknown) => ({
            status: "failed" as const,
            metadata: { source: SOURCE, retrying }
          })
          const entries = [
            // Outside the window, another source, another tenant: none of these count.
            entry("2026-02-28T23:59:59.999Z", named(welcome, "Old")),
            entry("2026-03-04T00:00:00.000Z", named(welcome, "Too late")),
            entry("2026-03-02T08:00:00.000Z", { ...named(welcome, "Marketing"), metadata: { source: "marketing_v1" } }),
            entry("2026-03-02T08:00:00.000Z", { metadata: {} }),
            makeEntry(other.id, { createdAt: at("2026-03-02T08:00:00.000Z") }),
            // Day 1: from itself counts.
            entry("2026-03-01T00:00:00.000Z"),
            entry("2026-03-01T08:00:00.000Z", named(welcome, "Welcome")),
            entry("2026-03-01T09:00:00.000Z", { ...named(welcome, "Welcome"), ...retrying(true) }),
            entry("2026-03-01T10:00:00.000Z", { ...named(welcome, "Welcome"), ...retrying(false) }),
            // Day 2, to its last millisecond.
            entry("2026-03-02T12:00:00.000Z"),
            entry("2026-03-02T23:59:59.999Z", named(welcome, "Welcome v2")),
            // Day 3: a retried failure counts nowhere and does not name its template; only `true` means retried.
            entry("2026-03-03T00:00:00.000Z", named(receipt, "Receipt")),
            entry("2026-03-03T01:00:00.000Z", { ...named(welcome, "Welcome v3"), ...retrying(true) }),
            entry("2026-03-03T02:00:00.000Z", { ...named(receipt, "Receipt"), ...retrying("true") }),
            entry("2026-03-03T03:00:00.000Z", { ...named(reset, "Reset"), status: "failed", error: "550" }),
            entry("2026-03-03T04:00:00.000Z", named(reset, "Reset password"))
          ]
          for (const appended of entries) yield* activity.append(appended)

          expect(yield* activity.statistics(tenant.id, { from, to, source: SOURCE })).toEqual({
            byDay: [
              { day: "2026-03-01", sent: 2, failed: 1 },
              { day: "2026-03-02", sent: 2, failed: 0 },
              { day: "2026-03-03", sent: 2, failed: 2 }
            ],
            byTemplate: [
              { templateId: welcome, templateName: "Welcome v2", sent: 2, failed: 1 },
              // Equal totals: no template first, then by id.
              { templateId: null, templateName: null, sent: 2, failed: 0 },
              { templateId: reset, templateName: "Reset password", sent: 1, failed: 1 },
              { templateId: receipt, templateName: "Receipt", sent: 1, failed: 1 }
            ]
          })

          expect(
            yield* activity.statistics(tenant.id, {
              from: plus(from, DAY),
              to: plus(from, 2 * DAY),
              source: SOURCE
            })
          ).toEqual({
            byDay: [{ day: "2026-03-02", sent: 2, failed: 0 }],
            byTemplate: [
              { templateId: null, templateName: null, sent: 1, failed: 0 },
              { templateId: welcome, templateName: "Welcome v2", sent: 1, failed: 0 }
            ]
          })
          expect(yield* activity.statistics(tenant.id, { from, to, source: "marketing_v1" })).toEqual({
            byDay: [{ day: "2026-03-02", sent: 1, failed: 0 }],
            byTemplate: [{ templateId: welcome, templateName: "Marketing", sent: 1, failed: 0 }]
          })
          const none = { byDay: [], byTemplate: [] }
          expect(yield* activity.statistics(tenant.id, { from: to, to: plus(to, DAY), source: "nobody" })).toEqual(none)
          expect(yield* activity.statistics(uuid(), { from, to, source: SOURCE })).toEqual(none)
          expect(yield* activity.statistics("not-a-uuid", { from, to, source: SOURCE })).toEqual(none)
        })
    )
  }
}
