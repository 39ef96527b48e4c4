// The baseline for webhook delivery, in a process of its own: a bare loop that signs (HMAC-SHA256
// of `<timestamp>.<body>`, node:crypto) and POSTs bodies shaped as ServiceKit's deliveries with
// undici, the client ServiceKit uses. { run } keeps `concurrency` requests in flight until `count`
// were answered (answering its CPU time too); { paced } starts one every 1/rate s. Answers { done } with
// the failures seen.
import { randomUUID } from "node:crypto"
import { agent, signedPost } from "./signedPost.mjs"

const post = async ({ url, secret, template }) => {
  const body = JSON.stringify({ ...template, eventId: randomUUID(), timestamp: new Date().toISOString() })
  return (await signedPost(url, secret, { body, deliveryId: randomUUID(), event: template.event })) === 200
}
const tryPost = (target) => post(target).catch(() => false)

const run = async ({ count, concurrency, ...target }) => {
  let next = 0
  let failed = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < count) if (!(await tryPost(target))) failed++
    })
  )
  return failed
}

const paced = async ({ count, rate, ...target }) => {
  let failed = 0
  const began = performance.now()
  const sent = []
  for (let i = 0; i < count; i++) {
    const wait = began + (i * 1000) / rate - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    sent.push(tryPost(target).then((ok) => ok || failed++))
  }
  await Promise.all(sent)
  return failed
}

process.on("message", async (message) => {
  if (message.run) {
    const before = process.cpuUsage()
    const failed = await run(message.run)
    const { user, system } = process.cpuUsage(before)
    process.send({ done: true, failed, cpuMicros: user + system })
  }
  if (message.paced) process.send({ done: true, failed: await paced(message.paced) })
})
process.on("disconnect", () => agent.close().then(() => process.exit(0)))
process.send({ ready: true })
