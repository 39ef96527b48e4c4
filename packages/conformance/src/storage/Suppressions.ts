import {
  type SoftBounceCount,
  type StreamAddress,
  type Suppression,
  SuppressionRepository,
  type TenantRepository
} from "@servicekit/core/internal"
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

        // A soft-bounce entry keeps what is held, and gives way to a complaint like any removable one.
        const repeated = entry(tenant.id, "dan@example.com", { reason: "soft_bounce", detail: "452 4.2.2 mailbox full" })
        yield* suppressions.insertMany([repeated, entry(tenant.id, "grace@example.com", { reason: "soft_bounce" })])
        expect(yield* suppressions.among(tenant.id, "transactional", ["grace@example.com"])).toEqual([manual])
        const complained = entry(tenant.id, "dan@example.com", { reason: "complaint", detail: "abuse" })
        yield* suppressions.insertMany([complained])
        expect(yield* suppressions.among(tenant.id, "transactional", ["dan@example.com"])).toEqual([
          { ...repeated, reason: "complaint", detail: "abuse", messageId: complained.messageId }
        ])
      })
    )

    it.effect("counts soft bounces per tenant, stream and address, starting over after the window, and forgets them", () =>
      Effect.gen(function* () {
        const suppressions = yield* SuppressionRepository
        const [tenant, other] = [yield* insertTenant(), yield* insertTenant()]
        const ada: StreamAddress = { tenantId: tenant.id, stream: "transactional", email: "ada@example.com" }
        const news: StreamAddress = { ...ada, stream: "broadcast" }
        const theirs = { ...ada, tenantId: other.id }
        const day = (n: number) => new Date(at("2026-11-01T00:00:00.000Z").getTime() + n * 86_400_000)
        const inOrder = (counts: ReadonlyArray<SoftBounceCount>) =>
          [...counts].sort((a, b) => `${a.tenantId} ${a.stream}`.localeCompare(`${b.tenantId} ${b.stream}`))
        /** Counts `bounces` on day `n`, a count begun more than 30 days before starting over. */
        const count = (n: number, bounces: ReadonlyArray<StreamAddress>) =>
          Effect.map(suppressions.countSoftBounces(bounces, day(n), day(n - 30)), inOrder)

        expect(yield* count(0, [ada])).toEqual([{ ...ada, count: 1 }])
        expect(yield* count(0, [])).toEqual([])
        // The same address twice in one batch counts twice, and is answered once.
        expect(yield* count(10, [ada, ada])).toEqual([{ ...ada, count: 3 }])
        // Another stream and another tenant count apart.
        expect(yield* count(11, [ada, news, theirs])).toEqual(
          inOrder([{ ...ada, count: 4 }, { ...news, count: 1 }, { ...theirs, count: 1 }])
        )
        // Forgotten for this address only.
        yield* suppressions.clearSoftBounces([ada, { ...ada, email: "nobody@example.com" }])
        yield* suppressions.clearSoftBounces([])
        expect(yield* count(12, [ada, news, theirs])).toEqual(
          inOrder([{ ...ada, count: 1 }, { ...news, count: 2 }, { ...theirs, count: 2 }])
        )
        // Up to 30 days from its first bounce the count runs; after, it starts over with the batch's.
        expect(yield* count(42, [ada])).toEqual([{ ...ada, count: 2 }])
        expect(yield* count(43, [ada, ada])).toEqual([{ ...ada, count: 2 }])
        expect(yield* count(73, [ada])).toEqual([{ ...ada, count: 3 }])
        expect(yield* count(74, [ada])).toEqual([{ ...ada, count: 1 }])

        // The prune drops the counts begun before its day, every tenant's: ada's (day 74) stays.
        expect(yield* suppressions.pruneSoftBounces(day(74))).toBe(2)
        expect(yield* suppressions.pruneSoftBounces(day(74))).toBe(0)
        expect(yield* count(75, [ada, news, theirs])).toEqual(
          inOrder([{ ...ada, count: 2 }, { ...news, count: 1 }, { ...theirs, count: 1 }])
        )
      })
    )
  }
}
