import { verifyWebhook } from "@servicekit/client/webhooks"

/** Bodies larger than this are refused unread: ServiceKit's events are far smaller. */
const MAX_BODY_BYTES = 1_000_000

/**
 * A node:http request listener for ServiceKit's webhooks. It reads the raw body, checks
 * the signature and the timestamp (constant time, 5-minute replay window), drops deliveries it
 * has already handled (the delivery id stays the same on every retry), and hands each new event
 * to `onEvent`. Answering 2xx only after `onEvent` succeeded makes ServiceKit retry the rest.
 */
export const webhookListener = ({ secret, onEvent, toleranceSeconds = 300 }) => {
  // In production keep this in your database, beside what onEvent writes.
  const handled = new Set()
  return async (request, response) => {
    if (request.method !== "POST") return answer(response, 405, { error: "method_not_allowed" })
    const chunks = []
    let size = 0
    for await (const chunk of request) {
      size += chunk.length
      if (size > MAX_BODY_BYTES) return answer(response, 413, { error: "too_large" })
      chunks.push(chunk)
    }
    const verified = await verifyWebhook({
      secret,
      headers: request.headers,
      rawBody: Buffer.concat(chunks),
      toleranceSeconds
    })
    if (!verified.ok) return answer(response, 401, { error: verified.reason })
    const deliveryId = verified.deliveryId
    if (deliveryId !== undefined && handled.has(deliveryId)) return answer(response, 200, { duplicate: true })
    try {
      await onEvent(verified.event, deliveryId)
    } catch (error) {
      return answer(response, 500, { error: "handler_failed" })
    }
    if (deliveryId !== undefined) handled.add(deliveryId)
    return answer(response, 200, { received: true })
  }
}

const answer = (response, status, body) => {
  response.writeHead(status, { "content-type": "application/json" })
  response.end(JSON.stringify(body))
}
