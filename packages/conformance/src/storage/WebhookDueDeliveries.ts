import type { WebhookDelivery, WebhookSubscription } from "@servicekit/core/webhooks"
import {
  type TenantRepository,
  type UnitOfWork,
  WebhookDeliveryRepository,
  WebhookSubscriptionRepository
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { at, MINUTE, oldestFirst, plus, uuid } from "./fixtures.js"
import { makeSubscription, makeDelivery, storedSubscription } from "./webhookFixtures.js"

/** Deliveries to send again: those due, and failed ones a tenant recovers. */
export const webhookDueDeliveriesSuite: StorageSuite<
  WebhookSubscriptionRepository | WebhookDeliveryRepository | TenantRepository | UnitOfWork
> = {
  name: "webhook deliveries due",
  tests: (it) => {
    it.effect("answers every tenant's due pending deliveries, the longest due first, up to a limit", () =>
      Effect.gen(function* () {
        const subscriptions = yield* WebhookSubscriptionRepository
        const deliveries = yield* WebhookDeliveryRepository
        const first = yield* storedSubscription()
        const second = yield* storedSubscription()
        // Long before every other test's deliveries, so that this test sees only its own.
        const base = at("2001-01-01T00:00:00.000Z")
        const pending = (subscription: WebhookSubscription, minutes: number) =>
          makeDelivery(subscription, { nextAttemptAt: plus(base, minutes * MINUTE), createdAt: base })
        const due = [
          pending(first, 3),
          pending(second, 1),
          pending(first, 0),
          pending(second, 2),
          pending(first, 2),
          // Exactly at the time asked counts as due.
          pending(second, 5)
        ]
        const notDue = [
          pending(first, 6),
          makeDelivery(second, { status: "succeeded", nextAttemptAt: null, createdAt: base }),
          // A finished delivery with a time left behind is not due either.
          makeDelivery(first, { status: "failed", nextAttemptAt: plus(base, -MINUTE), createdAt: base })
        ]
        yield* deliveries.insertMany([...due.filter((row) => row.tenantId === first.tenantId), notDue[0], notDue[2]])
        yield* deliveries.insertMany([...due.filter((row) => row.tenantId === second.tenantId), notDue[1]])
        const now = plus(base, 5 * MINUTE)
        const expected = [...due].sort(oldestFirst<WebhookDelivery>((row) => row.nextAttemptAt!))

        expect(yield* deliveries.due(now, 100)).toEqual(expected)
        expect(yield* deliveries.due(now, 2)).toEqual(expected.slice(0, 2))
        expect(yield* deliveries.due(plus(base, -2 * MINUTE), 100)).toEqual([])
        expect(yield* deliveries.due(plus(base, 2 * MINUTE), 100)).toEqual(
          expected.filter((row) => row.nextAttemptAt! <= plus(base, 2 * MINUTE))
        )
        // A claimed delivery's lease moves it out of the window.
        const claimed = expected[0]
        yield* deliveries.claim(claimed.tenantId, [claimed.id], now, plus(now, MINUTE))
        expect(yield* deliveries.due(now, 100)).toEqual(expected.slice(1))

        for (const subscription of [first, second]) yield* subscriptions.remove(subscription.tenantId, subscription.id)
        expect(yield* deliveries.due(now, 100)).toEqual([])
      })
    )


    it.effect("recovers a subscription's failed deliveries since a time, the oldest first, up to a limit", () =>
      Effect.gen(function* () {
        const deliveries = yield* WebhookDeliveryRepository
        const subscription = yield* storedSubscription()
        const sibling = makeSubscription(subscription.tenantId)
        yield* (yield* WebhookSubscriptionRepository).save(sibling)
        const since = at("2026-06-02T00:00:00.000Z")
        const failedAt = (iso: string, of = subscription) =>
          makeDelivery(of, { status: "failed", attempts: 5, nextAttemptAt: null, createdAt: at(iso), updatedAt: at(iso) })
        const before = failedAt("2026-06-01T23:59:59.999Z")
        const first = failedAt("2026-06-02T00:00:00.000Z")
        const second = failedAt("2026-06-02T10:00:00.000Z")
        const third = failedAt("2026-06-03T10:00:00.000Z")
        const succeeded = makeDelivery(subscription, {
          status: "succeeded",
          attempts: 1,
          nextAttemptAt: null,
          createdAt: at("2026-06-02T11:00:00.000Z")
        })
        const pending = makeDelivery(subscription, { createdAt: at("2026-06-02T12:00:00.000Z") })
        const elsewhere = failedAt("2026-06-02T10:00:00.000Z", sibling)
        yield* deliveries.insertMany([third, before, second, first, succeeded, pending, elsewhere])
        const tenantId = subscription.tenantId
        const now = at("2026-06-04T00:00:00.000Z")
        const recovered = (delivery: WebhookDelivery): WebhookDelivery => ({
          ...delivery,
          status: "pending",
          nextAttemptAt: now,
          updatedAt: now
        })

        expect(yield* deliveries.recover(tenantId, subscription.id, since, now, 2)).toEqual([
          recovered(first),
          recovered(second)
        ])
        expect(yield* deliveries.find(tenantId, second.id)).toEqual(Option.some(recovered(second)))
        // Recovered ones are pending now: a second call takes the rest.
        expect(yield* deliveries.recover(tenantId, subscription.id, since, now, 10)).toEqual([recovered(third)])
        expect(yield* deliveries.recover(tenantId, subscription.id, since, now, 10)).toEqual([])
        for (const untouched of [before, succeeded, pending, elsewhere]) {
          expect(yield* deliveries.find(tenantId, untouched.id)).toEqual(Option.some(untouched))
        }
        // Another tenant's id, or garbage, recovers nothing.
        expect(yield* deliveries.recover(uuid(), sibling.id, since, now, 10)).toEqual([])
        expect(yield* deliveries.recover("not-a-uuid", sibling.id, since, now, 10)).toEqual([])
        expect(yield* deliveries.recover(tenantId, "not-a-uuid", since, now, 10)).toEqual([])
      })
    )

    it.effect("resumes a paused subscription's held deliveries, all due at once, answering the oldest up to a limit", () =>
      Effect.gen(function* () {
        const deliveries = yield* WebhookDeliveryRepository
        const subscription = yield* storedSubscription()
        const sibling = makeSubscription(subscription.tenantId)
        yield* (yield* WebhookSubscriptionRepository).save(sibling)
        const now = at("2026-06-04T00:00:00.000Z")
        const heldAfter = plus(now, MINUTE)
        const heldUntil = plus(now, 10 * MINUTE)
        const pendingAt = (minutes: number, nextAttemptAt: Date, of = subscription) =>
          makeDelivery(of, { attempts: 1, nextAttemptAt, createdAt: plus(now, -minutes * MINUTE) })
        const [oldest, middle, newest] = [30, 20, 10].map((minutes) => pendingAt(minutes, heldUntil))
        // One a sender holds (its lease ends before `heldAfter`), one due already, one ended, another subscription's.
        const sending = pendingAt(40, plus(now, 30_000))
        const due = pendingAt(50, plus(now, -MINUTE))
        const ended = makeDelivery(subscription, { status: "failed", nextAttemptAt: null })
        const elsewhere = pendingAt(25, heldUntil, sibling)
        yield* deliveries.insertMany([newest, sending, oldest, due, ended, middle, elsewhere])
        const tenantId = subscription.tenantId
        const resumed = (delivery: WebhookDelivery): WebhookDelivery => ({ ...delivery, nextAttemptAt: now, updatedAt: now })

        expect(yield* deliveries.resume(tenantId, subscription.id, heldAfter, now, 2)).toEqual([
          resumed(oldest),
          resumed(middle)
        ])
        // Every held one is due, beyond the answered ones too.
        expect(yield* deliveries.find(tenantId, newest.id)).toEqual(Option.some(resumed(newest)))
        for (const untouched of [sending, due, ended, elsewhere]) {
          expect(yield* deliveries.find(tenantId, untouched.id)).toEqual(Option.some(untouched))
        }
        expect(yield* deliveries.resume(uuid(), subscription.id, heldAfter, now, 10)).toEqual([])
        expect(yield* deliveries.resume("not-a-uuid", subscription.id, heldAfter, now, 10)).toEqual([])
        expect(yield* deliveries.resume(tenantId, "not-a-uuid", heldAfter, now, 10)).toEqual([])
      })
    )
  }
}
