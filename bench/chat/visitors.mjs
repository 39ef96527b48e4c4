// Hosted chat visitors in a process of their own: one server-sent event stream per visitor token
// (GET /api/public/chat/events), each on its own connection. A message's content carries the
// wall-clock time it was posted at, so each stream notes its post→seen latency as it reads it.
//   { open: { url, path, tokens, concurrency } }  opens the streams, `concurrency` at a time;
//                             each counts as open at its first `conversation` event; answers
//                             { opened, failed }
//   { reset }                 forgets what the streams saw so far
//   { progress }              how many messages the streams saw in all
//   { report }                the latencies, the messages each stream saw (by token), the
//                             streams that ended early
//   { close }                 ends every stream
import http from "node:http"
import { performance } from "node:perf_hooks"

const now = () => performance.timeOrigin + performance.now()
let streams = []
let latencies = []

/** The stream of token `index`; resolves once it is open, rejects if it fails before that. */
const follow = (url, path, token, index) =>
  new Promise((resolve, reject) => {
    const stream = { index, seen: 0, open: false, ended: false, request: undefined }
    stream.request = http.get(
      `${url}${path}`,
      { headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" }, agent: false },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume()
          return reject(new Error(`events answered ${response.statusCode}`))
        }
        response.setEncoding("utf8")
        response.once("close", () => (stream.ended = true))
        let buffer = ""
        response.on("data", (chunk) => {
          buffer += chunk
          let end
          while ((end = buffer.indexOf("\n\n")) !== -1) {
            const block = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            if (/^event: conversation$/m.test(block)) {
              if (!stream.open) {
                stream.open = true
                resolve(stream)
              }
            } else if (/^event: message$/m.test(block)) {
              const data = block.slice(block.indexOf("data: ") + 6)
              const posted = Number(JSON.parse(data).content.split(" ")[1])
              latencies.push(now() - posted)
              stream.seen++
            }
          }
        })
      }
    )
    stream.request.on("error", (error) => (stream.open ? undefined : reject(error)))
  })

const open = async ({ url, path, tokens, concurrency }) => {
  let next = 0
  let failed = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tokens.length) {
        const index = next++
        await follow(url, path, tokens[index], index).then(
          (stream) => streams.push(stream),
          () => failed++
        )
      }
    })
  )
  return { opened: streams.length, failed }
}

process.on("message", async (message) => {
  if (message.open) process.send(await open(message.open))
  else if (message.reset) {
    latencies = []
    for (const stream of streams) stream.seen = 0
    process.send({ reset: true })
  } else if (message.progress) process.send({ seenTotal: latencies.length })
  else if (message.report) {
    const seen = []
    for (const stream of streams) seen[stream.index] = stream.seen
    process.send({ latencies, seen, ended: streams.filter((stream) => stream.ended).length })
  } else if (message.close) {
    for (const stream of streams) stream.request.destroy()
    streams = []
    process.send({ closed: true })
  }
})
process.on("disconnect", () => process.exit(0))
process.send({ ready: true })
