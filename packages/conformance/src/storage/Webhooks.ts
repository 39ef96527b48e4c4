import type { WebhookSubscription } from "@servicekit/core/webhooks"
import {
  type TenantRepository,
  WebhookDeliveryRepository,
  WebhookSubscriptionRepository
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { allPages, at, insertTenant, MINUTE, plus, uuid } from "./fixtures.js"
import { makeSubscription, makeDelivery, makeAttempt, subscriptionsNewestFirst, subscriptionsOldestFirst, storedSubscription } from "./webhookFixtures.js"

export const webhookSubscriptionsSuite: StorageSuite<
  WebhookSubscriptionRepository | WebhookDeliveryRepository | TenantRepository
> = {
  name: "webhook subscriptions",
  tests: (it) => {
    it.effect("stores a subscription whole, replaces it on save, and finds it only within its tenant", () =>
      Effect.gen(function* () {
        const subscriptions = yield* WebhookSubscriptionRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const subscription = makeSubscription(tenant.id, {
          url: "https://hooks.example.com/ünï?x=1&y=✓",
          events: ["message.created", "csat.submitted", "visitor.created"],
          description: "Helpdesk — 東京"
        })
        const elsewhere = makeSubscription(other.id, { id: subscription.id, events: [] })
        yield* subscriptions.save(subscription)
        yield* subscriptions.save(elsewhere)
        expect(yield* subscriptions.find(tenant.id, subscription.id)).toEqual(Option.some(subscription))
        expect(yield* subscriptions.find(other.id, subscription.id)).toEqual(Option.some(elsewhere))
        expect(yield* subscriptions.find(tenant.id, uuid())).toEqual(Option.none())
        expect(yield* subscriptions.find(uuid(), subscription.id)).toEqual(Option.none())
        expect(yield* subscriptions.find(tenant.id, "not-a-uuid")).toEqual(Option.none())
        expect(yield* subscriptions.find("not-a-uuid", subscription.id)).toEqual(Option.none())

        const disabled: WebhookSubscription = {
          ...subscription,
          url: "https://other.example.com/",
          events: ["conversation.closed"],
          description: null,
          sealedSecret: "v1.sealed.bmV3",
          active: false,
          disabledReason: "gone",
          updatedAt: at("2026-06-02T09:00:00.000Z")
        }
        yield* subscriptions.save(disabled)
        expect(yield* subscriptions.find(tenant.id, subscription.id)).toEqual(Option.some(disabled))
        expect(yield* subscriptions.list(tenant.id, { limit: 10 })).toEqual([disabled])
        expect(yield* subscriptions.find(other.id, subscription.id)).toEqual(Option.some(elsewhere))
      })
    )

    it.effect("lists a tenant's subscriptions newest first (then by id), in keyset pages", () =>
      Effect.gen(function* () {
        const subscriptions = yield* WebhookSubscriptionRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-06-01T00:00:00.000Z")
        const stored = [0, 1, 1, 1, 2, 3, 5].map((minutes) =>
          makeSubscription(tenant.id, { createdAt: plus(base, minutes * MINUTE), active: minutes !== 2 })
        )
        for (const subscription of stored) yield* subscriptions.save(subscription)
        yield* subscriptions.save(makeSubscription(other.id, { createdAt: plus(base, 4 * MINUTE) }))
        const expected = [...stored].sort(subscriptionsNewestFirst)

        expect(yield* subscriptions.list(tenant.id, { limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 3, 7]) {
          expect(yield* allPages((after) => subscriptions.list(tenant.id, { limit, after }), limit)).toEqual(expected)
        }
        expect(yield* subscriptions.list(tenant.id, { limit: 100, after: expected[2] })).toEqual(expected.slice(3))
        expect(yield* subscriptions.list(uuid(), { limit: 10 })).toEqual([])
        expect(yield* subscriptions.list("not-a-uuid", { limit: 10 })).toEqual([])
      })
    )

    it.effect("answers each tenant's active subscriptions, oldest first, with their filters and controls", () =>
      Effect.gen(function* () {
        const subscriptions = yield* WebhookSubscriptionRepository
        const tenant = yield* insertTenant()
        const quiet = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-06-01T00:00:00.000Z")
        const make = (minutes: number, overrides: Partial<WebhookSubscription>) =>
          makeSubscription(tenant.id, { createdAt: plus(base, minutes * MINUTE), ...overrides })
        const stored = [
          make(3, { events: ["message.created"], ratePerSecond: 7 }),
          make(1, { events: ["conversation.created", "message.created"], pausedAt: plus(base, 5 * MINUTE) }),
          make(1, { events: [], products: ["transactional", "automations"] }),
          make(2, { events: [], products: [] }),
          make(0, { events: ["message.created"], active: false, disabledReason: "gone" })
        ]
        for (const subscription of stored) yield* subscriptions.save(subscription)
        const elsewhere = makeSubscription(other.id, { events: ["email.failed"] })
        yield* subscriptions.save(elsewhere)

        const active = yield* subscriptions.activeOf([tenant.id, quiet.id, other.id, tenant.id, "not-a-uuid"])
        expect([...active.keys()].sort()).toEqual([tenant.id, other.id].sort())
        expect(active.get(tenant.id)).toEqual(stored.filter((one) => one.active).sort(subscriptionsOldestFirst))
        expect(active.get(other.id)).toEqual([elsewhere])
        expect((yield* subscriptions.activeOf([])).size).toBe(0)
        expect((yield* subscriptions.activeOf([quiet.id, uuid()])).size).toBe(0)
      })
    )

    it.effect("grants a throttled subscription one send a slot, across writers, and says when the next may go", () =>
      Effect.gen(function* () {
        const subscriptions = yield* WebhookSubscriptionRepository
        const subscription = yield* storedSubscription({ ratePerSecond: 4 })
        const other = yield* storedSubscription({ ratePerSecond: 4 })
        const t0 = at("2026-06-01T10:00:00.000Z")
        const reserve = (when: Date, id = subscription.id) =>
          subscriptions.reserveSend(subscription.tenantId, id, 250, when)
        expect(yield* reserve(t0)).toBeUndefined()
        // Within the slot: refused, with when the next may go.
        expect(yield* reserve(plus(t0, 100))).toEqual(plus(t0, 250))
        expect(yield* reserve(plus(t0, 249))).toEqual(plus(t0, 250))
        expect(yield* reserve(plus(t0, 250))).toBeUndefined()
        // Senders racing for one slot: one wins.
        const raced = yield* Effect.all([reserve(plus(t0, 600)), reserve(plus(t0, 600)), reserve(plus(t0, 600))], {
          concurrency: "unbounded"
        })
        expect(raced.filter((next) => next === undefined)).toHaveLength(1)
        expect(raced.filter((next) => next !== undefined)).toEqual([plus(t0, 850), plus(t0, 850)])
        // Another subscription's slots are its own, and the record is not touched.
        expect(yield* subscriptions.reserveSend(other.tenantId, other.id, 250, plus(t0, 100))).toBeUndefined()
        expect(yield* subscriptions.find(subscription.tenantId, subscription.id)).toEqual(Option.some(subscription))
        // A missing subscription or a garbage id is granted nothing.
        expect(yield* reserve(t0, uuid())).toEqual(t0)
        expect(yield* subscriptions.reserveSend("not-a-uuid", subscription.id, 250, t0)).toEqual(t0)
      })
    )

    it.effect("removes a subscription only within its tenant, with its deliveries and their attempts", () =>
      Effect.gen(function* () {
        const subscriptions = yield* WebhookSubscriptionRepository
        const deliveries = yield* WebhookDeliveryRepository
        const subscription = yield* storedSubscription()
        const kept = makeSubscription(subscription.tenantId)
        const other = yield* insertTenant()
        const elsewhere = makeSubscription(other.id, { id: subscription.id })
        yield* subscriptions.save(kept)
        yield* subscriptions.save(elsewhere)
        const delivery = makeDelivery(subscription)
        const keptDelivery = makeDelivery(kept)
        const elsewhereDelivery = makeDelivery(elsewhere, { id: delivery.id })
        yield* deliveries.insertMany([delivery, keptDelivery])
        yield* deliveries.insertMany([elsewhereDelivery])
        const attempt = makeAttempt(delivery)
        const keptAttempt = makeAttempt(keptDelivery)
        const elsewhereAttempt = makeAttempt(elsewhereDelivery, { id: attempt.id })
        yield* deliveries.record([
          { delivery: { ...delivery, status: "succeeded", attempts: 1, nextAttemptAt: null }, attempt }
        ])
        yield* deliveries.record([{ delivery: { ...keptDelivery, attempts: 1 }, attempt: keptAttempt }])
        yield* deliveries.record([{ delivery: { ...elsewhereDelivery, attempts: 1 }, attempt: elsewhereAttempt }])

        expect(yield* subscriptions.remove(other.id, uuid())).toBe(false)
        expect(yield* subscriptions.remove(uuid(), subscription.id)).toBe(false)
        expect(yield* subscriptions.remove("not-a-uuid", subscription.id)).toBe(false)
        expect(yield* subscriptions.remove(subscription.tenantId, "not-a-uuid")).toBe(false)
        expect(yield* subscriptions.remove(subscription.tenantId, subscription.id)).toBe(true)
        expect(yield* subscriptions.remove(subscription.tenantId, subscription.id)).toBe(false)

        expect(yield* subscriptions.find(subscription.tenantId, subscription.id)).toEqual(Option.none())
        expect(yield* deliveries.find(subscription.tenantId, delivery.id)).toEqual(Option.none())
        expect(yield* deliveries.findAttempt(subscription.tenantId, attempt.id)).toEqual(Option.none())
        expect(yield* deliveries.listAttempts(subscription.tenantId, subscription.id, { limit: 10 })).toEqual([])
        // The tenant's other subscription and the other tenant's namesake keep theirs.
        expect(yield* subscriptions.list(subscription.tenantId, { limit: 10 })).toEqual([kept])
        expect(Option.isSome(yield* deliveries.find(kept.tenantId, keptDelivery.id))).toBe(true)
        expect(yield* deliveries.findAttempt(kept.tenantId, keptAttempt.id)).toEqual(Option.some(keptAttempt))
        expect(yield* subscriptions.find(other.id, subscription.id)).toEqual(Option.some(elsewhere))
        expect(Option.isSome(yield* deliveries.find(other.id, delivery.id))).toBe(true)
        expect(yield* deliveries.findAttempt(other.id, attempt.id)).toEqual(Option.some(elsewhereAttempt))
      })
    )

    it.effect("records a circuit's state alone: a streak's start kept, a tenant's edit kept, turned off with its reason", () =>
      Effect.gen(function* () {
        const subscriptions = yield* WebhookSubscriptionRepository
        const subscription = yield* storedSubscription()
        const other = yield* insertTenant()
        const elsewhere = makeSubscription(other.id, { id: subscription.id })
        yield* subscriptions.save(elsewhere)
        const first = at("2026-06-03T10:00:00.000Z")
        const find = Effect.map(subscriptions.find(subscription.tenantId, subscription.id), Option.getOrThrow)

        yield* subscriptions.recordHealth(
          subscription.tenantId,
          subscription.id,
          { failingSince: first, pausedUntil: null, disabledReason: null },
          first
        )
        expect(yield* find).toEqual({ ...subscription, failingSince: first, pausedUntil: null })
        // The tenant edits it meanwhile: the edit stays, and so does the streak's start.
        const edited = { ...(yield* find), description: "edited", updatedAt: plus(first, MINUTE) }
        yield* subscriptions.save(edited)
        const paused = plus(first, 10 * MINUTE)
        yield* subscriptions.recordHealth(
          subscription.tenantId,
          subscription.id,
          { failingSince: plus(first, 5 * MINUTE), pausedUntil: paused, disabledReason: null },
          plus(first, 5 * MINUTE)
        )
        expect(yield* find).toEqual({ ...edited, failingSince: first, pausedUntil: paused })

        // Answering again closes the circuit.
        yield* subscriptions.recordHealth(
          subscription.tenantId,
          subscription.id,
          { failingSince: null, pausedUntil: null, disabledReason: null },
          plus(first, 6 * MINUTE)
        )
        expect(yield* find).toEqual({ ...edited, failingSince: null, pausedUntil: null })

        const off = plus(first, 7 * MINUTE)
        const turnOff = (when: Date, reason: "failing" | "gone" = "failing") =>
          subscriptions.recordHealth(
            subscription.tenantId,
            subscription.id,
            { failingSince: first, pausedUntil: null, disabledReason: reason },
            when
          )
        // The write that turns it off says so; one finding it off already changes nothing.
        expect(yield* turnOff(off)).toBe(true)
        expect(yield* turnOff(plus(off, MINUTE), "gone")).toBe(false)
        expect(yield* find).toEqual({
          ...edited,
          failingSince: first,
          pausedUntil: null,
          active: false,
          disabledReason: "failing",
          updatedAt: off
        })
        expect(yield* subscriptions.activeOf([subscription.tenantId])).toEqual(new Map())
        // The other tenant's namesake, a missing one and garbage ids are left alone.
        expect(yield* subscriptions.find(other.id, subscription.id)).toEqual(Option.some(elsewhere))
        const health = { failingSince: first, pausedUntil: null, disabledReason: "failing" } as const
        expect(yield* subscriptions.recordHealth(subscription.tenantId, uuid(), health, off)).toBe(false)
        expect(yield* subscriptions.recordHealth("not-a-uuid", subscription.id, health, off)).toBe(false)
        expect(yield* subscriptions.recordHealth(subscription.tenantId, "not-a-uuid", health, off)).toBe(false)
        expect(yield* subscriptions.find(other.id, subscription.id)).toEqual(Option.some(elsewhere))
      })
    )
  }
}
