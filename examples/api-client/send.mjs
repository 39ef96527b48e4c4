// Sends an email through ServiceKit's API with the typed client, then reads the delivery log.
// SERVICEKIT_KEY is a transactional key; usage: node send.mjs ada@example.com
import { createClient } from "@servicekit/client"

const servicekit = createClient({
  baseUrl: process.env.SERVICEKIT_URL ?? "http://localhost:8787/api",
  apiKey: process.env.SERVICEKIT_KEY
})
const to = process.argv[2] ?? "you@example.com"
const sent = await servicekit.transactional.sendMessage({
  body: { to: [to], subject: "Hello from ServiceKit", text: "It works." },
  headers: { "idempotency-key": `hello-${to}` }
})
if (sent.error) throw new Error(`${sent.error.status} ${sent.error.code}: ${sent.error.message}`)
console.log(`queued ${sent.data.messages.map((message) => message.id).join(", ")}`)
for await (const log of servicekit.transactional.listLogs.all()) console.log(`${log.status} ${log.recipient} ${log.createdAt}`)
