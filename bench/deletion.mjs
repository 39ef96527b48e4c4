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
import pg from "pg"
import { freshDatabase, reachable, sleep } from "./processes.mjs"
import { besideWork, printBeside, seedQuiet, unlimited } from "./quietTenant.mjs"

const BUSY_CALLS = Number(process.env.BENCH_DELETION_CALLS ?? 500_000)
const BUSY_CONVERSATIONS = Number(process.env.BENCH_DELETION_CONVERSATIONS ?? 20_000)
const ADMIN_TOKEN = "bench-admin-token-of-at-least-32-characters"
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"

/** The server: a kit on PostgreSQL with its workers, the two tenants and the quiet one's keys. */
const serve = async (databaseUrl) => {
  const { createServiceKit, listen } = await import("@servicekit/host-node")
  const { ApiKeyService, CallingService, TenantService } = await import("@servicekit/core")
  const { Effect } = await import("effect")
  const kit = createServiceKit({ databaseUrl, adminToken: ADMIN_TOKEN, ...unlimited })
  const made = await kit.runtime.runPromise(
    Effect.gen(function* () {
      const tenants = yield* TenantService
      const tenantOf = (name) => tenants.create({ name, entitlements: ["voice", "chat"] })
      const [busy, quiet] = [yield* tenantOf("Busy"), yield* tenantOf("Quiet")]
      return { busy: busy.id, ...(yield* seedQuiet(Effect, CallingService, yield* ApiKeyService, quiet.id)) }
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

const main = async () => {
  if (!(await reachable(postgresUrl, 5432))) return console.log(`PostgreSQL unreachable at ${postgresUrl}: skipped`)
  const databaseUrl = await freshDatabase(postgresUrl, "servicekit_bench_deletion")
  const child = fork(new URL(import.meta.url).pathname, ["serve", databaseUrl])
  const server = await new Promise((resolve) => child.once("message", resolve))
  console.log(`seeding the busy tenant: ${BUSY_CALLS} calls, ${BUSY_CONVERSATIONS} conversations of 5 messages`)
  await seedBusy(databaseUrl, server.busy)
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` }
  const measured = await besideWork(server, async () =>
    (await fetch(`${server.url}/api/admin/tenants/${server.busy}`, { method: "DELETE", headers: admin })).json()
  )
  const started = measured.started
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
  printBeside(measured, "the deletion")
  child.disconnect()
}

if (process.argv[2] === "serve") await serve(process.argv[3])
else await main()
