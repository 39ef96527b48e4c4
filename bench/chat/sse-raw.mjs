// The baseline for the visitors' streams, in a process of its own: raw node:http keeping every
// open response in memory, by conversation (the bearer token names it), and writing each posted
// message to them as the same server-sent event ServiceKit sends: no storage, no auth.
//   GET /events                          a `conversation` event, then the conversation's messages
//   POST /conversations/{id}/messages    { content } → written to every open stream of `id`
import { randomUUID } from "node:crypto"
import { createServer } from "node:http"

const conversations = new Map()
const sequences = new Map()

const server = createServer((request, response) => {
  if (request.method === "GET" && request.url === "/events") {
    const id = (request.headers.authorization ?? "").slice("Bearer ".length)
    let open = conversations.get(id)
    if (open === undefined) conversations.set(id, (open = new Set()))
    open.add(response)
    response.once("close", () => open.delete(response))
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" })
    response.write(`event: conversation\ndata: ${JSON.stringify({ id, name: null, status: "open", csat: null })}\n\n`)
    return
  }
  const match = /^\/conversations\/([^/]+)\/messages$/.exec(request.url)
  if (request.method !== "POST" || match === null) return response.writeHead(404).end()
  const chunks = []
  request.on("data", (chunk) => chunks.push(chunk))
  request.on("end", () => {
    const { content } = JSON.parse(Buffer.concat(chunks).toString("utf8"))
    const sequence = (sequences.get(match[1]) ?? 0) + 1
    sequences.set(match[1], sequence)
    const message = { id: randomUUID(), sequence, authorType: "api", content, createdAt: new Date().toISOString() }
    const event = `id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`
    for (const open of conversations.get(match[1]) ?? []) open.write(event)
    const body = JSON.stringify(message)
    response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body)
  })
})
server.listen(0, "127.0.0.1", () => process.send({ url: `http://127.0.0.1:${server.address().port}` }))
process.on("disconnect", () => {
  server.closeAllConnections()
  server.close(() => process.exit(0))
})
