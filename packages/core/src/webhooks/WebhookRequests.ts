import type { SecretCrypto } from "../platform/Crypto.js"
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER
} from "../platform/WebhookSignature.js"
import type { WebhookDelivery, WebhookSubscription } from "./Webhook.js"

/** A subscription with its secret opened. */
export interface OpenedSubscription {
  readonly subscription: WebhookSubscription
  readonly secret: string
}

/** What a webhook body carries, whatever the event: its name, id and time, and the product's payload. */
export const bodyOf = (event: string, eventId: string, payload: unknown, occurredAt: Date) =>
  JSON.stringify({ event, eventId, payload, timestamp: occurredAt.toISOString() })

/**
 * The delivery as a POST, signed at `timestamp` (Unix seconds) with the subscription's secret,
 * waiting at most `wait.connectionMs` for a connection and then `wait.timeoutMs` for the answer.
 */
export const requestOf = (
  crypto: SecretCrypto["Type"],
  wait: { readonly timeoutMs: number; readonly connectionMs: number },
  { secret, subscription }: OpenedSubscription,
  delivery: WebhookDelivery,
  timestamp: number
) => ({
  url: subscription.url,
  headers: {
    "content-type": "application/json",
    "user-agent": "ServiceKit-Webhooks/1",
    // signWebhook's value, through the crypto port: native where the host has it.
    [WEBHOOK_SIGNATURE_HEADER]: crypto.hmacSha256Hex(secret, `${timestamp}.${delivery.body}`),
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    [WEBHOOK_DELIVERY_HEADER]: delivery.id,
    "X-Service-Event": delivery.event
  },
  body: delivery.body,
  timeout: wait.timeoutMs,
  connectionWait: wait.connectionMs
})
