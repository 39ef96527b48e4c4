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

    it.effect("lists for an event the tenant's active subscriptions naming it, oldest first", () =>
      Effect.gen(function* () {
        const subscriptions = yield* WebhookSubscriptionRepository
        const tenant = yield* insertTenant()
        const other = yield* insertTenant()
        const base = at("2026-06-01T00:00:00.000Z")
        const make = (minutes: number, overrides: Partial<WebhookSubscription>) =>
          makeSubscription(tenant.id, { createdAt: plus(base, minutes * MINUTE), ...overrides })
        const stored = [
          make(3, { events: ["message.created"] }),
          make(1, { events: ["conversation.created", "message.created"] }),
          make(1, { events: ["message.created", "csat.submitted"] }),
          make(2, { events: ["conversation.created"] }),
          make(0, { events: ["message.created"], active: false, disabledReason: "gone" }),
          make(0, { events: [] })
        ]
        for (const subscription of stored) yield* subscriptions.save(subscription)
        yield* subscriptions.save(makeSubscription(other.id, { events: ["message.created"] }))

        const naming = (event: string) =>
          stored
            .filter(
              (subscription) => subscription.active && (subscription.events as ReadonlyArray<string>).includes(event)
            )
            .sort(subscriptionsOldestFirst)
        expect(naming("message.created")).toHaveLength(3)
        expect(yield* subscriptions.listFor(tenant.id, "message.created")).toEqual(naming("message.created"))
        expect(yield* subscriptions.listFor(tenant.id, "conversation.created")).toEqual(naming("conversation.created"))
        expect(yield* subscriptions.listFor(tenant.id, "csat.submitted")).toEqual(naming("csat.submitted"))
        // Whole event names only.
        expect(yield* subscriptions.listFor(tenant.id, "message")).toEqual([])
        expect(yield* subscriptions.listFor(tenant.id, "message.created ")).toEqual([])
        expect(yield* subscriptions.listFor(tenant.id, "conversation.closed")).toEqual([])
        expect(yield* subscriptions.listFor(uuid(), "message.created")).toEqual([])
        expect(yield* subscriptions.listFor("not-a-uuid", "message.created")).toEqual([])
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
        expect(yield* subscriptions.listFor(subscription.tenantId, "message.created")).toEqual([])
        // The other tenant's namesake, a missing one and garbage ids are left alone.
        expect(yield* subscriptions.find(other.id, subscription.id)).toEqual(Option.some(elsewhere))
        const health = { failingSince: first, pausedUntil: null, disabledReason: "failing" } as const
        expect(yield* subscriptions.recordHealth(subscription.tenantId, uuid(), health, off)).toBe(false)
        expect(yield* subscriptions.recordHealth("not-a-uuid", subscription.id, health, off)).toBe(false)
        expect(yield* subscriptions.recordHealth(subscription.tenantId, "not-a-uuid", health, off)).toBe(false)
        expect(yield* subscriptions.find(other.id, subscription.id)).toEqual(Option.some(elsewhere))
      })
    )

    it.effect("answers the events each tenant's active subscriptions list, and nothing for other tenants", () =>
      Effect.gen(function* () {
        const subscriptions = yield* WebhookSubscriptionRepository
        const tenant = yield* insertTenant()
        const quiet = yield* insertTenant()
        yield* subscriptions.save(makeSubscription(tenant.id, { events: ["run.failed", "email.sent"] }))
        yield* subscriptions.save(makeSubscription(tenant.id, { events: ["run.failed", "message.created"] }))
        yield* subscriptions.save(makeSubscription(tenant.id, { events: ["csat.submitted"], active: false }))
        const other = yield* insertTenant()
        yield* subscriptions.save(makeSubscription(other.id, { events: ["email.failed"] }))

        const listed = yield* subscriptions.eventsOf([tenant.id, quiet.id, other.id, tenant.id, "not-a-uuid"])
        expect(new Map([...listed].map(([id, events]) => [id, [...events].sort()]))).toEqual(
          new Map([
            [tenant.id, ["email.sent", "message.created", "run.failed"]],
            [other.id, ["email.failed"]]
          ])
        )
        expect((yield* subscriptions.eventsOf([])).size).toBe(0)
        expect((yield* subscriptions.eventsOf([quiet.id, uuid()])).size).toBe(0)
      })
    )
  }
}
