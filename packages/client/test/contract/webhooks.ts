import { expect, it } from "vitest"
import { type ContractContext, UNKNOWN_ID } from "./setup.js"

/** Webhook subscriptions, tested against a receiver that verifies them. */
export const webhooksTests = (context: ContractContext) => {
  const { receiver, connect, tenantWith, expectOk, expectError } = context

  it("subscribes to chat events, tests the subscription against a receiver that verifies it, and deletes it", async () => {
    const chat = await tenantWith("Hooks", ["chat"])
    const hooks = connect({ apiKey: await chat.key({ product: "chat", scopes: ["webhooks:manage"] }) })
    const tenant = { tenantId: chat.id }
    const created = expectOk(
      await hooks.webhooks.createWebhook({
        path: tenant,
        body: { url: receiver.url(), events: ["message.created"], description: "CRM" }
      })
    )
    expect(created.secret).toMatch(/^whsec_/)
    receiver.useSecret(created.secret)
    const path = { ...tenant, id: created.id }
    const { secret: _, ...shown } = created
    expect(expectOk(await hooks.webhooks.getWebhook({ path }))).toEqual(shown)
    expect(expectOk(await hooks.webhooks.listWebhooks({ path: tenant })).data).toEqual([shown])
    const updated = expectOk(
      await hooks.webhooks.updateWebhook({ path, body: { events: ["message.created", "csat.submitted"] } })
    )
    expect(updated).toMatchObject({ events: ["message.created", "csat.submitted"], description: "CRM" })

    const attempt = expectOk(await hooks.webhooks.testWebhook({ path }))
    // 200: the receiver verified the signature with the secret shown at creation.
    expect(attempt).toMatchObject({ event: "webhook.test", statusCode: 200, error: null })
    expect(receiver.verified.at(-1)).toMatchObject({ event: "webhook.test", eventId: attempt.eventId })
    expect(expectOk(await hooks.webhooks.listWebhookDeliveries({ path })).data).toEqual([attempt])
    // The same delivery once more, by hand: the next attempt, under the same delivery id.
    const retried = expectOk(
      await hooks.webhooks.retryWebhookDelivery({ path: { ...path, deliveryId: attempt.deliveryId } })
    )
    expect(retried).toMatchObject({ deliveryId: attempt.deliveryId, attempt: 2, statusCode: 200 })
    expect(receiver.verified.at(-1)).toMatchObject({ event: "webhook.test", eventId: attempt.eventId })
    const unknownDelivery = expectError(
      await hooks.webhooks.retryWebhookDelivery({ path: { ...path, deliveryId: UNKNOWN_ID } }),
      404
    )
    expect(unknownDelivery.code).toBe("webhook_delivery_not_found")
    // The delivery itself, with the body its attempts sent as signed.
    const delivery = expectOk(
      await hooks.webhooks.getWebhookDelivery({ path: { ...path, deliveryId: attempt.deliveryId } })
    )
    expect(delivery).toMatchObject({ id: attempt.deliveryId, event: "webhook.test", status: "succeeded", attempts: 2 })
    expect(JSON.parse(delivery.body)).toMatchObject({ event: "webhook.test", eventId: attempt.eventId })
    // Nothing failed: nothing to recover.
    const since = new Date(Date.now() - 60_000).toISOString()
    expect(expectOk(await hooks.webhooks.recoverWebhookDeliveries({ path, body: { since } }))).toEqual({ recovered: 0 })

    expect(expectOk(await hooks.webhooks.deleteWebhook({ path })).id).toBe(created.id)
    const gone = await hooks.webhooks.getWebhook({ path })
    const missing = expectError(gone, 404)
    expect(missing.code).toBe("webhook_not_found")
    // @ts-expect-error: getWebhook documents no template_not_found
    expect(missing.code === "template_not_found").toBe(false)
  })
}
