// A webhook receiver in a process of its own, as a tenant would write one: plain node:http, the
// raw body read whole and verified with verifyWebhook, then counted with its latency from the
// event's timestamp, answered 200. The parent sets the secret, resets the counts, waits for a
// count ({ until, timeoutMs }: answered { arrived, at }, or { arrived, timedOut } with the count
// reached by then) and asks for the figures ({ report }).
import { createServer } from "node:http"
import { performance } from "node:perf_hooks"
import { verifyWebhook } from "@servicekit/core"

const now = () => performance.timeOrigin + performance.now()
let secret = ""
let received = 0
let rejected = 0
let duplicates = 0
let lastAt = 0
let latencies = []
let seen = new Set()
let sample
let waiting

const server = createServer((request, response) => {
  const chunks = []
  request.on("data", (chunk) => chunks.push(chunk))
  request.on("end", () => {
    const rawBody = Buffer.concat(chunks).toString("utf8")
    const verified = verifyWebhook(secret, request.headers, rawBody)
    if (!verified.ok) {
      rejected++
      response.writeHead(401, { "content-type": "application/json" }).end(`{"error":"${verified.reason}"}`)
      return
    }
    // Deliveries are at least once: a repeat is answered but counted apart.
    if (seen.has(verified.deliveryId)) duplicates++
    else {
      seen.add(verified.deliveryId)
      const delivery = JSON.parse(rawBody)
      lastAt = now()
      latencies.push(lastAt - Date.parse(delivery.timestamp))
      sample ??= rawBody
      received++
      if (waiting !== undefined && received >= waiting.count) {
        clearTimeout(waiting.timer)
        process.send({ arrived: waiting.count, at: lastAt })
        waiting = undefined
      }
    }
    response.writeHead(200, { "content-type": "application/json" }).end('{"received":true}')
  })
})

server.listen(0, "127.0.0.1", () => process.send({ url: `http://127.0.0.1:${server.address().port}/hooks` }))
process.on("message", (message) => {
  if (message.secret !== undefined) {
    secret = message.secret
    process.send({ secretSet: true })
  } else if (message.reset) {
    received = rejected = duplicates = lastAt = 0
    clearTimeout(waiting?.timer)
    waiting = undefined
    latencies = []
    seen = new Set()
    process.send({ reset: true })
  } else if (message.until !== undefined) {
    if (received >= message.until) return process.send({ arrived: message.until, at: lastAt })
    const count = message.until
    const timer = setTimeout(() => {
      waiting = undefined
      process.send({ arrived: count, timedOut: true, received })
    }, message.timeoutMs)
    waiting = { count, timer }
  } else if (message.report) {
    process.send({ report: { received, rejected, duplicates, lastAt, latencies, sample } })
  }
})
process.on("disconnect", () => {
  server.closeAllConnections()
  server.close(() => process.exit(0))
})
