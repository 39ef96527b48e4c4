import { Effect, Either } from "effect"
import { invalidField } from "../platform/Errors.js"
import { checkOutboundUrl } from "../platform/OutboundHttp.js"
import type { WebhookSubscription } from "./Webhook.js"
import { MAX_RATE_PER_SECOND } from "./WebhookFilters.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
export const MAX_URL_LENGTH = 2_048
export const MAX_DESCRIPTION_LENGTH = 500
/** The most failed deliveries one recover sends again; a caller with more calls again. */
export const RECOVER_LIMIT = 10_000
/** The event a test delivery carries; it is never emitted otherwise and needs no subscription. */
export const TEST_EVENT = "webhook.test"

export interface SubscriptionInput {
  readonly url: string
  /** With `products` left empty too: every event. */
  readonly events?: ReadonlyArray<string> | undefined
  readonly products?: ReadonlyArray<string> | undefined
  readonly description?: string | null | undefined
  readonly active?: boolean | undefined
  readonly ratePerSecond?: number | null | undefined
  readonly paused?: boolean | undefined
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

export const pageSize = (limit: number | undefined) => limit ?? DEFAULT_PAGE_SIZE

/** The URL as it will be called, or why it may not be: too long, not https, or a private address. */
export const checkUrl = (url: string, allowPrivate: boolean) => {
  if (url.length > MAX_URL_LENGTH) {
    return Effect.fail(invalidField("url", `must be at most ${MAX_URL_LENGTH} characters`))
  }
  return Either.match(checkOutboundUrl(url, allowPrivate), {
    onLeft: (refused) => Effect.fail(invalidField("url", refused.message)),
    onRight: (parsed) => Effect.succeed(parsed.href)
  })
}

/** `names` without repeats, when each is one of `known` (the catalog's events or products): else a 400 naming `field`. */
export const checkNames = (field: string, names: ReadonlyArray<string>, known: ReadonlyArray<string>) => {
  const unknown = names.find((name) => !known.includes(name))
  return unknown === undefined
    ? Effect.succeed([...new Set(names)])
    : Effect.fail(invalidField(field, `"${unknown}" is not one of ${known.join(", ")}`))
}

/** A throttle: a whole number of deliveries a second up to MAX_RATE_PER_SECOND, or null for none. */
export const checkRate = (rate: number | null | undefined) =>
  rate === undefined || rate === null || (Number.isInteger(rate) && rate >= 1 && rate <= MAX_RATE_PER_SECOND)
    ? Effect.void
    : Effect.fail(invalidField("ratePerSecond", `must be a whole number from 1 to ${MAX_RATE_PER_SECOND}, or null`))

export const checkDescription = (description: string | null | undefined) =>
  description !== undefined && description !== null && description.length > MAX_DESCRIPTION_LENGTH
    ? Effect.fail(invalidField("description", `must be at most ${MAX_DESCRIPTION_LENGTH} characters`))
    : Effect.void
