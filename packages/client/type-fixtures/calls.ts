// Compiled by packages/client/test/types.test.ts: every line with a "refused" comment must fail to
// compile, and no other line may.
import { createClient } from "@servicekit/client"
import { verifyWebhook } from "@servicekit/client/webhooks"

const sk = createClient({ baseUrl: "http://localhost:8787/api", apiKey: "svk_live_voice_x" })
const id = "7c9e6679-7425-40de-944b-e07fc1f90ae7"

export const wellTyped = async () => {
  const sent = await sk.transactional.sendMessage({
    body: { to: ["ada@example.com"], subject: "Hi", text: "Hello" },
    headers: { "idempotency-key": "order-7" }
  })
  if (sent.error === undefined) sent.data.messages.map((message) => message.id)
  else if (sent.error.code === "idempotency_key_reused") console.log(sent.error.status === 422)
  const call = await sk.calling.getCall({ path: { id } })
  if (call.error?.code === "call_not_found") console.log(call.error.status === 404)
  for await (const item of sk.calling.listCalls.all({ query: { direction: "inbound" } })) console.log(item.durationSecs)
  const verified = await verifyWebhook({ secret: "whsec_x", headers: new Headers(), rawBody: "{}" })
  if (verified.ok && verified.event.event === "message.created") console.log(verified.event.payload.message.content)
}

export const wrongBodies = async () => {
  await sk.transactional.sendMessage({ body: { to: "ada@example.com", subject: "Hi" } }) // refused: `to` is an array
  await sk.chat.postMessage({ path: { id }, body: { content: 42 } }) // refused: content is text
  await sk.chat.postMessage({ path: { id }, body: { content: "hi", author: "me" } }) // refused: no such field
  await sk.transactional.sendMessage({}) // refused: the body is required
}

export const wrongQueries = async () => {
  await sk.calling.listCalls({ query: { limit: 10, colour: "red" } }) // refused: no such query key
  await sk.calling.listCalls({ query: { direction: "sideways" } }) // refused: not a direction
  await sk.calling.listCalls({ query: { limit: "10" } }) // refused: limit is a number
}

export const wrongPaths = async () => {
  await sk.calling.getCall() // refused: the path's id is required
  await sk.calling.getCall({}) // refused: the path's id is required
  await sk.calling.getCall({ path: {} }) // refused: the path's id is required
  await sk.calling.getCall({ path: { callId: id } }) // refused: the parameter is `id`
}

export const wrongErrorCodes = async () => {
  const call = await sk.calling.getCall({ path: { id } })
  if (call.error?.code === "template_not_found") return // refused: getCall never answers it
  const sent = await sk.transactional.sendMessage({ body: { to: ["a@example.com"], subject: "s", text: "t" } })
  if (sent.error?.status === 404 && sent.error.code === "call_not_found") return // refused: its 404 is template_not_found
}

export const wrongOperations = async () => {
  await sk.voice.listCalls() // refused: no such group
  await sk.calling.listCall() // refused: no such operation
  const verified = await verifyWebhook({ secret: "whsec_x", headers: new Headers(), rawBody: "{}" })
  if (verified.ok && verified.event.event === "message.deleted") return // refused: no such event
}

export const wrongInputs = async () => {
  await sk.calling.getCall({ path: { id }, body: { id } }) // refused: a GET takes no body
  await sk.transactional.sendMessage({ body: { to: ["a@example.com"] }, headers: { "x-other": "1" } }) // refused: undeclared header
}
