import { Array as Arr } from "effect"
import { type JobToEnqueue, defineQueue } from "../jobs/JobQueue.js"
import type { WebhookDelivery } from "./Webhook.js"

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

/**
 * "The delivery's next attempt is due", keyed by the attempts made so far and the due time (a
 * delivery put back unsent is due again with as many attempts).
 */
export const jobOf = (delivery: WebhookDelivery): JobToEnqueue => ({
  payload: { tenantId: delivery.tenantId, deliveryIds: [delivery.id] },
  options: {
    tenant: delivery.tenantId,
    key: `${delivery.id}@${delivery.attempts}:${delivery.nextAttemptAt?.getTime() ?? 0}`,
    runAt: delivery.nextAttemptAt ?? undefined
  }
})

/** New deliveries, due now, in jobs of up to DELIVERY_BATCH of one tenant, each keyed by its first. */
export const firstAttemptJobs = (created: ReadonlyArray<WebhookDelivery>): Array<JobToEnqueue> =>
  Object.values(Arr.groupBy(created, (delivery) => delivery.tenantId)).flatMap((own) =>
    Arr.chunksOf(own, DELIVERY_BATCH).map((batch) => ({
      payload: { tenantId: batch[0].tenantId, deliveryIds: batch.map((delivery) => delivery.id) },
      options: { tenant: batch[0].tenantId, key: `${batch[0].id}@0` }
    }))
  )
