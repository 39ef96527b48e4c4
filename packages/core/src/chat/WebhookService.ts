import { Clock, Context, Effect, Either, Layer, Option } from "effect"
import type { EventSubscriber } from "../jobs/EventBus.js"
import type { DomainEvent } from "../jobs/EventOutbox.js"
import { JobQueue, type JobToEnqueue, defineQueue } from "../jobs/JobQueue.js"
import { SecretCrypto, randomBase62, randomUuid } from "../platform/Crypto.js"
import { type ValidationFailed, invalidField } from "../platform/Errors.js"
import { type Listed, listPage } from "../platform/Keyset.js"
import { OutboundHttp, type OutboundResponse, checkOutboundUrl } from "../platform/OutboundHttp.js"
import { SecretBox } from "../platform/SecretBox.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  signWebhook
} from "../platform/WebhookSignature.js"
import { WebhookNotFound } from "./ChatErrors.js"
import {
  type DeliveryAttempt,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookSubscription
} from "./Webhook.js"
import { WebhookDeliveryRepository, WebhookSubscriptionRepository } from "./WebhookRepositories.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
export const MAX_URL_LENGTH = 2_048
export const MAX_DESCRIPTION_LENGTH = 500
/** The event a test delivery carries; it is never emitted otherwise and needs no subscription. */
export const TEST_EVENT = "webhook.test"

/** "Delivery X is due": the truth (attempts, next attempt) stays in the deliveries table. */
export const webhookQueue = defineQueue("servicekit.chat.webhook", {
  maxAttempts: 5,
  backoff: "5 seconds",
  lease: "1 minute"
})

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

/**
 * Signed webhooks for chat events: subscriptions with a secret shown once and kept sealed, one
 * delivery per event and subscription written in the dispatcher's unit of work, and attempts
 * retried with backoff until they succeed, fail for good or grow too old; every attempt lands in
 * the subscription's history.
 */
/** How long a process keeps a subscription and its opened secret for deliveries. */
const OPENED_TTL_MS = 5_000
/** At most this many are kept; past it the cache starts afresh. */
const OPENED_MAX = 10_000

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
    /** One attempt of a due delivery: the handler of `webhookQueue`. */
    readonly deliver: (tenantId: string, deliveryId: string) => Effect.Effect<void>
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
        payload: { tenantId: delivery.tenantId, deliveryId: delivery.id },
        options: { key: `${delivery.id}@${delivery.attempts}`, runAt: delivery.nextAttemptAt ?? undefined }
      })
      const enqueue = (delivery: WebhookDelivery) => jobs.enqueueMany(webhookQueue, [jobOf(delivery)])

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
      const opened = new Map<
        string,
        { readonly subscription: WebhookSubscription; readonly secret: string; readonly until: number }
      >()
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

      /** POSTs the delivery, signed now with the subscription's secret. */
      const send = (subscription: WebhookSubscription, secret: string, delivery: WebhookDelivery, at: Date) =>
        Effect.gen(function* () {
          const timestamp = Math.floor(at.getTime() / 1000)
          const started = yield* Clock.currentTimeMillis
          const answer = yield* Effect.either(
            outbound.post({
              url: subscription.url,
              headers: {
                "content-type": "application/json",
                "user-agent": "ServiceKit-Webhooks/1",
                [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, delivery.body),
                [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
                [WEBHOOK_DELIVERY_HEADER]: delivery.id,
                "X-Service-Event": delivery.event
              },
              body: delivery.body,
              timeout: config.timeoutMs
            })
          )
          const durationMs = (yield* Clock.currentTimeMillis) - started
          return Either.match(answer, {
            onLeft: (error) => ({
              statusCode: null,
              durationMs,
              error: error.message,
              // A refused address will be refused again: no retry.
              retry: error._tag === "OutboundFailed",
              response: undefined as OutboundResponse | undefined
            }),
            onRight: (response) => ({
              statusCode: response.status,
              durationMs: response.durationMs,
              error: response.status >= 200 && response.status < 300 ? null : `HTTP ${response.status}`,
              retry: retryable(response.status),
              response
            })
          })
        })

      /** One attempt of a claimed delivery, stored with its outcome (and the next job, when it retries). */
      const attempt = (
        { secret, subscription }: { readonly subscription: WebhookSubscription; readonly secret: string },
        delivery: WebhookDelivery,
        retries: boolean
      ) =>
        Effect.gen(function* () {
          const at = yield* now
          const result = yield* send(subscription, secret, delivery, at)
          const ended = yield* now
          const succeeded = result.error === null
          let nextAttemptAt: Date | null = null
          let error = result.error
          if (!succeeded && result.retry && retries) {
            const wait = Math.max(
              backoff(delivery.attempts),
              Math.min(config.retryMaxMs, retryAfterMs(result.response?.headers["retry-after"], ended) ?? 0)
            )
            const next = new Date(ended.getTime() + wait)
            if (next.getTime() - delivery.createdAt.getTime() <= config.maxAgeMs) nextAttemptAt = next
            else error = `${error}; given up after ${delivery.attempts} attempts`
          }
          const stored: WebhookDelivery = {
            ...delivery,
            status: succeeded ? "succeeded" : nextAttemptAt === null ? "failed" : "pending",
            nextAttemptAt,
            updatedAt: ended
          }
          const record = attemptOf(
            delivery,
            { statusCode: result.statusCode, durationMs: result.durationMs, error, nextRetryAt: nextAttemptAt },
            ended
          )
          // 410 Gone: the receiver asks for no more deliveries.
          const gone = result.statusCode === 410
          if (nextAttemptAt === null && !gone) {
            // The common case, one statement: no unit of work needed.
            yield* deliveries.record(stored, record)
          } else {
            yield* unit.withTransaction(
              Effect.gen(function* () {
                yield* deliveries.record(stored, record)
                if (nextAttemptAt !== null) yield* enqueue(stored)
                if (gone) {
                  yield* subscriptions.save({
                    ...subscription,
                    active: false,
                    disabledReason: "gone",
                    updatedAt: ended
                  })
                  yield* forget(subscription.tenantId, subscription.id)
                }
              })
            )
          }
          return record
        })

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
            return yield* attempt(yield* open(subscription), delivery, false)
          }),
        deliver: (tenantId, deliveryId) =>
          Effect.gen(function* () {
            const at = yield* now
            const leaseUntil = new Date(at.getTime() + config.timeoutMs + 30_000)
            const claimed = yield* deliveries.claim(tenantId, deliveryId, at, leaseUntil)
            if (Option.isNone(claimed)) return
            const delivery = claimed.value
            const subscription = yield* openedSubscription(tenantId, delivery.subscriptionId)
            if (Option.isNone(subscription) || !subscription.value.subscription.active) {
              yield* deliveries.record(
                { ...delivery, status: "failed", nextAttemptAt: null, updatedAt: at },
                attemptOf(
                  delivery,
                  { statusCode: null, durationMs: 0, error: "The subscription is disabled.", nextRetryAt: null },
                  at
                )
              )
              return
            }
            yield* attempt(subscription.value, delivery, true)
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
            yield* jobs.enqueueMany(webhookQueue, created.map(jobOf))
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
