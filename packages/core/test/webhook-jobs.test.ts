import { describe, expect, it } from "vitest"
import { deliveryIdsOf } from "../src/chat/WebhookQueue.js"

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
})
