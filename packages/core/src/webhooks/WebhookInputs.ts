import { Effect, Either } from "effect"
import { invalidField } from "../platform/Errors.js"
import { checkOutboundUrl } from "../platform/OutboundHttp.js"
import type { WebhookSubscription } from "./Webhook.js"

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

/** `events` without repeats, when each is one of `known` (the catalog's event names). */
export const checkEvents = (events: ReadonlyArray<string>, known: ReadonlyArray<string>) => {
  if (events.length === 0) return Effect.fail(invalidField("events", "must name at least one event"))
  const unknown = events.find((event) => !known.includes(event))
  return unknown === undefined
    ? Effect.succeed([...new Set(events)])
    : Effect.fail(invalidField("events", `"${unknown}" is not one of ${known.join(", ")}`))
}

export const checkDescription = (description: string | null | undefined) =>
  description !== undefined && description !== null && description.length > MAX_DESCRIPTION_LENGTH
    ? Effect.fail(invalidField("description", `must be at most ${MAX_DESCRIPTION_LENGTH} characters`))
    : Effect.void
