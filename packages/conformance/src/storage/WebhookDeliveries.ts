import type { WebhookDelivery } from "@servicekit/core/webhooks"
import {
  type TenantRepository,
  type UnitOfWork,
  WebhookDeliveryRepository,
  WebhookSubscriptionRepository,
  withTransaction
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, MINUTE, plus, uuid } from "./fixtures.js"
import { makeSubscription, makeDelivery, makeAttempt, storedSubscription } from "./webhookFixtures.js"

/** Deliveries stored, found, claimed under a lease, and written in units of work. */
export const webhookDeliveriesSuite: StorageSuite<
  WebhookSubscriptionRepository | WebhookDeliveryRepository | TenantRepository | UnitOfWork
> = {
  name: "webhook deliveries",
  tests: (it) => {
    it.effect("inserts deliveries and finds each only within its tenant, the body byte for byte", () =>
      Effect.gen(function* () {
        const deliveries = yield* WebhookDeliveryRepository
        const subscription = yield* storedSubscription()
        // Spacing, key order, escapes and every script survive: the body is signed as it is.
        const body = `{ "z": 1,  "a": "naïve — 東京 👩‍💻", "esc": "\\u00e9\\n\\"", "n": 1.50, "e": 1E3 }\n`
        const first = makeDelivery(subscription, { body })
        const done = makeDelivery(subscription, {
          event: "conversation.closed",
          status: "failed",
          attempts: 8,
          nextAttemptAt: null,
          updatedAt: at("2026-06-03T09:00:00.000Z")
        })
        yield* deliveries.insertMany([])
        yield* deliveries.insertMany([first, done])

        expect(yield* deliveries.find(subscription.tenantId, first.id)).toEqual(Option.some(first))
        expect(Option.map(yield* deliveries.find(subscription.tenantId, first.id), (row) => row.body)).toEqual(
          Option.some(body)
        )
        expect(yield* deliveries.find(subscription.tenantId, done.id)).toEqual(Option.some(done))
        expect(yield* deliveries.find(uuid(), first.id)).toEqual(Option.none())
        expect(yield* deliveries.find(subscription.tenantId, uuid())).toEqual(Option.none())
        expect(yield* deliveries.find(subscription.tenantId, "not-a-uuid")).toEqual(Option.none())
        expect(yield* deliveries.find("not-a-uuid", first.id)).toEqual(Option.none())
      })
    )

    it.effect("claims due pending deliveries once per lease, counting the attempt", () =>
      Effect.gen(function* () {
        const deliveries = yield* WebhookDeliveryRepository
        const subscription = yield* storedSubscription()
        const due = at("2026-06-01T09:00:00.000Z")
        const pending = makeDelivery(subscription, { nextAttemptAt: due })
        const later = makeDelivery(subscription, { nextAttemptAt: plus(due, MINUTE) })
        const succeeded = makeDelivery(subscription, { status: "succeeded", attempts: 1, nextAttemptAt: null })
        const failed = makeDelivery(subscription, { status: "failed", attempts: 8, nextAttemptAt: null })
        yield* deliveries.insertMany([pending, later, succeeded, failed])
        const tenantId = subscription.tenantId

        const now = plus(due, 1_000)
        const lease = plus(now, 30_000)
        const claimed: WebhookDelivery = { ...pending, attempts: 1, nextAttemptAt: lease, updatedAt: now }
        expect(yield* deliveries.claim(tenantId, [pending.id], now, lease)).toEqual([claimed])
        expect(yield* deliveries.find(tenantId, pending.id)).toEqual(Option.some(claimed))
        // Leased: nobody else takes it until the lease runs out, then it is due again.
        expect(yield* deliveries.claim(tenantId, [pending.id], now, lease)).toEqual([])
        expect(yield* deliveries.claim(tenantId, [pending.id], plus(lease, -1), lease)).toEqual([])
        const again = plus(lease, 60_000)
        expect(yield* deliveries.claim(tenantId, [pending.id], lease, again)).toEqual([
          { ...claimed, attempts: 2, nextAttemptAt: again, updatedAt: lease }
        ])

        // Of many ids, those due and pending in the tenant; unknown, foreign and malformed ids are no error.
        expect(
          yield* deliveries.claim(tenantId, [later.id, succeeded.id, failed.id, uuid(), "not-a-uuid"], now, lease)
        ).toEqual([])
        expect(yield* deliveries.claim(uuid(), [later.id], plus(now, MINUTE), lease)).toEqual([])
        expect(yield* deliveries.claim("not-a-uuid", [later.id], plus(now, MINUTE), lease)).toEqual([])
        expect(yield* deliveries.claim(tenantId, [], plus(now, MINUTE), lease)).toEqual([])
        // Unclaimed deliveries are as they were.
        expect(yield* deliveries.find(tenantId, later.id)).toEqual(Option.some(later))
        expect(yield* deliveries.find(tenantId, succeeded.id)).toEqual(Option.some(succeeded))

        const fresh = makeDelivery(subscription, { nextAttemptAt: due })
        yield* deliveries.insertMany([fresh])
        const afterwards = plus(now, MINUTE)
        const both = yield* deliveries.claim(tenantId, [later.id, fresh.id, later.id, failed.id], afterwards, again)
        expect([...both].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
          [
            { ...later, attempts: 1, nextAttemptAt: again, updatedAt: afterwards },
            { ...fresh, attempts: 1, nextAttemptAt: again, updatedAt: afterwards }
          ].sort((a, b) => (a.id < b.id ? -1 : 1))
        )
      })
    )

    it.effect("gives one of several concurrent claims the delivery", () =>
      Effect.gen(function* () {
        const deliveries = yield* WebhookDeliveryRepository
        const subscription = yield* storedSubscription()
        const batch = Array.from({ length: 3 }, () => makeDelivery(subscription))
        yield* deliveries.insertMany(batch)
        const now = plus(batch[0].nextAttemptAt!, 1_000)
        const ids = batch.map((delivery) => delivery.id)
        const claims = yield* Effect.all(
          Array.from({ length: 5 }, (_, i) =>
            // Overlapping batches, in different orders.
            withTransaction(
              deliveries.claim(subscription.tenantId, i % 2 === 0 ? ids : [...ids].reverse(), now, plus(now, 30_000))
            )
          ),
          { concurrency: "unbounded" }
        )
        expect(
          claims
            .flat()
            .map((delivery) => delivery.id)
            .sort()
        ).toEqual([...ids].sort())
        for (const delivery of batch) {
          expect(Option.map(yield* deliveries.find(subscription.tenantId, delivery.id), (row) => row.attempts)).toEqual(
            Option.some(1)
          )
        }
      })
    )


    it.effect("rolls back a failed unit's subscription, deliveries, claims and attempts together", () =>
      Effect.gen(function* () {
        const subscriptions = yield* WebhookSubscriptionRepository
        const deliveries = yield* WebhookDeliveryRepository
        const existing = yield* storedSubscription()
        const delivery = makeDelivery(existing)
        yield* deliveries.insertMany([delivery])
        const fresh = makeSubscription(existing.tenantId)
        const freshDelivery = makeDelivery(fresh)
        const attempt = makeAttempt(delivery)
        const now = plus(delivery.nextAttemptAt!, 1_000)

        const write = Effect.gen(function* () {
          yield* subscriptions.save(fresh)
          yield* deliveries.insertMany([freshDelivery])
          const [claimed] = yield* deliveries.claim(delivery.tenantId, [delivery.id], now, plus(now, MINUTE))
          yield* deliveries.record([{ delivery: { ...claimed, status: "succeeded", nextAttemptAt: null }, attempt }])
          yield* subscriptions.save({ ...existing, active: false })
        })
        expect(yield* Effect.flip(withTransaction(Effect.zipRight(write, Effect.fail("declined"))))).toBe("declined")

        expect(yield* subscriptions.find(fresh.tenantId, fresh.id)).toEqual(Option.none())
        expect(yield* deliveries.find(freshDelivery.tenantId, freshDelivery.id)).toEqual(Option.none())
        expect(yield* deliveries.find(delivery.tenantId, delivery.id)).toEqual(Option.some(delivery))
        expect(yield* deliveries.findAttempt(attempt.tenantId, attempt.id)).toEqual(Option.none())
        expect(yield* subscriptions.find(existing.tenantId, existing.id)).toEqual(Option.some(existing))

        // A nested unit that fails takes only its own writes back.
        yield* withTransaction(
          Effect.gen(function* () {
            yield* subscriptions.save(fresh)
            yield* Effect.exit(
              withTransaction(Effect.zipRight(deliveries.insertMany([freshDelivery]), Effect.fail("no")))
            )
          })
        )
        expect(yield* subscriptions.find(fresh.tenantId, fresh.id)).toEqual(Option.some(fresh))
        expect(yield* deliveries.find(freshDelivery.tenantId, freshDelivery.id)).toEqual(Option.none())
      })
    )
  }
}
