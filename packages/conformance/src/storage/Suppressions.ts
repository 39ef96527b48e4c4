import { type Suppression, SuppressionRepository, type TenantRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, insertTenant, uuid } from "./fixtures.js"

const entry = (tenantId: string, email: string, extra: Partial<Suppression> = {}): Suppression => ({
  tenantId,
  id: uuid(),
  stream: "transactional",
  email,
  reason: "hard_bounce",
  detail: "550 5.1.1 user unknown",
  messageId: uuid(),
  createdAt: at("2026-11-20T10:00:00.000Z"),
  ...extra
})

export const suppressionsSuite: StorageSuite<SuppressionRepository | TenantRepository> = {
  name: "suppressions",
  tests: (it) => {
    it.effect("holds an address once per stream and tenant, finds it among others, and lists newest first", () =>
      Effect.gen(function* () {
        const suppressions = yield* SuppressionRepository
        const [tenant, other] = [yield* insertTenant(), yield* insertTenant()]
        const bounced = entry(tenant.id, "ada@example.com")
        const manual = entry(tenant.id, "grace@example.com", {
          reason: "manual",
          detail: null,
          messageId: null,
          createdAt: at("2026-11-21T10:00:00.000Z")
        })
        const broadcast = entry(tenant.id, "ada@example.com", {
          stream: "broadcast",
          reason: "unsubscribe",
          createdAt: at("2026-11-22T10:00:00.000Z")
        })
        expect(yield* suppressions.insert(bounced)).toBe(true)
        expect(yield* suppressions.insert(manual)).toBe(true)
        expect(yield* suppressions.insert(broadcast)).toBe(true)
        expect(yield* suppressions.insert({ ...bounced, id: uuid(), reason: "manual" })).toBe(false)
        const theirs = entry(other.id, "ada@example.com")
        expect(yield* suppressions.insert(theirs)).toBe(true)

        const among = yield* suppressions.among(tenant.id, "transactional", ["ada@example.com", "bob@example.com"])
        expect(among).toEqual([bounced])
        expect(yield* suppressions.among(tenant.id, "broadcast", ["ada@example.com"])).toEqual([broadcast])
        expect(yield* suppressions.among("not-a-uuid", "transactional", ["ada@example.com"])).toEqual([])
        expect(yield* suppressions.find(tenant.id, bounced.id)).toEqual(Option.some(bounced))
        expect(yield* suppressions.find(other.id, bounced.id)).toEqual(Option.none())

        expect(yield* suppressions.list(tenant.id, {}, { limit: 10 })).toEqual([broadcast, manual, bounced])
        expect(yield* suppressions.list(tenant.id, {}, { limit: 1, after: manual })).toEqual([bounced])
        expect(yield* suppressions.list(tenant.id, { stream: "transactional" }, { limit: 10 })).toEqual([manual, bounced])
        expect(yield* suppressions.list(tenant.id, { email: "ada@example.com" }, { limit: 10 })).toEqual([
          broadcast,
          bounced
        ])
        expect(yield* suppressions.list(tenant.id, { reason: "manual" }, { limit: 10 })).toEqual([manual])
        expect(yield* suppressions.countManual(tenant.id, 10)).toBe(1)
        expect(yield* suppressions.countManual(other.id, 10)).toBe(0)

        expect(yield* suppressions.remove(other.id, bounced.id)).toBe(false)
        expect(yield* suppressions.remove(tenant.id, bounced.id)).toBe(true)
        expect(yield* suppressions.remove(tenant.id, bounced.id)).toBe(false)
        expect(yield* suppressions.list(tenant.id, { stream: "transactional" }, { limit: 10 })).toEqual([manual])
      })
    )

    it.effect("keeps the first entry of an address, but a complaint or unsubscribe replaces a bounce or manual entry", () =>
      Effect.gen(function* () {
        const suppressions = yield* SuppressionRepository
        const tenant = yield* insertTenant()
        const bounced = entry(tenant.id, "ada@example.com")
        const manual = entry(tenant.id, "grace@example.com", { reason: "manual", detail: null, messageId: null })
        yield* suppressions.insertMany([bounced, manual])
        const complaint = entry(tenant.id, "ada@example.com", { reason: "complaint", detail: "abuse" })
        const again = entry(tenant.id, "grace@example.com", { reason: "hard_bounce" })
        const fresh = entry(tenant.id, "bob@example.com", { reason: "complaint", detail: null })
        // The same address twice in one batch: the complaint of the two is kept.
        yield* suppressions.insertMany([complaint, again, fresh, entry(tenant.id, "bob@example.com")])
        // Later bounces change nothing once a complaint is held, nor does an unsubscribe.
        yield* suppressions.insertMany([entry(tenant.id, "ada@example.com")])
        yield* suppressions.insertMany([entry(tenant.id, "ada@example.com", { reason: "unsubscribe" })])
        // An unsubscribe replaces a manual entry on its stream.
        const manualNews = entry(tenant.id, "zoe@example.com", { stream: "broadcast", reason: "manual" })
        yield* suppressions.insertMany([manualNews])
        const unsubscribed = entry(tenant.id, "zoe@example.com", { stream: "broadcast", reason: "unsubscribe", detail: null })
        yield* suppressions.insertMany([unsubscribed])
        expect(yield* suppressions.among(tenant.id, "broadcast", ["zoe@example.com"])).toEqual([
          { ...manualNews, reason: "unsubscribe", detail: null, messageId: unsubscribed.messageId }
        ])

        const held = yield* suppressions.among(tenant.id, "transactional", [
          "ada@example.com",
          "grace@example.com",
          "bob@example.com"
        ])
        const byEmail = new Map(held.map((row) => [row.email, row]))
        expect(byEmail.get("ada@example.com")).toEqual({
          ...bounced,
          reason: "complaint",
          detail: "abuse",
          messageId: complaint.messageId
        })
        expect(byEmail.get("grace@example.com")).toEqual(manual)
        expect(byEmail.get("bob@example.com")).toEqual(fresh)
      })
    )
  }
}
