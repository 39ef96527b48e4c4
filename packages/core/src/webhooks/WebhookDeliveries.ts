import { Array as Arr, Effect, Option } from "effect"
import { JobQueue } from "../jobs/JobQueue.js"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { ProductCatalog } from "../platform/Products.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { WebhookDeliveryNotFound, WebhookDeliveryPending, WebhookInactive } from "./WebhookErrors.js"
import type { WebhookDelivery } from "./Webhook.js"
import { productsOfEvents, receives } from "./WebhookFilters.js"
import { RECOVER_LIMIT, TEST_EVENT } from "./WebhookInputs.js"
import { isPaused } from "./WebhookHealth.js"
import type { Outcome } from "./WebhookOutcomes.js"
import { jobsOf, webhookQueue } from "./WebhookQueue.js"
import { WebhookDeliveryRepository, WebhookSubscriptionRepository } from "./WebhookRepositories.js"
import { type OpenedSubscription, bodyOf } from "./WebhookRequests.js"
import type { WebhookSender } from "./WebhookSender.js"
import type { WebhookService } from "./WebhookService.js"

/**
 * Deliveries: one per event and subscription written as events are dispatched, attempted by the
 * queue's jobs (or drained when a job was lost), and sent by hand as a test or a retry.
 */
export const makeWebhookDeliveries = (sender: WebhookSender) =>
  Effect.gen(function* () {
    const subscriptions = yield* WebhookSubscriptionRepository
    const deliveries = yield* WebhookDeliveryRepository
    const jobs = yield* JobQueue
    const unit = yield* UnitOfWork
    const crypto = yield* SecretCrypto
    const productOfEvent = productsOfEvents((yield* ProductCatalog).events)
    const { attemptAll, find, leaseMs, now, open, store } = sender

    /**
     * Whether a subscription this process knows as paused still is (it may have been resumed
     * meanwhile), read once per batch into `known`.
     */
    const stillPaused = (tenantId: string, id: string, known: Map<string, boolean>) => {
      const answer = known.get(id)
      if (answer !== undefined) return Effect.succeed(answer)
      return Effect.map(subscriptions.find(tenantId, id), (found) => {
        const paused = Option.isSome(found) && found.value.pausedAt !== null
        known.set(id, paused)
        return paused
      })
    }

    /** One attempt sent by hand, whatever the receiver's circuit, and recorded. */
    const sendByHand = (target: OpenedSubscription, delivery: WebhookDelivery) =>
      Effect.gen(function* () {
        const [outcome] = yield* attemptAll([{ target, delivery }], false)
        yield* store([outcome])
        // Sent by hand, it is never put back: its outcome always has its attempt.
        return outcome.attempt!
      })

    /** Subscription `id` and its delivery `deliveryId`. */
    const deliveryOf = (tenantId: string, id: string, deliveryId: string) =>
      Effect.flatMap(find(tenantId, id), (subscription) =>
        Effect.flatMap(deliveries.find(tenantId, deliveryId), (found) =>
          Option.isSome(found) && found.value.subscriptionId === id
            ? Effect.succeed({ subscription, delivery: found.value })
            : Effect.fail(new WebhookDeliveryNotFound())
        )
      )

    const methods: Pick<
      WebhookService["Type"],
      "test" | "retry" | "delivery" | "recover" | "deliver" | "drain" | "fanOut"
    > = {
      test: (tenantId, id) =>
        Effect.gen(function* () {
          const subscription = yield* find(tenantId, id)
          const at = yield* now
          const eventId = randomUuid(crypto)
          const delivery: WebhookDelivery = {
            id: randomUuid(crypto),
            tenantId,
            subscriptionId: id,
            eventId,
            event: TEST_EVENT,
            body: bodyOf(TEST_EVENT, eventId, { subscriptionId: id, message: "A test event from ServiceKit." }, at),
            status: "pending",
            attempts: 1,
            nextAttemptAt: null,
            createdAt: at,
            updatedAt: at
          }
          yield* deliveries.insertMany([delivery])
          return yield* sendByHand(yield* open(subscription), delivery)
        }),
      retry: (tenantId, id, deliveryId) =>
        Effect.gen(function* () {
          const { delivery, subscription } = yield* deliveryOf(tenantId, id, deliveryId)
          // A pending delivery belongs to its retry jobs: a second sender would race them.
          if (delivery.status === "pending") return yield* Effect.fail(new WebhookDeliveryPending())
          return yield* sendByHand(yield* open(subscription), { ...delivery, attempts: delivery.attempts + 1 })
        }),
      delivery: (tenantId, id, deliveryId) =>
        Effect.map(deliveryOf(tenantId, id, deliveryId), ({ delivery }) => delivery),
      // Back on the queue, they take their turn among the tenant's deliveries and the receiver's
      // connections as new ones do: recovering a backlog delays no other endpoint.
      recover: (tenantId, id, since) =>
        Effect.gen(function* () {
          const subscription = yield* find(tenantId, id)
          if (!subscription.active) return yield* Effect.fail(new WebhookInactive())
          const at = yield* now
          return yield* unit.withTransaction(
            Effect.flatMap(deliveries.recover(tenantId, id, since, at, RECOVER_LIMIT), (recovered) =>
              Effect.as(jobs.enqueueMany(webhookQueue, jobsOf(recovered)), recovered.length)
            )
          )
        }),
      deliver: (tenantId, deliveryIds) =>
        Effect.gen(function* () {
          const at = yield* now
          const leaseUntil = new Date(at.getTime() + leaseMs)
          const claimed = yield* deliveries.claim(tenantId, deliveryIds, at, leaseUntil)
          if (claimed.length === 0) return
          // Each subscription once, before the posts start.
          const targets = new Map<string, Option.Option<OpenedSubscription>>()
          for (const { subscriptionId } of claimed) {
            if (!targets.has(subscriptionId)) {
              targets.set(subscriptionId, yield* sender.openedSubscription(tenantId, subscriptionId))
            }
          }
          const sendable: Array<{ readonly target: OpenedSubscription; readonly delivery: WebhookDelivery }> = []
          const outcomes: Array<Outcome> = []
          // Each paused subscription's deliveries go back together, due at one time.
          const pauseEnds = new Map<string, Date>()
          const throttled: Array<WebhookDelivery> = []
          const held = new Map<string, boolean>()
          for (const delivery of claimed) {
            const target = Option.getOrUndefined(targets.get(delivery.subscriptionId)!)
            if (target === undefined || !target.subscription.active) {
              outcomes.push(sender.disabled(target?.subscription, delivery, at))
            } else if (isPaused(target.subscription, at)) {
              const until = pauseEnds.get(delivery.subscriptionId) ?? sender.pauseEnd(target.subscription, at)
              pauseEnds.set(delivery.subscriptionId, until)
              outcomes.push(sender.paused(target.subscription, delivery, until, at))
            } else if (target.subscription.pausedAt !== null && (yield* stillPaused(tenantId, target.subscription.id, held))) {
              outcomes.push(sender.held(target.subscription, delivery, at))
            } else if (target.subscription.ratePerSecond !== null) {
              throttled.push(delivery)
            } else sendable.push({ target, delivery })
          }
          // A throttled subscription's first delivery goes if its slot is free; the others go back,
          // each due at a slot of its own after it. Slots are reserved on the clock of the send, not
          // of the claim: a claim slowed by a busy database must not let sends bunch up.
          const sendAt = throttled.length > 0 ? yield* now : at
          for (const [subscriptionId, waiting] of Object.entries(Arr.groupBy(throttled, (one) => one.subscriptionId))) {
            const target = Option.getOrThrow(targets.get(subscriptionId)!)
            const intervalMs = 1_000 / target.subscription.ratePerSecond!
            const next = yield* subscriptions.reserveSend(tenantId, subscriptionId, intervalMs, sendAt)
            const first = next === undefined ? sendAt.getTime() : next.getTime()
            waiting.forEach((delivery, i) => {
              const dueAt = new Date(first + i * intervalMs)
              if (i === 0 && next === undefined) sendable.push({ target, delivery })
              else outcomes.push(sender.throttled(target.subscription, delivery, dueAt, sendAt))
            })
          }
          if (sendable.length > 0) outcomes.push(...(yield* attemptAll(sendable, true)))
          yield* store(outcomes)
          // Held as its tenant resumed it: the resumer may have missed these (see resumeHeld).
          for (const [id, paused] of held) {
            if (paused && !(yield* stillPaused(tenantId, id, new Map()))) yield* sender.resumeHeld(tenantId, id)
          }
        }),
      drain: Effect.gen(function* () {
        const due = yield* deliveries.due(yield* now, 1_000)
        yield* jobs.enqueueMany(webhookQueue, jobsOf(due))
        return due.length
      }),
      fanOut: (events) =>
        Effect.gen(function* () {
          const at = yield* now
          // One lookup for the batch's tenants, one insert and one enqueue for all.
          const active = yield* subscriptions.activeOf(events.map((event) => event.tenantId))
          const created: Array<WebhookDelivery> = []
          for (const event of events) {
            const product = productOfEvent.get(event.type)
            const subscribed = (active.get(event.tenantId) ?? []).filter((one) => receives(one, event.type, product))
            if (subscribed.length === 0) continue
            const body = bodyOf(event.type, event.id, event.payload, event.occurredAt)
            for (const subscription of subscribed) {
              created.push({
                id: randomUuid(crypto),
                tenantId: event.tenantId,
                subscriptionId: subscription.id,
                eventId: event.id,
                event: event.type,
                body,
                status: "pending",
                attempts: 0,
                nextAttemptAt: at,
                createdAt: at,
                updatedAt: at
              })
            }
          }
          if (created.length === 0) return
          yield* deliveries.insertMany(created)
          yield* jobs.enqueueMany(webhookQueue, jobsOf(created))
        })
    }
    return methods
  })
