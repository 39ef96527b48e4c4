// node bench/deletion.mjs: deleting a large tenant while another tenant is served, on PostgreSQL.
//   A busy tenant holds BUSY_CALLS calls (500,000) and BUSY_CONVERSATIONS conversations of five
//   messages each (20,000: 100,000 messages), written straight into the tables; a quiet tenant
//   holds 10,000 calls and one conversation. The quiet tenant's calls list (GET /api/v1/voice/calls,
//   limit 50) and chat posts (POST a message) are loaded by 20 connections for 10 s each: alone,
//   then again while the busy tenant's deletion runs, started just before. Figures: p50/p99 of
//   each, during against alone, and the deletion's rows per second.
// One server process with its workers in-process (the embedded shape, on PostgreSQL), the load
// from this one. BENCH_DELETION_CALLS and BENCH_DELETION_CONVERSATIONS size the busy tenant.
import { fork } from "node:child_process"
import autocannon from "autocannon"
import pg from "pg"
import { freshDatabase, reachable, sleep } from "./processes.mjs"

const BUSY_CALLS = Number(process.env.BENCH_DELETION_CALLS ?? 500_000)
const BUSY_CONVERSATIONS = Number(process.env.BENCH_DELETION_CONVERSATIONS ?? 20_000)
const QUIET_CALLS = 10_000
const CONNECTIONS = 20
const SECONDS = 10
const ADMIN_TOKEN = "bench-admin-token-of-at-least-32-characters"
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"

/** The server: a kit on PostgreSQL with its workers, the two tenants and their keys. */
const serve = async (databaseUrl) => {
  const { createServiceKit, listen } = await import("@servicekit/host-node")
  const { ApiKeyService, CallingService, TenantService } = await import("@servicekit/core")
  const { Effect } = await import("effect")
  const kit = createServiceKit({
    databaseUrl,
    adminToken: ADMIN_TOKEN,
    env: "development",
    logLevel: "warn",
    keyRateLimitPerMinute: 100_000_000,
    ipRateLimits: [{ pathPrefix: "/v1/", limit: 100_000_000, windowMs: 60_000 }]
  })
  const made = await kit.runtime.runPromise(
    Effect.gen(function* () {
      const tenants = yield* TenantService
      const keys = yield* ApiKeyService
      const tenantOf = (name) => tenants.create({ name, entitlements: ["voice", "chat"] })
      const [busy, quiet] = [yield* tenantOf("Busy"), yield* tenantOf("Quiet")]
      const calls = Array.from({ length: QUIET_CALLS }, (_, i) => ({
        id: globalThis.crypto.randomUUID(),
        fromId: `+1555${String(i).padStart(7, "0")}`,
        toId: "+15550000000",
        direction: "inbound",
        durationSecs: 60,
        result: "completed",
        startedAt: new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString(),
        endedAt: new Date(Date.UTC(2026, 9, 1) + i * 60_000 + 60_000).toISOString(),
        callSid: null,
        mosScore: null
      }))
      for (let i = 0; i < calls.length; i += 2_000) yield* (yield* CallingService).ingest(quiet.id, calls.slice(i, i + 2_000))
      const keyOf = (product, scopes) =>
        Effect.map(keys.create({ tenantId: quiet.id, product, environment: "live", scopes }), ({ key }) => key)
      return {
        busy: busy.id,
        voiceKey: yield* keyOf("voice", ["voice:read"]),
        chatKey: yield* keyOf("chat", ["chat:read", "chat:write"])
      }
    })
  )
  const server = await listen(kit, { port: 0 })
  await kit.startWorkers()
  process.send({ url: server.url, ...made })
  process.once("disconnect", async () => {
    await server.close()
    await kit.dispose()
    process.exit(0)
  })
}

/** The busy tenant's rows, written straight into its tables (the API would take minutes). */
const seedBusy = async (databaseUrl, tenantId) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  await client.query(
    `INSERT INTO servicekit.calls (tenant_id, id, from_id, to_id, direction, duration_secs, result, started_at, ended_at)
     SELECT $1, gen_random_uuid(), '+1555' || g, '+15550000000', 'inbound', 60, 'completed',
            timestamptz '2026-01-01' + g * interval '1 minute', timestamptz '2026-01-01' + g * interval '1 minute' + interval '1 minute'
     FROM generate_series(1, $2::int) g`,
    [tenantId, BUSY_CALLS]
  )
  await client.query(
    `INSERT INTO servicekit.conversations (tenant_id, id, name, status, priority, source, message_count, created_at, updated_at)
     SELECT $1, gen_random_uuid(), 'Conversation ' || g, 'open', 'normal', 'api', 5, now(), now() FROM generate_series(1, $2::int) g`,
    [tenantId, BUSY_CONVERSATIONS]
  )
  await client.query(
    `INSERT INTO servicekit.chat_messages (tenant_id, id, conversation_id, sequence, author_type, content, created_at)
     SELECT c.tenant_id, gen_random_uuid(), c.id, s, 'visitor', 'A message of some length, as visitors write them.', now()
     FROM servicekit.conversations c, generate_series(1, 5) s WHERE c.tenant_id = $1`,
    [tenantId]
  )
  await client.query("VACUUM ANALYZE")
  await client.end()
}

const load = async (url, options) => {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options })
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

const main = async () => {
  if (!(await reachable(postgresUrl, 5432))) return console.log(`PostgreSQL unreachable at ${postgresUrl}: skipped`)
  const databaseUrl = await freshDatabase(postgresUrl, "servicekit_bench_deletion")
  const child = fork(new URL(import.meta.url).pathname, ["serve", databaseUrl])
  const server = await new Promise((resolve) => child.once("message", resolve))
  console.log(`seeding the busy tenant: ${BUSY_CALLS} calls, ${BUSY_CONVERSATIONS} conversations of 5 messages`)
  await seedBusy(databaseUrl, server.busy)
  const chat = { authorization: `Bearer ${server.chatKey}`, "content-type": "application/json" }
  const conversation = await (
    await fetch(`${server.url}/api/v1/chat/conversations`, { method: "POST", headers: chat, body: JSON.stringify({ name: "Bench" }) })
  ).json()
  const parts = {
    "calls list": () => load(`${server.url}/api/v1/voice/calls?limit=50`, { headers: { authorization: `Bearer ${server.voiceKey}` } }),
    "chat posts": () =>
      load(`${server.url}/api/v1/chat/conversations/${conversation.id}/messages`, {
        method: "POST",
        headers: chat,
        body: JSON.stringify({ content: "A reply." })
      })
  }
  const alone = {}
  for (const [name, run] of Object.entries(parts)) {
    await run() // warm up
    alone[name] = await run()
  }
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
  const started = await (await fetch(`${server.url}/api/admin/tenants/${server.busy}`, { method: "DELETE", headers: admin })).json()
  const during = {}
  for (const [name, run] of Object.entries(parts)) during[name] = await run()
  const deletionOf = async () =>
    (await fetch(`${server.url}/api/admin/tenants/${server.busy}/deletion`, { headers: admin })).json()
  let deletion = await deletionOf()
  const stillRunning = deletion.status === "deleting"
  while (deletion.status !== "deleted") {
    await sleep(500)
    deletion = await deletionOf()
  }
  const rows = Object.values(deletion.deleted).reduce((sum, count) => sum + count, 0)
  const seconds = (Date.parse(deletion.finishedAt) - Date.parse(started.requestedAt)) / 1000
  const note = stillRunning ? "" : " (ended before the load did)"
  console.log(`deletion: ${rows} rows in ${seconds.toFixed(1)} s, ${Math.round(rows / seconds)} rows/s${note}`)
  console.log("| part | alone p50 / p99 (ms) | during the deletion p50 / p99 | p99 ratio | req/s alone / during |")
  console.log("|---|---|---|---|---|")
  for (const name of Object.keys(parts)) {
    const [a, d] = [alone[name], during[name]]
    const errors = a.errors + d.errors > 0 ? ` errors ${a.errors + d.errors}` : ""
    const ratio = (d.p99 / a.p99).toFixed(2)
    console.log(`| ${name} | ${a.p50} / ${a.p99} | ${d.p50} / ${d.p99} | ${ratio} | ${a.rps} / ${d.rps} |${errors}`)
  }
  child.disconnect()
}

if (process.argv[2] === "serve") await serve(process.argv[3])
else await main()
