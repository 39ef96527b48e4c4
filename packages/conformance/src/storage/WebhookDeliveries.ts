import type { WebhookDelivery, WebhookSubscription } from "@servicekit/core/webhooks"
import {
  type Page,
  type TenantRepository,
  type UnitOfWork,
  WebhookDeliveryRepository,
  WebhookSubscriptionRepository,
  withTransaction
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { allPages, at, MINUTE, oldestFirst, plus, uuid } from "./fixtures.js"
import { makeSubscription, makeDelivery, makeAttempt, attemptsNewestFirst, storedSubscription } from "./webhookFixtures.js"

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

    it.effect("records the delivery's new state and appends the attempt, only within its tenant", () =>
      Effect.gen(function* () {
        const deliveries = yield* WebhookDeliveryRepository
        const subscription = yield* storedSubscription()
        const delivery = makeDelivery(subscription)
        yield* deliveries.insertMany([delivery])
        const now = plus(delivery.nextAttemptAt!, 1_000)
        const [claimed] = yield* deliveries.claim(subscription.tenantId, [delivery.id], now, plus(now, 30_000))

        const retry: WebhookDelivery = { ...claimed, nextAttemptAt: plus(now, MINUTE), updatedAt: plus(now, 500) }
        const refused = makeAttempt(delivery, {
          statusCode: null,
          durationMs: 12.5,
          error: "connection refused — ✗",
          responseBody: null,
          nextRetryAt: plus(now, MINUTE),
          createdAt: plus(now, 500)
        })
        yield* deliveries.record([{ delivery: retry, attempt: refused }])
        expect(yield* deliveries.find(subscription.tenantId, delivery.id)).toEqual(Option.some(retry))
        expect(yield* deliveries.findAttempt(subscription.tenantId, refused.id)).toEqual(Option.some(refused))

        const succeeded: WebhookDelivery = {
          ...retry,
          status: "succeeded",
          attempts: 2,
          nextAttemptAt: null,
          updatedAt: plus(now, 2 * MINUTE)
        }
        const answered = makeAttempt(delivery, {
          attempt: 2,
          statusCode: 204,
          durationMs: 3_001,
          createdAt: plus(now, 2 * MINUTE)
        })
        yield* deliveries.record([{ delivery: succeeded, attempt: answered }])
        expect(yield* deliveries.find(subscription.tenantId, delivery.id)).toEqual(Option.some(succeeded))
        expect(yield* deliveries.listAttempts(subscription.tenantId, subscription.id, { limit: 10 })).toEqual([
          answered,
          refused
        ])
        expect(yield* deliveries.findAttempt(uuid(), refused.id)).toEqual(Option.none())
        expect(yield* deliveries.findAttempt(subscription.tenantId, uuid())).toEqual(Option.none())
        expect(yield* deliveries.findAttempt(subscription.tenantId, "not-a-uuid")).toEqual(Option.none())
        expect(yield* deliveries.findAttempt("not-a-uuid", refused.id)).toEqual(Option.none())
      })
    )

    it.effect("records a batch of outcomes together, skipping deliveries that are gone or foreign", () =>
      Effect.gen(function* () {
        const deliveries = yield* WebhookDeliveryRepository
        const subscription = yield* storedSubscription()
        const other = yield* storedSubscription()
        const now = at("2026-06-01T09:00:00.000Z")
        const batch = Array.from({ length: 3 }, () => makeDelivery(subscription))
        yield* deliveries.insertMany(batch)
        const outcomes = batch.map((delivery, i) => ({
          delivery: {
            ...delivery,
            status: i === 0 ? ("pending" as const) : ("succeeded" as const),
            attempts: 1,
            nextAttemptAt: i === 0 ? plus(now, MINUTE) : null,
            updatedAt: now
          },
          attempt: makeAttempt(delivery, {
            statusCode: i === 0 ? 503 : 200,
            error: i === 0 ? "HTTP 503" : null,
            responseBody: i === 0 ? "<h1>Service Unavailable</h1>" : "",
            nextRetryAt: i === 0 ? plus(now, MINUTE) : null,
            createdAt: plus(now, i)
          })
        }))
        // Never stored, and one stored under another tenant's id: neither gets a row.
        const missing = makeDelivery(subscription)
        const foreign = { ...batch[1], tenantId: other.tenantId }
        const strays = [missing, foreign].map((delivery) => ({ delivery, attempt: makeAttempt(delivery) }))
        yield* deliveries.record([...outcomes, ...strays])

        for (const { attempt, delivery } of outcomes) {
          expect(yield* deliveries.find(subscription.tenantId, delivery.id)).toEqual(Option.some(delivery))
          expect(yield* deliveries.findAttempt(subscription.tenantId, attempt.id)).toEqual(Option.some(attempt))
        }
        expect(yield* deliveries.find(subscription.tenantId, missing.id)).toEqual(Option.none())
        for (const { attempt } of strays) {
          expect(yield* deliveries.findAttempt(attempt.tenantId, attempt.id)).toEqual(Option.none())
        }
        yield* deliveries.record([])
        expect(yield* deliveries.listAttempts(subscription.tenantId, subscription.id, { limit: 10 })).toHaveLength(3)
      })
    )

    it.effect("records a delivery put back unsent with its state alone, no attempt in its history", () =>
      Effect.gen(function* () {
        const deliveries = yield* WebhookDeliveryRepository
        const subscription = yield* storedSubscription()
        const now = at("2026-06-01T09:00:00.000Z")
        const [sent, putBack] = [makeDelivery(subscription), makeDelivery(subscription)]
        yield* deliveries.insertMany([sent, putBack])
        const attempt = makeAttempt(sent)
        const back = { ...putBack, attempts: 0, nextAttemptAt: plus(now, 2_000), updatedAt: now }
        yield* deliveries.record([
          { delivery: { ...sent, status: "succeeded", attempts: 1, nextAttemptAt: null, updatedAt: now }, attempt },
          { delivery: back, attempt: undefined }
        ])
        expect(yield* deliveries.find(subscription.tenantId, putBack.id)).toEqual(Option.some(back))
        expect(
          (yield* deliveries.listAttempts(subscription.tenantId, subscription.id, { limit: 10 })).map((row) => row.id)
        ).toEqual([attempt.id])
        // Due again at its time, with as many attempts as before.
        expect(yield* deliveries.claim(subscription.tenantId, [putBack.id], plus(now, 1_000), plus(now, MINUTE))).toEqual([])
        const [claimed] = yield* deliveries.claim(subscription.tenantId, [putBack.id], plus(now, 2_000), plus(now, MINUTE))
        expect(claimed).toMatchObject({ id: putBack.id, attempts: 1 })
      })
    )

    it.effect("records nothing for a delivery that went with its subscription", () =>
      Effect.gen(function* () {
        const subscriptions = yield* WebhookSubscriptionRepository
        const deliveries = yield* WebhookDeliveryRepository
        const subscription = yield* storedSubscription()
        const delivery = makeDelivery(subscription)
        yield* deliveries.insertMany([delivery])
        expect(yield* subscriptions.remove(subscription.tenantId, subscription.id)).toBe(true)

        const attempt = makeAttempt(delivery)
        yield* deliveries.record([
          { delivery: { ...delivery, status: "succeeded", attempts: 1, nextAttemptAt: null }, attempt }
        ])
        expect(yield* deliveries.find(subscription.tenantId, delivery.id)).toEqual(Option.none())
        expect(yield* deliveries.findAttempt(subscription.tenantId, attempt.id)).toEqual(Option.none())
      })
    )

    it.effect("lists a subscription's attempts newest first (then by id), in keyset pages", () =>
      Effect.gen(function* () {
        const subscriptions = yield* WebhookSubscriptionRepository
        const deliveries = yield* WebhookDeliveryRepository
        const subscription = yield* storedSubscription()
        const neighbour = makeSubscription(subscription.tenantId)
        yield* subscriptions.save(neighbour)
        const base = at("2026-06-01T09:00:00.000Z")
        const delivery = makeDelivery(subscription)
        const other = makeDelivery(subscription)
        const neighbours = makeDelivery(neighbour)
        yield* deliveries.insertMany([delivery, other, neighbours])

        // Two deliveries' attempts interleaved; three share a time, so the id decides their order.
        const stored = [0, 1, 1, 1, 2, 3, 5].map((minutes, i) =>
          makeAttempt(i % 2 === 0 ? delivery : other, { attempt: i + 1, createdAt: plus(base, minutes * MINUTE) })
        )
        for (const attempt of stored) {
          const owner = attempt.deliveryId === delivery.id ? delivery : other
          yield* deliveries.record([{ delivery: { ...owner, attempts: attempt.attempt }, attempt }])
        }
        yield* deliveries.record([
          { delivery: neighbours, attempt: makeAttempt(neighbours, { createdAt: plus(base, 4 * MINUTE) }) }
        ])
        const expected = [...stored].sort(attemptsNewestFirst)
        const list = (page: Page) => deliveries.listAttempts(subscription.tenantId, subscription.id, page)

        expect(yield* list({ limit: 100 })).toEqual(expected)
        for (const limit of [1, 2, 3, 7]) {
          expect(yield* allPages((after) => list({ limit, after }), limit)).toEqual(expected)
        }
        expect(yield* list({ limit: 100, after: expected[2] })).toEqual(expected.slice(3))
        expect(yield* deliveries.listAttempts(uuid(), subscription.id, { limit: 10 })).toEqual([])
        expect(yield* deliveries.listAttempts(subscription.tenantId, uuid(), { limit: 10 })).toEqual([])
        expect(yield* deliveries.listAttempts("not-a-uuid", subscription.id, { limit: 10 })).toEqual([])
        expect(yield* deliveries.listAttempts(subscription.tenantId, "not-a-uuid", { limit: 10 })).toEqual([])
      })
    )

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
  }
}
