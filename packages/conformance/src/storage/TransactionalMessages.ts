import type { EmailMessage } from "@servicekit/core/transactional"
import {
  ActivityLog,
  MessageRepository,
  type TenantRepository,
  TRANSACTIONAL_SOURCE as SOURCE
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, uuid } from "./fixtures.js"
import { makeEntry, makeMessage } from "./transactionalFixtures.js"

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
          stream: "broadcast",
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

    it.effect("notes a message's first bounce and first complaint once each, within its tenant, kept across its updates", () =>
      Effect.gen(function* () {
        const messages = yield* MessageRepository
        const [tenant, other] = [yield* insertTenant(), yield* insertTenant()]
        const message = makeMessage(tenant.id, { status: "sent" })
        yield* messages.insertMany([message])
        const key = { tenantId: tenant.id, id: message.id }
        const when = at("2026-03-01T10:00:00.000Z")
        expect(yield* messages.firstReport({ tenantId: other.id, id: message.id }, "bounce", when)).toBe(false)
        expect(yield* messages.firstReport({ tenantId: tenant.id, id: uuid() }, "bounce", when)).toBe(false)
        expect(yield* messages.firstReport({ tenantId: "not-a-uuid", id: message.id }, "bounce", when)).toBe(false)
        expect(yield* messages.firstReport(key, "bounce", when)).toBe(true)
        // Storing the message again (a later state) keeps what was noted.
        yield* messages.insertMany([{ ...message, attempts: 2 }])
        expect(yield* messages.firstReport(key, "bounce", when)).toBe(false)
        expect(yield* messages.firstReport(key, "complaint", when)).toBe(true)
        expect(yield* messages.firstReport(key, "complaint", when)).toBe(false)
      })
    )

    it.effect("counts the tenant's queued messages, no further than asked", () =>
      Effect.gen(function* () {
        const messages = yield* MessageRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        expect(yield* messages.countQueued(tenant.id, 10)).toBe(0)
        yield* messages.insertMany([
          ...(["queued", "sent", "queued", "failed", "queued"] as const).map((status) => makeMessage(tenant.id, { status })),
          makeMessage(other.id)
        ])
        expect(yield* messages.countQueued(tenant.id, 10)).toBe(3)
        expect(yield* messages.countQueued(tenant.id, 2)).toBe(2)
        expect(yield* messages.countQueued(other.id, 10)).toBe(1)
        expect(yield* messages.countQueued(uuid(), 10)).toBe(0)
        expect(yield* messages.countQueued("not-a-uuid", 10)).toBe(0)
      })
    )

    it.effect("clears the bodies of messages no longer queued, the oldest first, of one tenant or of all, and keeps the rest of each", () =>
      Effect.gen(function* () {
        const messages = yield* MessageRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        // Dates long before any other suite's, so that the all-tenants prune touches only these.
        const made = (tenantId: string, day: string, status: EmailMessage["status"]) =>
          makeMessage(tenantId, { status, createdAt: at(`1993-05-${day}T09:00:00.000Z`), updatedAt: at(`1993-05-${day}T09:00:05.000Z`) })
        const oldest = made(tenant.id, "01", "sent")
        const older = made(tenant.id, "02", "failed")
        const old = made(tenant.id, "03", "suppressed")
        const queued = made(tenant.id, "01", "queued")
        const recent = made(tenant.id, "20", "sent")
        const theirs = made(other.id, "01", "sent")
        yield* messages.insertMany([recent, old, queued, older, oldest, theirs])
        const before = at("1993-05-10T00:00:00.000Z")
        const cleared = (message: EmailMessage) => Option.some({ ...message, html: null, text: null })

        expect(yield* messages.pruneContent(before, 2, tenant.id)).toBe(2)
        expect(yield* messages.find(tenant.id, oldest.id)).toEqual(cleared(oldest))
        expect(yield* messages.find(tenant.id, older.id)).toEqual(cleared(older))
        expect(yield* messages.find(tenant.id, old.id)).toEqual(Option.some(old))
        expect(yield* messages.pruneContent(before, 2, tenant.id)).toBe(1)
        expect(yield* messages.find(tenant.id, old.id)).toEqual(cleared(old))
        // Cleared ones are not counted again; a queued one is still to be sent, a recent one in its period.
        expect(yield* messages.pruneContent(before, 2, tenant.id)).toBe(0)
        expect(yield* messages.find(tenant.id, queued.id)).toEqual(Option.some(queued))
        expect(yield* messages.find(tenant.id, recent.id)).toEqual(Option.some(recent))
        expect(yield* messages.find(other.id, theirs.id)).toEqual(Option.some(theirs))
        expect(yield* messages.pruneContent(before, 10, "not-a-uuid")).toBe(0)

        expect(yield* messages.pruneContent(before, 10)).toBe(1)
        expect(yield* messages.find(other.id, theirs.id)).toEqual(cleared(theirs))
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
