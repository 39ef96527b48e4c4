// node bench/retention.mjs: the retention sweep pruning a busy tenant's old data while another tenant
// is served, on PostgreSQL.
//   The busy tenant holds, written straight into the tables: BENCH_RETENTION_DELIVERIES (100,000)
//   webhook deliveries that ended 200 days ago with three attempts each (past the default 90 days),
//   BENCH_RETENTION_MESSAGES (100,000) sent emails with bodies from 100 days ago (past the default
//   45) and BENCH_RETENTION_CONVERSATIONS (20,000) conversations of five messages idle for a year,
//   past the 30 days the tenant chose for chat.conversations through the API. A quiet tenant holds
//   10,000 calls and one conversation; its calls list (GET /api/v1/voice/calls, limit 50) and chat
//   posts are loaded by 20 connections for 10 s each: alone, then again while one sweep runs.
//   Figures: p50/p99 of each, during against alone (budget: p99 within 1.5x), and what the sweep
//   pruned in how long.
// One server process with its workers in-process (the embedded shape, on PostgreSQL), the load
// from this one.
import { fork } from "node:child_process"
import pg from "pg"
import { freshDatabase, reachable } from "./processes.mjs"
import { besideWork, printBeside, seedQuiet, unlimited } from "./quietTenant.mjs"

const DELIVERIES = Number(process.env.BENCH_RETENTION_DELIVERIES ?? 100_000)
const MESSAGES = Number(process.env.BENCH_RETENTION_MESSAGES ?? 100_000)
const CONVERSATIONS = Number(process.env.BENCH_RETENTION_CONVERSATIONS ?? 20_000)
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"

/** The server: a kit on PostgreSQL with its workers, the two tenants and their keys; a sweep when asked. */
const serve = async (databaseUrl) => {
  const { createServiceKit, listen } = await import("@servicekit/host-node")
  const { ApiKeyService, CallingService, TenantService } = await import("@servicekit/core")
  const { RetentionService } = await import("@servicekit/core/internal")
  const { Effect } = await import("effect")
  const kit = createServiceKit({ databaseUrl, ...unlimited })
  const made = await kit.runtime.runPromise(
    Effect.gen(function* () {
      const tenants = yield* TenantService
      const keys = yield* ApiKeyService
      const tenantOf = (name) => tenants.create({ name, entitlements: ["voice", "chat", "transactional", "business_email"] })
      const [busy, quiet] = [yield* tenantOf("Busy"), yield* tenantOf("Quiet")]
      const busyKey = yield* keys.create({ tenantId: busy.id, product: "chat", environment: "live", scopes: ["retention:manage"] })
      return { busy: busy.id, busyKey: busyKey.key, ...(yield* seedQuiet(Effect, CallingService, keys, quiet.id)) }
    })
  )
  const server = await listen(kit, { port: 0 })
  // The workers' first sweep runs at their start, before the seed: the bench's own sweep is the one measured.
  await kit.startWorkers()
  process.send({ url: server.url, ...made })
  process.on("message", async () => {
    const began = performance.now()
    await kit.runtime.runPromise(Effect.flatMap(RetentionService, (retention) => retention.sweep))
    process.send({ swept: performance.now() - began })
  })
  process.once("disconnect", async () => {
    await server.close()
    await kit.dispose()
    process.exit(0)
  })
}

/** The busy tenant's old rows, written straight into its tables. */
const seedBusy = async (databaseUrl, tenantId) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  await client.query("SET search_path TO servicekit")
  await client.query(
    `INSERT INTO webhook_subscriptions (tenant_id, id, url, events, sealed_secret, active, created_at, updated_at)
     VALUES ($1, gen_random_uuid(), 'https://hooks.example.com/in', '{message.created}', 'v1.sealed.c2VjcmV0', true, now(), now())`,
    [tenantId]
  )
  await client.query(
    `INSERT INTO webhook_deliveries (tenant_id, id, subscription_id, event_id, event, body, status, attempts, created_at, updated_at)
     SELECT $1, gen_random_uuid(), s.id, gen_random_uuid(), 'message.created', '{"event":"message.created"}', 'failed', 3,
            now() - interval '201 days', now() - interval '200 days' - g * interval '1 second'
     FROM webhook_subscriptions s, generate_series(1, $2::int) g WHERE s.tenant_id = $1`,
    [tenantId, DELIVERIES]
  )
  await client.query(
    `INSERT INTO webhook_attempts (tenant_id, id, subscription_id, delivery_id, event_id, event, attempt, status_code, duration_ms, created_at)
     SELECT d.tenant_id, gen_random_uuid(), d.subscription_id, d.id, d.event_id, d.event, a, 503, 120, d.updated_at
     FROM webhook_deliveries d, generate_series(1, 3) a WHERE d.tenant_id = $1`,
    [tenantId]
  )
  await client.query(
    `INSERT INTO email_messages (tenant_id, id, from_address, to_address, subject, html, text, test, source, stream, status,
                                 attempts, created_at, updated_at)
     SELECT $1, gen_random_uuid(), 'Busy <hello@busy.example>', 'customer' || g || '@example.com', 'Your receipt ' || g,
            '<p>' || repeat('Thanks for your order. ', 40) || '</p>', repeat('Thanks for your order. ', 40), false,
            'transactional_v1', 'transactional', 'sent', 1,
            now() - interval '100 days' - g * interval '1 second', now() - interval '100 days'
     FROM generate_series(1, $2::int) g`,
    [tenantId, MESSAGES]
  )
  await client.query(
    `INSERT INTO conversations (tenant_id, id, name, status, priority, source, message_count, created_at, updated_at)
     SELECT $1, gen_random_uuid(), 'Conversation ' || g, 'closed', 'normal', 'api', 5,
            now() - interval '1 year' - g * interval '1 minute', now() - interval '1 year'
     FROM generate_series(1, $2::int) g`,
    [tenantId, CONVERSATIONS]
  )
  await client.query(
    `INSERT INTO chat_messages (tenant_id, id, conversation_id, sequence, author_type, content, created_at)
     SELECT c.tenant_id, gen_random_uuid(), c.id, s, 'visitor', 'A message of some length, as visitors write them.', c.created_at
     FROM conversations c, generate_series(1, 5) s WHERE c.tenant_id = $1`,
    [tenantId]
  )
  await client.query("VACUUM ANALYZE")
  const counts = async () =>
    (
      await client.query(
        `SELECT (SELECT count(*) FROM webhook_deliveries WHERE tenant_id = $1)::int AS deliveries,
                (SELECT count(*) FROM webhook_attempts WHERE tenant_id = $1)::int AS attempts,
                (SELECT count(*) FROM email_messages WHERE tenant_id = $1 AND html IS NOT NULL)::int AS bodies,
                (SELECT count(*) FROM conversations WHERE tenant_id = $1)::int AS conversations,
                (SELECT count(*) FROM chat_messages WHERE tenant_id = $1)::int AS messages`,
        [tenantId]
      )
    ).rows[0]
  return { counts, end: () => client.end() }
}

const main = async () => {
  if (!(await reachable(postgresUrl, 5432))) return console.log(`PostgreSQL unreachable at ${postgresUrl}: skipped`)
  const databaseUrl = await freshDatabase(postgresUrl, "servicekit_bench_retention")
  const child = fork(new URL(import.meta.url).pathname, ["serve", databaseUrl])
  const server = await new Promise((resolve) => child.once("message", resolve))
  console.log(`seeding the busy tenant: ${DELIVERIES} deliveries (x3 attempts), ${MESSAGES} emails, ${CONVERSATIONS} conversations of 5 messages`)
  const seeded = await seedBusy(databaseUrl, server.busy)
  const chosen = await fetch(`${server.url}/api/v1/retention/chat.conversations`, {
    method: "PUT",
    headers: { authorization: `Bearer ${server.busyKey}`, "content-type": "application/json" },
    body: JSON.stringify({ days: 30 })
  })
  if (chosen.status !== 200) throw new Error(`setting the busy tenant's period answered ${chosen.status}`)
  const before = await seeded.counts()
  const measured = await besideWork(server, async () => {
    const done = new Promise((resolve) => child.once("message", resolve))
    child.send("sweep")
    return { done }
  })
  const { swept: sweepMs } = await measured.started.done
  const after = await seeded.counts()
  await seeded.end()
  const gone = Object.fromEntries(Object.keys(before).map((kind) => [kind, before[kind] - after[kind]]))
  console.log(`sweep: ${(sweepMs / 1000).toFixed(1)} s, pruned ${JSON.stringify(gone)}, left ${JSON.stringify(after)}`)
  printBeside(measured, "the sweep")
  child.disconnect()
}

if (process.argv[2] === "serve") await serve(process.argv[3])
else await main()
