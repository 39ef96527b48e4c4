// The durable pipeline ServiceKit's chat message posts are measured against, written by hand as a
// careful engineer would without the framework, in a process of its own, on Postgres and Redis:
// the same route and body, an API key checked by its SHA-256 digest (cached, as ServiceKit caches
// keys), and in one transaction the conversation's count bumped (its next sequence), the message
// stored and a message.created event row written for the webhook dispatcher; after the commit the
// event is published on Redis for the conversation's live streams, and the message answered.
// With BENCH_CHAT_HANDWRITTEN_RATE_LIMITS=1 each request first counts against its key's and its
// client address's per-minute limits in Redis, as ServiceKit's limiter does: INCR and the first
// hit's PEXPIRE in one script, the two counters sent together on an auto-pipelined connection.
// { cpu } answers the process's CPU time so far ({ cpuMicros }).
import { randomBytes, randomUUID } from "node:crypto"
import { createServer } from "node:http"
import Redis from "ioredis"
import pg from "pg"
import { answer, digestOf, keyChecker, readJson } from "../handwritten.mjs"

const pool = new pg.Pool({ connectionString: process.env.BENCH_CHAT_HANDWRITTEN_DATABASE_URL, max: 10 })
const redis = new Redis(process.env.BENCH_CHAT_HANDWRITTEN_REDIS_URL)
await pool.query(`
  create schema if not exists handwritten_chat;
  set search_path to handwritten_chat;
  create table if not exists keys (digest text primary key, tenant_id uuid not null);
  create table if not exists conversations (
    tenant_id uuid not null, id uuid not null, name text not null, status text not null,
    message_count integer not null, last_message_at timestamptz, created_at timestamptz not null,
    updated_at timestamptz not null, primary key (tenant_id, id));
  create table if not exists messages (
    tenant_id uuid not null, id uuid not null, conversation_id uuid not null, sequence integer not null,
    author_type text not null, content text not null, created_at timestamptz not null,
    primary key (tenant_id, id), unique (tenant_id, conversation_id, sequence));
  create table if not exists events (
    sequence bigserial primary key, tenant_id uuid not null, type text not null, payload jsonb not null,
    created_at timestamptz not null, dispatched_at timestamptz)`)
const rateLimits = process.env.BENCH_CHAT_HANDWRITTEN_RATE_LIMITS === "1"
const limits = rateLimits ? new Redis(process.env.BENCH_CHAT_HANDWRITTEN_REDIS_URL, { enableAutoPipelining: true }) : undefined
limits?.defineCommand("hit", {
  numberOfKeys: 1,
  lua: `local count = redis.call("INCR", KEYS[1])
if count == 1 then redis.call("PEXPIRE", KEYS[1], ARGV[1]) end
return count`
})
// Limits high enough that the load is never throttled, as in ServiceKit's benchmark server.
const LIMIT = 100_000_000
const withinLimits = async (tenant, address) => {
  const window = Math.floor(Date.now() / 60_000)
  const counts = await Promise.all([
    limits.hit(`handwritten:rl:key:${tenant}:${window}`, 60_000),
    limits.hit(`handwritten:rl:ip:${address}:${window}`, 60_000)
  ])
  return counts.every((count) => count <= LIMIT)
}

const key = `bench_${randomBytes(24).toString("base64url")}`
const tenantId = randomUUID()
await pool.query("insert into handwritten_chat.keys (digest, tenant_id) values ($1, $2)", [digestOf(key), tenantId])

const tenantOf = keyChecker(async (digest) => {
  const { rows } = await pool.query("select tenant_id from handwritten_chat.keys where digest = $1", [digest])
  return rows[0]?.tenant_id
})

/** Runs `work(client)` in a transaction. */
const transaction = async (work) => {
  const client = await pool.connect()
  try {
    await client.query("begin")
    const result = await work(client)
    await client.query("commit")
    return result
  } catch (error) {
    await client.query("rollback")
    throw error
  } finally {
    client.release()
  }
}

const createConversation = async (tenant, body) => {
  if (typeof body?.name !== "string" || body.name.length === 0 || body.name.length > 200) return undefined
  const at = new Date()
  const conversation = { id: randomUUID(), name: body.name, status: "open", messageCount: 0, createdAt: at }
  await transaction(async (client) => {
    await client.query("insert into handwritten_chat.conversations values ($1, $2, $3, 'open', 0, null, $4, $4)", [
      tenant,
      conversation.id,
      conversation.name,
      at
    ])
    await client.query(
      "insert into handwritten_chat.events (tenant_id, type, payload, created_at) values ($1, 'conversation.created', $2, $3)",
      [tenant, JSON.stringify({ conversation }), at]
    )
  })
  return conversation
}

const postMessage = (tenant, conversationId, content) =>
  transaction(async (client) => {
    const at = new Date()
    const bumped = await client.query(
      "update handwritten_chat.conversations set message_count = message_count + 1, last_message_at = $3, updated_at = $3 where tenant_id = $1 and id = $2 returning message_count",
      [tenant, conversationId, at]
    )
    if (bumped.rowCount === 0) return undefined
    const message = {
      id: randomUUID(),
      conversationId,
      sequence: bumped.rows[0].message_count,
      authorType: "agent",
      content,
      createdAt: at
    }
    await client.query("insert into handwritten_chat.messages values ($1, $2, $3, $4, 'agent', $5, $6)", [
      tenant,
      message.id,
      conversationId,
      message.sequence,
      content,
      at
    ])
    await client.query(
      "insert into handwritten_chat.events (tenant_id, type, payload, created_at) values ($1, 'message.created', $2, $3)",
      [tenant, JSON.stringify({ conversationId, message }), at]
    )
    return message
  })

const MESSAGES = /^\/api\/v1\/chat\/conversations\/([0-9a-f-]{36})\/messages$/
const handle = async (request, response) => {
  const tenant = await tenantOf(request.headers.authorization)
  if (tenant === undefined) return answer(response, 401, { error: { code: "invalid_key" } })
  if (rateLimits && !(await withinLimits(tenant, request.socket.remoteAddress))) {
    return answer(response, 429, { error: { code: "rate_limited" } })
  }
  if (request.method === "POST" && request.url === "/api/v1/chat/conversations") {
    const conversation = await createConversation(tenant, await readJson(request))
    return conversation === undefined
      ? answer(response, 400, { error: { code: "validation_failed" } })
      : answer(response, 200, conversation)
  }
  const path = request.method === "POST" ? MESSAGES.exec(request.url ?? "") : null
  if (path === null) return answer(response, 404, { error: { code: "not_found" } })
  const body = await readJson(request)
  const content = body?.content
  if (typeof content !== "string" || content.length === 0 || content.length > 10_000 || content.includes("\u0000")) {
    return answer(response, 400, { error: { code: "validation_failed" } })
  }
  try {
    const message = await postMessage(tenant, path[1], content)
    if (message === undefined) return answer(response, 404, { error: { code: "conversation_not_found" } })
    // The conversation's live streams hear of it once it is stored.
    await redis.publish(`chat:${tenant}:${path[1]}`, JSON.stringify({ type: "message.created", message }))
    answer(response, 200, message)
  } catch (error) {
    answer(response, 500, { error: { message: String(error) } })
  }
}
// A client that leaves mid-request (the load generator stopping) takes its request with it.
const server = createServer((request, response) => void handle(request, response).catch(() => response.destroy()))
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
process.send({ url: `http://127.0.0.1:${server.address().port}`, key })
process.on("message", (message) => {
  if (message.cpu) {
    const { user, system } = process.cpuUsage()
    process.send({ cpuMicros: user + system })
  }
})
process.on("disconnect", async () => {
  server.close()
  redis.disconnect()
  await pool.end()
  process.exit(0)
})
