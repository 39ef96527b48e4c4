import { describe, expect, it } from "vitest"
import type { WebhookDelivery } from "../src/webhooks/Webhook.js"
import { DELIVERY_BATCH, deliveryIdsOf, jobsOf } from "../src/webhooks/WebhookQueue.js"

const due = (tenantId: string, id: string, at: number | null, attempts = 0): WebhookDelivery => ({
  id,
  tenantId,
  subscriptionId: "s",
  eventId: `e-${id}`,
  event: "message.created",
  body: "{}",
  status: "pending",
  attempts,
  nextAttemptAt: at === null ? null : new Date(at),
  createdAt: new Date(0),
  updatedAt: new Date(0)
})

describe("webhook delivery jobs", () => {
  it("name their deliveries as a list, or one as single-delivery jobs queued before batches did", () => {
    expect(deliveryIdsOf({ tenantId: "t", deliveryIds: ["a", "b"] })).toEqual(["a", "b"])
    expect(deliveryIdsOf({ tenantId: "t", deliveryId: "a" })).toEqual(["a"])
    // Whatever else a payload holds names nothing, so the job claims nothing.
    expect(deliveryIdsOf({ tenantId: "t", deliveryIds: ["a", 7, null, { id: "b" }] })).toEqual(["a"])
    expect(deliveryIdsOf({ tenantId: "t", deliveryIds: "a" })).toEqual([])
    expect(deliveryIdsOf({ tenantId: "t", deliveryId: 7 })).toEqual([])
    expect(deliveryIdsOf({})).toEqual([])
  })

  it("share a job per tenant and due time, up to a batch, each keyed by its first delivery and due time", () => {
    const together = Array.from({ length: DELIVERY_BATCH + 2 }, (_, i) => due("t1", `a${i}`, 5_000))
    const jobs = jobsOf([...together, due("t1", "b", 6_000, 3), due("t2", "c", 5_000)])
    expect(
      jobs.map((job) => ({ ids: (job.payload.deliveryIds as Array<string>).length, ...job.options }))
    ).toEqual([
      { ids: DELIVERY_BATCH, tenant: "t1", key: "a0@0:5000", runAt: new Date(5_000) },
      { ids: 2, tenant: "t1", key: `a${DELIVERY_BATCH}@0:5000`, runAt: new Date(5_000) },
      { ids: 1, tenant: "t1", key: "b@3:6000", runAt: new Date(6_000) },
      { ids: 1, tenant: "t2", key: "c@0:5000", runAt: new Date(5_000) }
    ])
    expect(jobs[3]!.payload).toEqual({ tenantId: "t2", deliveryIds: ["c"] })
    expect(jobsOf([])).toEqual([])
  })
})
