// The durable pipeline ServiceKit's webhook deliveries are measured against, written by hand as a
// careful engineer would without the framework, in a process of its own, on Postgres with BullMQ
// (the engine ServiceKit runs on Postgres and Redis): message.created events wait in an outbox
// table; a relay turns each batch of them into delivery rows and marks them dispatched in one
// transaction, then queues one job per delivery (its id as the job id, so a relay run twice queues
// nothing twice); 50 workers each read their delivery with its event, sign the body
// (HMAC-SHA256 of `<timestamp>.<body>`) and POST it with undici to the same receiver, and store the
// outcome (the delivery marked and one attempt row) in one statement.
// { prepare: { count, url, secret, template } } writes `count` events for a subscription to `url`;
// { drain } starts the relay and the workers (answered { draining }); { cpu } answers the
// process's CPU time so far ({ cpuMicros }).
import { randomUUID } from "node:crypto"
import { Queue, Worker } from "bullmq"
import Redis from "ioredis"
import pg from "pg"
import { agent, signedPost } from "./signedPost.mjs"

const QUEUE = "handwritten-webhooks"
const BATCH = 500
const pool = new pg.Pool({ connectionString: process.env.BENCH_WEBHOOKS_HANDWRITTEN_DATABASE_URL, max: 10 })
const connection = () => new Redis(process.env.BENCH_WEBHOOKS_HANDWRITTEN_REDIS_URL, { maxRetriesPerRequest: null })
const queue = new Queue(QUEUE, { connection: connection(), prefix: "handwritten" })
await pool.query(`
  drop schema if exists handwritten_webhooks cascade;
  create schema handwritten_webhooks;
  set search_path to handwritten_webhooks;
  create table subscriptions (id uuid primary key, tenant_id uuid not null, url text not null, secret text not null,
    events text[] not null);
  create table events (sequence bigserial primary key, id uuid not null default gen_random_uuid(), tenant_id uuid not null, type text not null,
    payload jsonb not null, created_at timestamptz not null, dispatched_at timestamptz);
  create index events_waiting on events (sequence) where dispatched_at is null;
  create table deliveries (id uuid primary key, subscription_id uuid not null, event_sequence bigint not null,
    status text not null, attempts integer not null, created_at timestamptz not null, delivered_at timestamptz);
  create table attempts (id bigserial primary key, delivery_id uuid not null, status_code integer, at timestamptz not null)`)
await queue.obliterate({ force: true })

const secrets = new Map()
const subscriptionOf = async (id) => {
  if (!secrets.has(id)) {
    const { rows } = await pool.query("select url, secret from handwritten_webhooks.subscriptions where id = $1", [id])
    secrets.set(id, rows[0])
  }
  return secrets.get(id)
}

/** Turns waiting events into deliveries (one transaction per batch), then queues their jobs. */
const relay = async () => {
  for (;;) {
    const client = await pool.connect()
    let created
    try {
      await client.query("begin")
      const { rows } = await client.query(
        `with taken as (
           update handwritten_webhooks.events set dispatched_at = now()
           where sequence in (select sequence from handwritten_webhooks.events where dispatched_at is null
                              order by sequence limit $1 for update skip locked)
           returning sequence, tenant_id, type)
         insert into handwritten_webhooks.deliveries (id, subscription_id, event_sequence, status, attempts, created_at)
         select gen_random_uuid(), s.id, taken.sequence, 'pending', 0, now()
         from taken join handwritten_webhooks.subscriptions s on s.tenant_id = taken.tenant_id and taken.type = any (s.events)
         returning id`,
        [BATCH]
      )
      await client.query("commit")
      created = rows
    } catch (error) {
      await client.query("rollback")
      throw error
    } finally {
      client.release()
    }
    if (created.length === 0) return
    await queue.addBulk(created.map(({ id }) => ({ name: "deliver", data: { id }, opts: { jobId: id } })))
  }
}

const deliver = async (job) => {
  const { rows } = await pool.query(
    `select d.id, d.subscription_id, e.id as event_id, e.type, e.payload from handwritten_webhooks.deliveries d
     join handwritten_webhooks.events e on e.sequence = d.event_sequence where d.id = $1`,
    [job.data.id]
  )
  const delivery = rows[0]
  const { url, secret } = await subscriptionOf(delivery.subscription_id)
  const body = JSON.stringify({
    event: delivery.type,
    eventId: delivery.event_id,
    payload: delivery.payload,
    timestamp: new Date().toISOString()
  })
  const status = await signedPost(url, secret, { body, deliveryId: delivery.id, event: delivery.type })
  const ok = status >= 200 && status < 300
  await pool.query(
    `with marked as (
       update handwritten_webhooks.deliveries set status = $2, attempts = attempts + 1,
         delivered_at = case when $2 = 'delivered' then now() end
       where id = $1 returning id)
     insert into handwritten_webhooks.attempts (delivery_id, status_code, at) select id, $3, now() from marked`,
    [delivery.id, ok ? "delivered" : "failed", status]
  )
  if (!ok) throw new Error(`answered ${status}`)
}

let worker
process.on("message", async (message) => {
  if (message.prepare) {
    const { count, url, secret, template } = message.prepare
    const tenantId = randomUUID()
    await pool.query(
      "insert into handwritten_webhooks.subscriptions values ($1, $2, $3, $4, array['message.created'])",
      [randomUUID(), tenantId, url, secret]
    )
    await pool.query(
      `insert into handwritten_webhooks.events (tenant_id, type, payload, created_at)
       select $1, 'message.created', $2::jsonb, now() from generate_series(1, $3)`,
      [tenantId, JSON.stringify(template.payload), count]
    )
    process.send({ prepared: count })
  }
  if (message.drain) {
    worker = new Worker(QUEUE, deliver, { connection: connection(), prefix: "handwritten", concurrency: 50 })
    worker.on("error", () => {})
    process.send({ draining: true })
    await relay()
  }
  if (message.cpu) {
    const { user, system } = process.cpuUsage()
    process.send({ cpuMicros: user + system })
  }
})
process.on("disconnect", async () => {
  await worker?.close(true)
  await queue.obliterate({ force: true }).catch(() => {})
  await queue.close()
  await agent.close()
  await pool.end()
  process.exit(0)
})
process.send({ ready: true })
