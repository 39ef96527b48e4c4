import { Array as Arr, Clock, Context, Effect, Either, Layer, Option } from "effect"
import type { EventSubscriber } from "../jobs/EventBus.js"
import type { DomainEvent } from "../jobs/EventOutbox.js"
import { storableText } from "../http/Inputs.js"
import { JobQueue, type JobToEnqueue, defineQueue } from "../jobs/JobQueue.js"
import { SecretCrypto, randomBase62, randomUuid } from "../platform/Crypto.js"
import { type ValidationFailed, invalidField } from "../platform/Errors.js"
import { type Listed, listPage } from "../platform/Keyset.js"
import { type OutboundAnswer, OutboundHttp, checkOutboundUrl } from "../platform/OutboundHttp.js"
import { SecretBox } from "../platform/SecretBox.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER
} from "../platform/WebhookSignature.js"
import { WebhookDeliveryNotFound, WebhookDeliveryPending, WebhookNotFound } from "./ChatErrors.js"
import {
  type DeliveryAttempt,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookSubscription
} from "./Webhook.js"
import {
  type RecordedAttempt,
  WebhookDeliveryRepository,
  WebhookSubscriptionRepository
} from "./WebhookRepositories.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
export const MAX_URL_LENGTH = 2_048
export const MAX_DESCRIPTION_LENGTH = 500
/** The event a test delivery carries; it is never emitted otherwise and needs no subscription. */
export const TEST_EVENT = "webhook.test"

/**
 * "Deliveries X, Y… are due": the truth (attempts, next attempt) stays in the deliveries table.
 * A job names up to DELIVERY_BATCH deliveries of one tenant, claimed together, posted at once and
 * recorded in one write; a retry is a job of its own.
 */
export const webhookQueue = defineQueue("servicekit.chat.webhook", {
  maxAttempts: 5,
  backoff: "5 seconds",
  lease: "1 minute"
})

/** The most deliveries one job carries: an event batch's first attempts go out in jobs of this many. */
export const DELIVERY_BATCH = 50

/** The deliveries a job names (`deliveryIds`, or `deliveryId` as single-delivery jobs carried it). */
export const deliveryIdsOf = (payload: Readonly<Record<string, unknown>>): ReadonlyArray<string> => {
  const { deliveryId, deliveryIds } = payload
  if (Array.isArray(deliveryIds)) return deliveryIds.filter((id): id is string => typeof id === "string")
  return typeof deliveryId === "string" ? [deliveryId] : []
}

export interface SubscriptionInput {
  readonly url: string
  readonly events: ReadonlyArray<string>
  readonly description?: string | null | undefined
  readonly active?: boolean | undefined
}

export type SubscriptionPatch = Partial<SubscriptionInput>

export interface CreatedSubscription {
  readonly subscription: WebhookSubscription
  /** The signing secret: returned here once, stored encrypted. */
  readonly secret: string
}

export interface PageQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
}

/** The payload event subscribers and the chat service agree on: what a webhook body carries. */
const bodyOf = (event: string, eventId: string, payload: unknown, occurredAt: Date) =>
  JSON.stringify({ event, eventId, payload, timestamp: occurredAt.toISOString() })

/** Seconds or an HTTP date, as Retry-After carries them; undefined when absent or unreadable. */
export const retryAfterMs = (header: string | undefined, now: Date): number | undefined => {
  if (header === undefined) return undefined
  if (/^\d{1,10}$/.test(header.trim())) return Number(header.trim()) * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime())
}

/** Whether an answer (or its absence) is worth another attempt: network errors, timeouts, 408, 429 and 5xx. */
const retryable = (status: number | null) => status === null || status === 408 || status === 429 || status >= 500

const checkEvents = (events: ReadonlyArray<string>) => {
  if (events.length === 0) return Effect.fail(invalidField("events", "must name at least one event"))
  const unknown = events.find((event) => !(WEBHOOK_EVENTS as ReadonlyArray<string>).includes(event))
  return unknown === undefined
    ? Effect.succeed([...new Set(events)] as Array<WebhookEvent>)
    : Effect.fail(invalidField("events", `"${unknown}" is not one of ${WEBHOOK_EVENTS.join(", ")}`))
}

const checkDescription = (description: string | null | undefined) =>
  description !== undefined && description !== null && description.length > MAX_DESCRIPTION_LENGTH
    ? Effect.fail(invalidField("description", `must be at most ${MAX_DESCRIPTION_LENGTH} characters`))
    : Effect.void

/** A subscription with its secret opened. */
interface OpenedSubscription {
  readonly subscription: WebhookSubscription
  readonly secret: string
}

/** A delivery's state after an attempt, its history row, and the subscription when its receiver answered 410 Gone. */
interface Outcome extends RecordedAttempt {
  readonly gone: WebhookSubscription | undefined
}

/** How long a process keeps a subscription and its opened secret for deliveries. */
const OPENED_TTL_MS = 5_000
/** At most this many are kept; past it the cache starts afresh. */
const OPENED_MAX = 10_000

/**
 * Signed webhooks for chat events: subscriptions with a secret shown once and kept sealed, one
 * delivery per event and subscription written in the dispatcher's unit of work, and attempts
 * retried with backoff until they succeed, fail for good or grow too old; every attempt lands in
 * the subscription's history.
 */
export class WebhookService extends Context.Tag("@servicekit/core/WebhookService")<
  WebhookService,
  {
    readonly create: (
      tenantId: string,
      input: SubscriptionInput
    ) => Effect.Effect<CreatedSubscription, ValidationFailed>
    readonly get: (tenantId: string, id: string) => Effect.Effect<WebhookSubscription, WebhookNotFound>
    readonly list: (tenantId: string, query: PageQuery) => Effect.Effect<Listed<WebhookSubscription>, ValidationFailed>
    readonly update: (
      tenantId: string,
      id: string,
      patch: SubscriptionPatch
    ) => Effect.Effect<WebhookSubscription, ValidationFailed | WebhookNotFound>
    readonly remove: (tenantId: string, id: string) => Effect.Effect<WebhookSubscription, WebhookNotFound>
    /** The subscription's attempts, newest first. */
    readonly deliveries: (
      tenantId: string,
      id: string,
      query: PageQuery
    ) => Effect.Effect<Listed<DeliveryAttempt>, ValidationFailed | WebhookNotFound>
    /** Sends a signed `webhook.test` event now, once, and answers its attempt. */
    readonly test: (tenantId: string, id: string) => Effect.Effect<DeliveryAttempt, WebhookNotFound>
    /**
     * Sends a delivery whose retries have ended (it succeeded or failed) once more, now, with its
     * delivery id, and answers the attempt; one still being retried is refused.
     */
    readonly retry: (
      tenantId: string,
      id: string,
      deliveryId: string
    ) => Effect.Effect<DeliveryAttempt, WebhookNotFound | WebhookDeliveryNotFound | WebhookDeliveryPending>
    /** One attempt of each of the tenant's deliveries that is due: the handler of `webhookQueue`. */
    readonly deliver: (tenantId: string, deliveryIds: ReadonlyArray<string>) => Effect.Effect<void>
    /** Queues every delivery whose attempt is due, in case its job was lost. */
    readonly drain: Effect.Effect<number>
    /** Writes the deliveries of a batch of chat events (in the dispatcher's unit of work). */
    readonly fanOut: (events: ReadonlyArray<DomainEvent>) => Effect.Effect<void>
  }
>() {
  static readonly layer = Layer.effect(
    WebhookService,
    Effect.gen(function* () {
      const subscriptions = yield* WebhookSubscriptionRepository
      const deliveries = yield* WebhookDeliveryRepository
      const outbound = yield* OutboundHttp
      const box = yield* SecretBox
      const jobs = yield* JobQueue
      const unit = yield* UnitOfWork
      const crypto = yield* SecretCrypto
      const settings = yield* ServiceKitSettings
      const config = settings.webhooks
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const find = (tenantId: string, id: string) =>
        Effect.flatMap(subscriptions.find(tenantId, id), (found) =>
          Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new WebhookNotFound())
        )

      const checkUrl = (url: string) => {
        if (url.length > MAX_URL_LENGTH) {
          return Effect.fail(invalidField("url", `must be at most ${MAX_URL_LENGTH} characters`))
        }
        return Either.match(checkOutboundUrl(url, settings.outboundAllowPrivate), {
          onLeft: (refused) => Effect.fail(invalidField("url", refused.message)),
          onRight: (parsed) => Effect.succeed(parsed.href)
        })
      }

      /** The wait before the attempt after attempt `attempts`: doubling from the base, capped, with ±25% jitter. */
      const backoff = (attempts: number) => {
        const base = Math.min(config.retryMaxMs, config.retryBaseMs * 2 ** Math.min(30, attempts - 1))
        return Math.round(base * (0.75 + (crypto.randomBytes(1)[0]! / 255) * 0.5))
      }

      /** "The delivery's next attempt is due", keyed by the attempts made so far. */
      const jobOf = (delivery: WebhookDelivery): JobToEnqueue => ({
        payload: { tenantId: delivery.tenantId, deliveryIds: [delivery.id] },
        options: { key: `${delivery.id}@${delivery.attempts}`, runAt: delivery.nextAttemptAt ?? undefined }
      })

      /** New deliveries, due now, in jobs of up to DELIVERY_BATCH of one tenant, each keyed by its first. */
      const firstAttemptJobs = (created: ReadonlyArray<WebhookDelivery>): Array<JobToEnqueue> =>
        Object.values(Arr.groupBy(created, (delivery) => delivery.tenantId)).flatMap((own) =>
          Arr.chunksOf(own, DELIVERY_BATCH).map((batch) => ({
            payload: { tenantId: batch[0].tenantId, deliveryIds: batch.map((delivery) => delivery.id) },
            options: { key: `${batch[0].id}@0` }
          }))
        )

      /** The history row of the delivery's latest attempt. */
      const attemptOf = (
        delivery: WebhookDelivery,
        outcome: Pick<DeliveryAttempt, "statusCode" | "durationMs" | "error" | "nextRetryAt">,
        at: Date
      ): DeliveryAttempt => ({
        id: randomUuid(crypto),
        tenantId: delivery.tenantId,
        subscriptionId: delivery.subscriptionId,
        deliveryId: delivery.id,
        eventId: delivery.eventId,
        event: delivery.event,
        attempt: delivery.attempts,
        ...outcome,
        createdAt: at
      })

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

      /** The delivery as a POST, signed at `timestamp` (Unix seconds) with the subscription's secret. */
      const requestOf = (
        { secret, subscription }: OpenedSubscription,
        delivery: WebhookDelivery,
        timestamp: number
      ) => ({
        url: subscription.url,
        headers: {
          "content-type": "application/json",
          "user-agent": "ServiceKit-Webhooks/1",
          // signWebhook's value, through the crypto port: native where the host has it.
          [WEBHOOK_SIGNATURE_HEADER]: crypto.hmacSha256Hex(secret, `${timestamp}.${delivery.body}`),
          [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
          [WEBHOOK_DELIVERY_HEADER]: delivery.id,
          "X-Service-Event": delivery.event
        },
        body: delivery.body,
        timeout: config.timeoutMs
      })

      /**
       * What an answer (or its absence) means for the delivery: the attempt's figures (whole
       * milliseconds, as the history documents them), and whether to try again.
       */
      const resultOf = (answer: OutboundAnswer) =>
        Either.match(answer, {
          onLeft: (error) => ({
            statusCode: null,
            durationMs: error._tag === "OutboundFailed" ? Math.round(error.durationMs ?? 0) : 0,
            // A network error's text may quote what the other side sent.
            error: storableText(error.message),
            // A refused address will be refused again: no retry.
            retry: error._tag === "OutboundFailed",
            retryAfter: undefined
          }),
          onRight: (response) => ({
            statusCode: response.status,
            durationMs: Math.round(response.durationMs),
            error: response.status >= 200 && response.status < 300 ? null : `HTTP ${response.status}`,
            retry: retryable(response.status),
            retryAfter: response.headers["retry-after"]
          })
        })

      /**
       * A claimed delivery after its attempt ended at `ended`: its state and history row, its next
       * attempt (only when `retries`), and its subscription when the receiver answered 410 Gone.
       */
      const outcomeOf = (
        subscription: WebhookSubscription,
        delivery: WebhookDelivery,
        answer: OutboundAnswer,
        ended: Date,
        retries: boolean
      ): Outcome => {
        const result = resultOf(answer)
        const succeeded = result.error === null
        let nextAttemptAt: Date | null = null
        let error = result.error
        if (!succeeded && result.retry && retries) {
          const wait = Math.max(
            backoff(delivery.attempts),
            Math.min(config.retryMaxMs, retryAfterMs(result.retryAfter, ended) ?? 0)
          )
          const next = new Date(ended.getTime() + wait)
          if (next.getTime() - delivery.createdAt.getTime() <= config.maxAgeMs) nextAttemptAt = next
          else error = `${error}; given up after ${delivery.attempts} attempts`
        }
        return {
          delivery: {
            ...delivery,
            status: succeeded ? "succeeded" : nextAttemptAt === null ? "failed" : "pending",
            nextAttemptAt,
            updatedAt: ended
          },
          attempt: attemptOf(
            delivery,
            { statusCode: result.statusCode, durationMs: result.durationMs, error, nextRetryAt: nextAttemptAt },
            ended
          ),
          gone: result.statusCode === 410 ? subscription : undefined
        }
      }

      /** One attempt of each claimed delivery, all posted at once. */
      const attemptAll = (
        claimed: ReadonlyArray<{ readonly target: OpenedSubscription; readonly delivery: WebhookDelivery }>,
        retries: boolean
      ) =>
        Effect.gen(function* () {
          const timestamp = Math.floor((yield* Clock.currentTimeMillis) / 1000)
          const answers = yield* outbound.postAll(
            claimed.map(({ delivery, target }) => requestOf(target, delivery, timestamp))
          )
          const ended = yield* now
          return claimed.map(({ delivery, target }, i) =>
            outcomeOf(target.subscription, delivery, answers[i]!, ended, retries)
          )
        })

      /** A claimed delivery whose subscription is gone or disabled fails without an attempt on the wire. */
      const disabled = (delivery: WebhookDelivery, at: Date): Outcome => ({
        delivery: { ...delivery, status: "failed", nextAttemptAt: null, updatedAt: at },
        attempt: attemptOf(
          delivery,
          { statusCode: null, durationMs: 0, error: "The subscription is disabled.", nextRetryAt: null },
          at
        ),
        gone: undefined
      })

      /**
       * Records the outcomes in one write. Retries queue their next job, and a 410 Gone disables
       * its subscription, in the same unit of work.
       */
      const store = (outcomes: ReadonlyArray<Outcome>) => {
        const retrying = outcomes.filter((outcome) => outcome.delivery.nextAttemptAt !== null)
        const gone = new Map(
          outcomes.flatMap(({ gone }) => (gone === undefined ? [] : [[`${gone.tenantId}/${gone.id}`, gone] as const]))
        )
        // The common case, one statement: no unit of work needed.
        if (retrying.length === 0 && gone.size === 0) return deliveries.record(outcomes)
        return unit.withTransaction(
          Effect.gen(function* () {
            yield* deliveries.record(outcomes)
            if (retrying.length > 0)
              yield* jobs.enqueueMany(
                webhookQueue,
                retrying.map((each) => jobOf(each.delivery))
              )
            for (const subscription of gone.values()) {
              const updatedAt = yield* now
              yield* subscriptions.save({ ...subscription, active: false, disabledReason: "gone", updatedAt })
              yield* forget(subscription.tenantId, subscription.id)
            }
          })
        )
      }

      const pageSize = (limit: number | undefined) => limit ?? DEFAULT_PAGE_SIZE

      return {
        create: (tenantId, input) =>
          Effect.gen(function* () {
            const url = yield* checkUrl(input.url)
            const events = yield* checkEvents(input.events)
            yield* checkDescription(input.description)
            const secret = `whsec_${randomBase62(crypto, 32)}`
            const at = yield* now
            const subscription: WebhookSubscription = {
              id: randomUuid(crypto),
              tenantId,
              url,
              events,
              description: input.description ?? null,
              sealedSecret: yield* box.seal(secret),
              active: input.active ?? true,
              disabledReason: null,
              createdAt: at,
              updatedAt: at
            }
            yield* subscriptions.save(subscription)
            return { subscription, secret }
          }),
        get: find,
        list: (tenantId, query) =>
          listPage(
            { limit: pageSize(query.limit), cursor: query.cursor },
            (cursor) => subscriptions.find(tenantId, cursor),
            (page) => subscriptions.list(tenantId, page)
          ),
        update: (tenantId, id, patch) =>
          Effect.gen(function* () {
            const url = patch.url === undefined ? undefined : yield* checkUrl(patch.url)
            const events = patch.events === undefined ? undefined : yield* checkEvents(patch.events)
            yield* checkDescription(patch.description)
            const current = yield* find(tenantId, id)
            const active = patch.active ?? current.active
            const updated: WebhookSubscription = {
              ...current,
              url: url ?? current.url,
              events: events ?? current.events,
              description: patch.description === undefined ? current.description : patch.description,
              active,
              disabledReason: active ? null : patch.active === false ? null : current.disabledReason,
              updatedAt: yield* now
            }
            yield* subscriptions.save(updated)
            yield* forget(tenantId, id)
            return updated
          }),
        remove: (tenantId, id) =>
          unit.withTransaction(
            Effect.flatMap(find(tenantId, id), (subscription) =>
              Effect.as(Effect.zipRight(subscriptions.remove(tenantId, id), forget(tenantId, id)), subscription)
            )
          ),
        deliveries: (tenantId, id, query) =>
          Effect.zipRight(
            find(tenantId, id),
            listPage(
              { limit: pageSize(query.limit), cursor: query.cursor },
              (cursor) =>
                Effect.map(
                  deliveries.findAttempt(tenantId, cursor),
                  Option.filter((row) => row.subscriptionId === id)
                ),
              (page) => deliveries.listAttempts(tenantId, id, page)
            )
          ),
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
            const [outcome] = yield* attemptAll([{ target: yield* open(subscription), delivery }], false)
            yield* store([outcome])
            return outcome.attempt
          }),
        retry: (tenantId, id, deliveryId) =>
          Effect.gen(function* () {
            const subscription = yield* find(tenantId, id)
            const found = Option.filter(
              yield* deliveries.find(tenantId, deliveryId),
              (delivery) => delivery.subscriptionId === id
            )
            if (Option.isNone(found)) return yield* Effect.fail(new WebhookDeliveryNotFound())
            // A pending delivery belongs to its retry jobs: a second sender would race them.
            if (found.value.status === "pending") return yield* Effect.fail(new WebhookDeliveryPending())
            const delivery = { ...found.value, attempts: found.value.attempts + 1 }
            const [outcome] = yield* attemptAll([{ target: yield* open(subscription), delivery }], false)
            yield* store([outcome])
            return outcome.attempt
          }),
        deliver: (tenantId, deliveryIds) =>
          Effect.gen(function* () {
            const at = yield* now
            const leaseUntil = new Date(at.getTime() + config.timeoutMs + 30_000)
            const claimed = yield* deliveries.claim(tenantId, deliveryIds, at, leaseUntil)
            if (claimed.length === 0) return
            // Each subscription once, before the posts start.
            const targets = new Map<string, Option.Option<OpenedSubscription>>()
            for (const { subscriptionId } of claimed) {
              if (!targets.has(subscriptionId)) {
                targets.set(subscriptionId, yield* openedSubscription(tenantId, subscriptionId))
              }
            }
            const sendable: Array<{ readonly target: OpenedSubscription; readonly delivery: WebhookDelivery }> = []
            const outcomes: Array<Outcome> = []
            for (const delivery of claimed) {
              const target = Option.getOrUndefined(targets.get(delivery.subscriptionId)!)
              if (target?.subscription.active) sendable.push({ target, delivery })
              else outcomes.push(disabled(delivery, at))
            }
            if (sendable.length > 0) outcomes.push(...(yield* attemptAll(sendable, true)))
            yield* store(outcomes)
          }),
        drain: Effect.gen(function* () {
          const due = yield* deliveries.due(yield* now, 1_000)
          yield* jobs.enqueueMany(webhookQueue, due.map(jobOf))
          return due.length
        }),
        fanOut: (events) =>
          Effect.gen(function* () {
            const at = yield* now
            // One lookup per tenant and event type in the batch, one insert and one enqueue for all.
            const targets = new Map<string, ReadonlyArray<WebhookSubscription>>()
            const created: Array<WebhookDelivery> = []
            for (const event of events) {
              const key = `${event.tenantId}/${event.type}`
              let subscribed = targets.get(key)
              if (subscribed === undefined) {
                subscribed = yield* subscriptions.listFor(event.tenantId, event.type)
                targets.set(key, subscribed)
              }
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
            yield* jobs.enqueueMany(webhookQueue, firstAttemptJobs(created))
          })
      }
    })
  )
}

/** Chat events become webhook deliveries as the dispatcher hands them on. */
export const webhookSubscriber: EventSubscriber<WebhookService> = {
  name: "chat.webhooks",
  types: WEBHOOK_EVENTS.filter((event) => event !== "visitor.created"),
  handle: (events) => Effect.flatMap(WebhookService, (service) => service.fanOut(events))
}
