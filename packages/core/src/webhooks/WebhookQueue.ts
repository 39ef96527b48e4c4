import { Array as Arr } from "effect"
import { type JobToEnqueue, defineQueue } from "../jobs/JobQueue.js"
import type { WebhookDelivery } from "./Webhook.js"

/**
 * "Deliveries X, Y… are due": the truth (attempts, next attempt) stays in the deliveries table.
 * A job names up to DELIVERY_BATCH deliveries of one tenant, claimed together, posted at once and
 * recorded in one write. Named when webhooks were Live Chat's: jobs already queued keep the name.
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

/**
 * "These deliveries are due": those of one tenant due at the same time (a batch's first attempts,
 * deliveries put back together) share jobs of up to DELIVERY_BATCH, each keyed by its first
 * delivery's attempts so far and due time; a retry with a time of its own is a job of its own.
 */
export const jobsOf = (due: ReadonlyArray<WebhookDelivery>): Array<JobToEnqueue> =>
  Object.values(
    Arr.groupBy(due, (delivery) => `${delivery.tenantId}@${delivery.nextAttemptAt?.getTime() ?? 0}`)
  ).flatMap((together) =>
    Arr.chunksOf(together, DELIVERY_BATCH).map(([first, ...rest]) => ({
      payload: { tenantId: first.tenantId, deliveryIds: [first.id, ...rest.map((delivery) => delivery.id)] },
      options: {
        tenant: first.tenantId,
        key: `${first.id}@${first.attempts}:${first.nextAttemptAt?.getTime() ?? 0}`,
        runAt: first.nextAttemptAt ?? undefined
      }
    }))
  )
