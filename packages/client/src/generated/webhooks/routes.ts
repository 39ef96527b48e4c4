// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhooks group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const webhooksRoutes = {
  /** List webhook subscriptions */
  "webhooks.listWebhooks": ["GET", "/tenants/{tenantId}/webhooks", "400 401 403 405 429 500", "page"],
  /**
   * Subscribe to events
   *
   * Deliveries are HTTPS POSTs of `{ event, eventId, payload, timestamp }`, signed in `X-Service-Signature` (lowercase hex HMAC-SHA256 of `<X-Service-Timestamp>.<raw body>` with the secret). `events`: message.created, conversation.created, conversation.closed, conversation.assigned, csat.submitted, visitor.created, email.sent, email.failed, email.bounced, email.complained, email.delivered, email.deferred, run.succeeded, run.failed, run.cancelled, run.expired, approval.requested, approval.decided, node.offline, endpoint.disabled, sending.warning, sending.paused, sending.resumed (`visitor.created` is accepted and never sent); `products`: chat, transactional, automations, for every event of each. A subscription receives the events it names and every event of the products it names; one naming neither receives every event, those of products added later too. Events and products must be of products the account is entitled to (else 403 `product_not_entitled`). `ratePerSecond` throttles it; `paused` holds its deliveries until it is resumed. The URL must be https on a public address. An account keeps at most 100 subscriptions (409 `webhook_limit_reached`).
   */
  "webhooks.createWebhook": ["POST", "/tenants/{tenantId}/webhooks", "400 401 403 405 409 413 429 500"],
  /** Get a webhook subscription */
  "webhooks.getWebhook": ["GET", "/tenants/{tenantId}/webhooks/{id}", "400 401 403 404 405 429 500"],
  /**
   * Update a webhook subscription
   *
   * Fields left out are kept; `events` and `products` are each replaced whole. The secret does not change. Resuming (`paused: false`) sends what waited at once, oldest first, within the throttle.
   */
  "webhooks.updateWebhook": ["PATCH", "/tenants/{tenantId}/webhooks/{id}", "400 401 403 404 405 413 429 500"],
  /**
   * Delete a webhook subscription
   *
   * Answers the deleted subscription; its pending deliveries and history go with it.
   */
  "webhooks.deleteWebhook": ["DELETE", "/tenants/{tenantId}/webhooks/{id}", "400 401 403 404 405 429 500"],
  /**
   * Delivery history
   *
   * Every attempt, newest first.
   */
  "webhooks.listWebhookDeliveries": ["GET", "/tenants/{tenantId}/webhooks/{id}/deliveries", "400 401 403 404 405 429 500", "page"],
  /**
   * Send a test event
   *
   * Sends a signed `webhook.test` event now, once (no retries), and answers the attempt, which also joins the history.
   */
  "webhooks.testWebhook": ["POST", "/tenants/{tenantId}/webhooks/{id}/test", "400 401 403 404 405 429 500"],
  /**
   * A delivery and its body
   *
   * The delivery an attempt's `deliveryId` names: its state and the exact body its attempts send, as signed.
   */
  "webhooks.getWebhookDelivery": ["GET", "/tenants/{tenantId}/webhooks/{id}/deliveries/{deliveryId}", "400 401 403 404 405 429 500"],
  /**
   * Recover failed deliveries
   *
   * Queues again every delivery of the subscription that failed for good and was created at or after `since` (the oldest 10000 per call), each with its delivery id and body: they are attempted as new deliveries are, in turn with the tenant's others and within the receiver's connections, and retried as usual while younger than the deliveries' maximum age (else given up after one more attempt). A subscription turned off answers 409.
   */
  "webhooks.recoverWebhookDeliveries": ["POST", "/tenants/{tenantId}/webhooks/{id}/recover", "400 401 403 404 405 409 413 429 500"],
  /**
   * Retry a delivery
   *
   * Sends a delivery that succeeded or failed for good once more, now (no automatic retries), signed afresh with the same `X-Service-Delivery` id so the receiver can tell it from a new event, and answers the attempt, which joins the history. `deliveryId` is an attempt's `deliveryId`. A delivery whose automatic retries are still under way answers 409.
   */
  "webhooks.retryWebhookDelivery": ["POST", "/tenants/{tenantId}/webhooks/{id}/deliveries/{deliveryId}/retry", "400 401 403 404 405 409 429 500"]
} as const
