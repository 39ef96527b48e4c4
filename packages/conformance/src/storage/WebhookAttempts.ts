import type { WebhookDelivery } from "@servicekit/core/webhooks"
import {
  type Page,
  type TenantRepository,
  type UnitOfWork,
  WebhookDeliveryRepository,
  WebhookSubscriptionRepository
} from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { expect } from "vitest"
import type { StorageSuite } from "../Storage.js"
import { allPages, at, MINUTE, plus, uuid } from "./fixtures.js"
import { makeSubscription, makeDelivery, makeAttempt, attemptsNewestFirst, storedSubscription } from "./webhookFixtures.js"

/** Attempts recorded with their delivery's new state, and the history they make. */
export const webhookAttemptsSuite: StorageSuite<
  WebhookSubscriptionRepository | WebhookDeliveryRepository | TenantRepository | UnitOfWork
> = {
  name: "webhook delivery attempts",
  tests: (it) => {
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

    it.effect("prunes deliveries that ended before a time, the longest ended first, with their attempts; pending ones stay", () =>
      Effect.gen(function* () {
        const deliveries = yield* WebhookDeliveryRepository
        const mine = yield* storedSubscription()
        const theirs = yield* storedSubscription()
        // Long before any other suite's rows: pruning reads every tenant's.
        const ended = (subscription: typeof mine, status: "succeeded" | "failed", updatedAt: string) =>
          makeDelivery(subscription, { status, attempts: 1, nextAttemptAt: null, updatedAt: at(updatedAt) })
        const first = ended(mine, "succeeded", "2001-01-01T00:00:00.000Z")
        const second = ended(theirs, "failed", "2001-02-01T00:00:00.000Z")
        const third = ended(mine, "succeeded", "2001-03-01T00:00:00.000Z")
        const recent = ended(mine, "succeeded", "2001-07-01T00:00:00.000Z")
        const waiting = makeDelivery(mine, { updatedAt: at("2000-12-01T00:00:00.000Z") })
        const all = [first, second, third, recent, waiting]
        yield* deliveries.insertMany(all)
        const attemptOf = new Map(all.map((delivery) => [delivery.id, makeAttempt(delivery)]))
        yield* deliveries.record(all.map((delivery) => ({ delivery, attempt: attemptOf.get(delivery.id) })))
        const stored = (delivery: WebhookDelivery) => deliveries.find(delivery.tenantId, delivery.id)
        const attemptStored = (delivery: WebhookDelivery) => deliveries.findAttempt(delivery.tenantId, attemptOf.get(delivery.id)!.id)

        const before = at("2001-06-01T00:00:00.000Z")
        // One tenant's own period first: only its deliveries go.
        expect(yield* deliveries.pruneEnded(at("2001-01-15T00:00:00.000Z"), 10, theirs.tenantId)).toBe(0)
        expect(yield* deliveries.pruneEnded(before, 10, "not-a-uuid")).toBe(0)
        expect(yield* deliveries.pruneEnded(before, 1, mine.tenantId)).toBe(1)
        expect(yield* stored(first)).toEqual(Option.none())
        expect(Option.isSome(yield* stored(second))).toBe(true)
        yield* deliveries.insertMany([first])
        yield* deliveries.record([{ delivery: first, attempt: attemptOf.get(first.id) }])
        expect(yield* deliveries.pruneEnded(before, 2)).toBe(2)
        for (const gone of [first, second]) {
          expect(yield* stored(gone)).toEqual(Option.none())
          expect(yield* attemptStored(gone)).toEqual(Option.none())
        }
        expect(Option.isSome(yield* stored(third))).toBe(true)
        expect(yield* deliveries.pruneEnded(before, 2)).toBe(1)
        expect(yield* deliveries.pruneEnded(before, 2)).toBe(0)
        for (const kept of [recent, waiting]) {
          expect(yield* stored(kept)).toEqual(Option.some(kept))
          expect(Option.isSome(yield* attemptStored(kept))).toBe(true)
        }
      })
    )
  }
}
