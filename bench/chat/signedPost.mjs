// A webhook POST as ServiceKit sends one: the body signed (HMAC-SHA256 of `<timestamp>.<body>`,
// node:crypto) in the same headers, through undici, the client ServiceKit uses. Shared by the bare
// loop and the hand-written durable pipeline, so both do the same I/O.
import { createHmac } from "node:crypto"
import { createRequire } from "node:module"

// undici as @servicekit/adapters resolves it (the package's file, as that adapter imports it).
const require = createRequire(new URL("../../packages/adapters/package.json", import.meta.url))
const { Agent } = await import(require.resolve("undici/index.js"))

export const agent = new Agent()

/** POSTs `body` to `url` signed with `secret`; answers the status code once the answer is read. */
export const signedPost = async (url, secret, { body, deliveryId, event }) => {
  const timestamp = Math.floor(Date.now() / 1000)
  const target = new URL(url)
  const response = await agent.request({
    origin: target.origin,
    path: target.pathname,
    method: "POST",
    headers: {
      "content-type": "application/json",
      "user-agent": "bench",
      "X-Service-Signature": createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex"),
      "X-Service-Timestamp": String(timestamp),
      "X-Service-Delivery": deliveryId,
      "X-Service-Event": event
    },
    body
  })
  await response.body.text()
  return response.statusCode
}
