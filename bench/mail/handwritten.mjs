// The durable pipeline ServiceKit's transactional sends are measured against, written by hand as a
// careful engineer would without the framework, in a process of its own, on Postgres: the same
// route and body, an API key checked by its SHA-256 digest (cached, as ServiceKit caches keys),
// the message stored and its job queued in one transaction (pg with pg-boss, the same engine),
// a worker sending one SMTP message per recipient through the same nodemailer pool, and the
// outcome stored: the message marked sent and one log row per recipient.
import { randomBytes, randomUUID } from "node:crypto"
import { createServer } from "node:http"
import nodemailer from "nodemailer"
import pg from "pg"
import PgBoss from "pg-boss"
import { answer, batchedWorker, digestOf, keyChecker, readJson } from "../handwritten.mjs"

const QUEUE = "mail"
const pool = new pg.Pool({ connectionString: process.env.BENCH_MAIL_DATABASE_URL, max: 10 })
await pool.query(`
  create table if not exists keys (digest text primary key, tenant_id uuid not null);
  create table if not exists messages (
    id uuid primary key, tenant_id uuid not null, recipients jsonb not null, subject text not null,
    text text, html text, status text not null, created_at timestamptz not null, sent_at timestamptz);
  create table if not exists message_logs (
    id bigserial primary key, message_id uuid not null, recipient text not null, event text not null,
    at timestamptz not null)`)
const key = `bench_${randomBytes(24).toString("base64url")}`
const tenantId = randomUUID()
await pool.query("insert into keys (digest, tenant_id) values ($1, $2)", [digestOf(key), tenantId])

const boss = new PgBoss({ connectionString: process.env.BENCH_MAIL_DATABASE_URL, schema: "handwritten_boss", max: 5 })
boss.on("error", () => {})
await boss.start()
await boss.createQueue(QUEUE)

const transport = nodemailer.createTransport({
  url: process.env.BENCH_MAIL_SMTP_URL,
  pool: true,
  maxConnections: 5,
  maxMessages: 100
})
/** Sends one message to each of its recipients and stores the outcome. */
const deliver = async (job) => {
  const { rows } = await pool.query("select * from messages where id = $1", [job.data.id])
  const message = rows[0]
  await Promise.all(
    message.recipients.map((to) =>
      transport.sendMail({
        from: "Bench <bench@servicekit.test>",
        to,
        subject: message.subject,
        text: message.text,
        html: message.html
      })
    )
  )
  const at = new Date()
  const client = await pool.connect()
  try {
    await client.query("begin")
    await client.query("update messages set status = 'sent', sent_at = $2 where id = $1", [message.id, at])
    await client.query(
      "insert into message_logs (message_id, recipient, event, at) select $1, unnest($2::text[]), 'delivered', $3",
      [message.id, message.recipients, at]
    )
    await client.query("commit")
  } catch (error) {
    await client.query("rollback")
    throw error
  } finally {
    client.release()
  }
}

// The worker: up to 50 jobs at a time, as ServiceKit's mail queue.
const worker = batchedWorker({ boss, queue: QUEUE, concurrency: 50, handle: deliver })
const tenantOf = keyChecker(async (digest) => {
  const { rows } = await pool.query("select tenant_id from keys where digest = $1", [digest])
  return rows[0]?.tenant_id
})

const server = createServer(async (request, response) => {
  if (request.method !== "POST" || request.url !== "/api/v1/transactional/messages") return answer(response, 404, {})
  const tenant = await tenantOf(request.headers.authorization)
  if (tenant === undefined) return answer(response, 401, { error: { code: "invalid_key" } })
  const body = await readJson(request)
  if (body === undefined) return answer(response, 400, { error: { code: "validation_failed" } })
  const { to, subject, text, html } = body
  if (!Array.isArray(to) || to.length === 0 || to.length > 50 || typeof subject !== "string") {
    return answer(response, 400, { error: { code: "validation_failed" } })
  }
  const id = randomUUID()
  const client = await pool.connect()
  try {
    await client.query("begin")
    await client.query(
      "insert into messages (id, tenant_id, recipients, subject, text, html, status, created_at) values ($1, $2, $3, $4, $5, $6, 'queued', now())",
      [id, tenant, JSON.stringify(to), subject, text ?? null, html ?? null]
    )
    await boss.send(QUEUE, { id }, { db: { executeSql: (sql, values) => client.query(sql, values) } })
    await client.query("commit")
  } catch (error) {
    await client.query("rollback")
    client.release()
    return answer(response, 500, { error: { message: String(error) } })
  }
  client.release()
  worker.wakeUp()
  answer(response, 200, { id, status: "queued" })
})
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
process.send({ url: `http://127.0.0.1:${server.address().port}`, key })
process.on("disconnect", async () => {
  server.close()
  await worker.stop()
  await boss.stop({ graceful: false, wait: true })
  transport.close()
  await pool.end()
  process.exit(0)
})
