import type { Catalog } from "../platform/Products.js"
import type { WebhookSubscription } from "./Webhook.js"

/** The most subscriptions a tenant keeps: each event a tenant's products send is matched against all of them. */
export const MAX_SUBSCRIPTIONS = 100

/** The fastest throttle a subscription may set, in deliveries a second. */
export const MAX_RATE_PER_SECOND = 1_000

/**
 * Whether a subscription receives `event`, sent by `product` (undefined for the platform's own
 * events): when it names the event or its product, and always when it names neither events nor
 * products.
 */
export const receives = (
  subscription: Pick<WebhookSubscription, "events" | "products">,
  event: string,
  product: string | undefined
) =>
  (subscription.events.length === 0 && subscription.products.length === 0) ||
  subscription.events.includes(event) ||
  (product !== undefined && subscription.products.includes(product))

/** The product of each of the catalog's events (none for the platform's own). */
export const productsOfEvents = (events: Catalog["events"]): ReadonlyMap<string, string | undefined> =>
  new Map(events.map((event) => [event.name, event.product]))
