import { Either } from "effect"
import { storableText } from "../http/Inputs.js"
import { type SecretCrypto, randomUuid } from "../platform/Crypto.js"
import type { OutboundAnswer } from "../platform/OutboundHttp.js"
import type { WebhookSettings } from "../platform/Settings.js"
import { type DeliveryAttempt, MAX_ANSWER_CHARS, type WebhookDelivery, type WebhookSubscription } from "./Webhook.js"
import type { ReceiverAnswer } from "./WebhookHealth.js"
import type { RecordedAttempt } from "./WebhookRepositories.js"

/** A delivery's state after an attempt (or after none), its history row, and what it said of the receiver. */
export interface Outcome extends RecordedAttempt {
  /** The subscription as the sender knew it; undefined when it is gone. */
  readonly subscription: WebhookSubscription | undefined
  /** What the attempt said of the receiver; undefined when nothing reached it. */
  readonly answer: ReceiverAnswer | undefined
}

/**
 * The least a delivery turned away by its receiver's busy connections waits before it is due
 * again; up to an attempt's timeout more, spread, as the slowest receiver frees a connection
 * within a timeout.
 */
const BUSY_WAIT_MS = 1_000

/**
 * How long a delivery of a paused subscription waits before it is looked at again: resuming makes
 * the waiting ones due at once, so this only catches one a process held as the pause ended.
 */
export const HOLD_CHECK_MS = 10 * 60_000

/** Seconds or an HTTP date, as Retry-After carries them; undefined when absent or unreadable. */
export const retryAfterMs = (header: string | undefined, now: Date): number | undefined => {
  if (header === undefined) return undefined
  if (/^\d{1,10}$/.test(header.trim())) return Number(header.trim()) * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime())
}

/** Whether an answer (or its absence) is worth another attempt: network errors, timeouts, 408, 429 and 5xx. */
const retryable = (status: number | null) => status === null || status === 408 || status === 429 || status >= 500

/**
 * What an answer (or its absence) means for the delivery: the attempt's figures (whole
 * milliseconds, as the history documents them), and whether to try again.
 */
const resultOf = (answer: OutboundAnswer) =>
  Either.match(answer, {
    onLeft: (error) => ({
      answer: error._tag === "OutboundBusy" ? undefined : ("failed" as const),
      statusCode: null,
      durationMs: error._tag === "OutboundFailed" ? Math.round(error.durationMs ?? 0) : 0,
      // A network error's text may quote what the other side sent.
      error: storableText(error.message),
      responseBody: null,
      // A refused address will be refused again: no retry.
      retry: error._tag === "OutboundFailed",
      retryAfter: undefined
    }),
    onRight: (response) => ({
      answer:
        response.status >= 200 && response.status < 300
          ? ("ok" as const)
          : response.status === 410
            ? ("gone" as const)
            : ("failed" as const),
      statusCode: response.status,
      durationMs: Math.round(response.durationMs),
      error: response.status >= 200 && response.status < 300 ? null : `HTTP ${response.status}`,
      // Whatever the receiver wrote, made storable; a cut between surrogate halves is replaced too.
      responseBody: storableText(response.body.slice(0, MAX_ANSWER_CHARS)),
      retry: retryable(response.status),
      retryAfter: response.headers["retry-after"]
    })
  })

/** What an attempt's answer makes of a delivery: its next state, its history row and its retry schedule. */
export const makeOutcomes = (config: WebhookSettings, crypto: SecretCrypto["Type"]) => {
  /** A random share of `ms`, from 0 to all of it. */
  const share = (ms: number) => Math.round(ms * (crypto.randomBytes(1)[0]! / 255))
  /** The wait before the attempt after attempt `attempts`: doubling from the base, capped, with ±25% jitter. */
  const backoff = (attempts: number) => {
    const base = Math.min(config.retryMaxMs, config.retryBaseMs * 2 ** Math.min(30, attempts - 1))
    return Math.round(base * 0.75) + share(base * 0.5)
  }

  /** The history row of the delivery's latest attempt. */
  const attemptOf = (
    delivery: WebhookDelivery,
    outcome: Pick<DeliveryAttempt, "statusCode" | "durationMs" | "error" | "responseBody" | "nextRetryAt">,
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
   * A claimed delivery that was not sent goes back, its attempt uncounted, due again at `until`:
   * unless that is past its maximum age, when it is given up.
   */
  const putBack = (
    subscription: WebhookSubscription,
    delivery: WebhookDelivery,
    until: Date,
    at: Date,
    why: string
  ): Outcome => {
    const attempts = delivery.attempts - 1
    if (until.getTime() - delivery.createdAt.getTime() > config.maxAgeMs) {
      return failedUnsent(subscription, delivery, at, `${why}; given up after ${attempts} attempts`)
    }
    return {
      delivery: { ...delivery, attempts, status: "pending", nextAttemptAt: until, updatedAt: at },
      attempt: undefined,
      subscription,
      answer: undefined
    }
  }

  /** A claimed delivery that ends failed without being sent, its history saying why. */
  const failedUnsent = (
    subscription: WebhookSubscription | undefined,
    delivery: WebhookDelivery,
    at: Date,
    error: string
  ): Outcome => ({
    delivery: { ...delivery, status: "failed", nextAttemptAt: null, updatedAt: at },
    attempt: attemptOf(
      delivery,
      { statusCode: null, durationMs: 0, error, responseBody: null, nextRetryAt: null },
      at
    ),
    subscription,
    answer: undefined
  })

  /**
   * When the deliveries of one batch turned away by busy connections are due again, together: a
   * second at least, then spread over up to an attempt's timeout.
   */
  const busyUntil = (ended: Date) => new Date(ended.getTime() + BUSY_WAIT_MS + share(config.timeoutMs))

  /**
   * A claimed delivery after its attempt ended at `ended`: its state and history row, and its
   * next attempt (only when `retries`). When its receiver's connections were all busy and
   * `retries`, it goes back unsent until `busyUntil(ended)`, the same for its whole batch.
   */
  const outcomeOf = (
    subscription: WebhookSubscription,
    delivery: WebhookDelivery,
    answer: OutboundAnswer,
    ended: Date,
    retries: { readonly busyUntil: Date } | undefined
  ): Outcome => {
    if (retries !== undefined && answer._tag === "Left" && answer.left._tag === "OutboundBusy") {
      return putBack(subscription, delivery, retries.busyUntil, ended, "The receiver's connections stayed busy")
    }
    const result = resultOf(answer)
    const succeeded = result.error === null
    let nextAttemptAt: Date | null = null
    let error = result.error
    if (!succeeded && result.retry && retries !== undefined) {
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
        {
          statusCode: result.statusCode,
          durationMs: result.durationMs,
          error,
          responseBody: result.responseBody,
          nextRetryAt: nextAttemptAt
        },
        ended
      ),
      subscription,
      answer: result.answer
    }
  }

  /** A claimed delivery whose subscription is gone or disabled fails without an attempt on the wire. */
  const disabled = (subscription: WebhookSubscription | undefined, delivery: WebhookDelivery, at: Date) =>
    failedUnsent(subscription, delivery, at, "The subscription is disabled.")

  /**
   * When a batch of a paused subscription's deliveries is due again: once the pause ends, spread
   * over half the pause (at least a second) so that its batches do not all come due at once.
   */
  const pauseEnd = (subscription: WebhookSubscription, at: Date) => {
    const ends = subscription.pausedUntil!.getTime()
    return new Date(ends + share(Math.max(1_000, (ends - at.getTime()) / 2)))
  }

  /** A claimed delivery of a paused subscription goes back until `until`. */
  const paused = (subscription: WebhookSubscription, delivery: WebhookDelivery, until: Date, at: Date) =>
    putBack(subscription, delivery, until, at, "The receiver kept failing")

  /**
   * A claimed delivery of a subscription its tenant paused goes back for HOLD_CHECK_MS (resuming
   * makes it due at once), given up once that is past its maximum age.
   */
  const held = (subscription: WebhookSubscription, delivery: WebhookDelivery, at: Date) =>
    putBack(subscription, delivery, new Date(at.getTime() + HOLD_CHECK_MS), at, "The endpoint stayed paused")

  /** A claimed delivery of a throttled subscription goes back until its turn to be sent, `until`. */
  const throttled = (subscription: WebhookSubscription, delivery: WebhookDelivery, until: Date, at: Date) =>
    putBack(subscription, delivery, until, at, "The endpoint's throttle held it")

  return { outcomeOf, busyUntil, disabled, paused, pauseEnd, held, throttled }
}
