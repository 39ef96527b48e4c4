import { Clock, Effect, Option } from "effect"
import { EventBus } from "../jobs/EventBus.js"
import { JobQueue } from "../jobs/JobQueue.js"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { OutboundHttp } from "../platform/OutboundHttp.js"
import { SecretBox } from "../platform/SecretBox.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { WebhookNotFound } from "./WebhookErrors.js"
import { endpointDisabledEvent } from "./WebhookEvents.js"
import type { WebhookDelivery, WebhookSubscription } from "./Webhook.js"
import { type ReceiverAnswer, healthAfter } from "./WebhookHealth.js"
import { type Outcome, makeOutcomes } from "./WebhookOutcomes.js"
import { jobsOf, webhookQueue } from "./WebhookQueue.js"
import { WebhookDeliveryRepository, WebhookSubscriptionRepository } from "./WebhookRepositories.js"
import { type OpenedSubscription, requestOf } from "./WebhookRequests.js"

/** The most held deliveries a resume queues at once; the drain finds the others, due too. */
const RESUME_LIMIT = 10_000

/** How long a process keeps a subscription and its opened secret for deliveries. */
const OPENED_TTL_MS = 5_000
/** At most this many are kept; past it the cache starts afresh. */
const OPENED_MAX = 10_000

/**
 * Sends deliveries and records what came of them: subscriptions opened (and kept a few seconds),
 * signed posts all at once, and the outcomes stored in one write with their retries queued.
 */
export const makeWebhookSender = Effect.gen(function* () {
  const subscriptions = yield* WebhookSubscriptionRepository
  const deliveries = yield* WebhookDeliveryRepository
  const outbound = yield* OutboundHttp
  const box = yield* SecretBox
  const jobs = yield* JobQueue
  const bus = yield* EventBus
  const unit = yield* UnitOfWork
  const crypto = yield* SecretCrypto
  const settings = yield* ServiceKitSettings
  const config = settings.webhooks
  const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
  /** How long a claimed delivery is its sender's: its wait for a connection, its timeout, and a margin. */
  const leaseMs = config.connectionWaitMs + config.timeoutMs + 30_000
  const { busyUntil, disabled, held, outcomeOf, paused, pauseEnd, throttled } = makeOutcomes(config, crypto)

  const find = (tenantId: string, id: string) =>
    Effect.flatMap(subscriptions.find(tenantId, id), (found) =>
      Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new WebhookNotFound())
    )

  /**
   * Subscriptions with their opened secrets, kept a few seconds in this process so that a
   * delivery neither reads its subscription nor opens its secret each time. A change made
   * through this service drops its entry at once; one made by another process shows within
   * OPENED_TTL_MS.
   */
  const opened = new Map<string, OpenedSubscription & { readonly until: number }>()
  const forget = (tenantId: string, id: string) => Effect.sync(() => opened.delete(`${tenantId}/${id}`))
  const open = (subscription: WebhookSubscription) =>
    Effect.map(box.open(subscription.sealedSecret), (secret) => ({ subscription, secret }))
  const openedSubscription = (tenantId: string, id: string) =>
    Effect.gen(function* () {
      const at = yield* Clock.currentTimeMillis
      const key = `${tenantId}/${id}`
      const cached = opened.get(key)
      if (cached !== undefined && cached.until > at) return Option.some(cached)
      opened.delete(key)
      const found = yield* subscriptions.find(tenantId, id)
      if (Option.isNone(found)) return Option.none()
      const entry = { ...(yield* open(found.value)), until: at + OPENED_TTL_MS }
      if (opened.size >= OPENED_MAX) opened.clear()
      opened.set(key, entry)
      return Option.some(entry)
    })

  /**
   * One attempt of each claimed delivery, all posted at once. A queued one (`retries`) waits a
   * moment for a connection and else goes back; one sent by hand waits as long as its timeout.
   */
  const attemptAll = (
    claimed: ReadonlyArray<{ readonly target: OpenedSubscription; readonly delivery: WebhookDelivery }>,
    retries: boolean
  ) =>
    Effect.gen(function* () {
      const timestamp = Math.floor((yield* Clock.currentTimeMillis) / 1000)
      const wait = { timeoutMs: config.timeoutMs, connectionMs: retries ? config.connectionWaitMs : config.timeoutMs }
      const answers = yield* outbound.postAll(
        claimed.map(({ delivery, target }) => requestOf(crypto, wait, target, delivery, timestamp))
      )
      const ended = yield* now
      const queued = retries ? { busyUntil: busyUntil(ended) } : undefined
      return claimed.map(({ delivery, target }, i) =>
        outcomeOf(target.subscription, delivery, answers[i]!, ended, queued)
      )
    })

  /** What the outcomes say of each subscription they reached, where that changes its circuit. */
  const healthOf = (outcomes: ReadonlyArray<Outcome>, at: Date) => {
    const answered = new Map<string, { subscription: WebhookSubscription; answers: Array<ReceiverAnswer> }>()
    for (const { answer, subscription } of outcomes) {
      if (subscription === undefined || answer === undefined) continue
      const key = `${subscription.tenantId}/${subscription.id}`
      const entry = answered.get(key) ?? { subscription, answers: [] }
      entry.answers.push(answer)
      answered.set(key, entry)
    }
    return [...answered.values()].flatMap(({ answers, subscription }) => {
      const health = healthAfter(subscription, answers, at, config)
      return health === undefined ? [] : [{ subscription, health }]
    })
  }

  /**
   * Records the outcomes in one write. Deliveries due again queue their next job, and the
   * subscriptions' circuits change (a 410 Gone or days of failures turn one off, and tell the
   * tenant's other endpoints with `endpoint.disabled`), in the same unit of work.
   */
  const store = (outcomes: ReadonlyArray<Outcome>) =>
    Effect.gen(function* () {
      const at = yield* now
      const retrying = outcomes.filter((outcome) => outcome.delivery.nextAttemptAt !== null)
      const changes = healthOf(outcomes, at)
      // The common case, one statement: no unit of work needed.
      if (retrying.length === 0 && changes.length === 0) return yield* deliveries.record(outcomes)
      yield* unit.withTransaction(
        Effect.gen(function* () {
          yield* deliveries.record(outcomes)
          if (retrying.length > 0)
            yield* jobs.enqueueMany(
              webhookQueue,
              jobsOf(retrying.map((each) => each.delivery))
            )
          for (const { health, subscription } of changes) {
            const turnedOff = yield* subscriptions.recordHealth(subscription.tenantId, subscription.id, health, at)
            if (turnedOff && health.disabledReason !== null) {
              const { disabledReason, failingSince } = health
              yield* bus.publish([endpointDisabledEvent(randomUuid(crypto), subscription, disabledReason, failingSince, at)])
            }
          }
        })
      )
      for (const { subscription } of changes) yield* forget(subscription.tenantId, subscription.id)
    })

  /**
   * Makes the subscription's held deliveries (those waiting while it was paused) due now and queues
   * them. Run after the resume is stored, by the resumer and by any sender that held one as it
   * ended: of the two, one sees the other's write.
   */
  const resumeHeld = (tenantId: string, id: string) =>
    Effect.gen(function* () {
      const at = yield* now
      const resumed = yield* deliveries.resume(tenantId, id, new Date(at.getTime() + leaseMs), at, RESUME_LIMIT)
      yield* jobs.enqueueMany(webhookQueue, jobsOf(resumed))
    })

  return { now, leaseMs, resumeHeld, find, forget, open, openedSubscription, attemptAll, store, disabled, paused, pauseEnd, held, throttled }
})

export type WebhookSender = Effect.Effect.Success<typeof makeWebhookSender>
