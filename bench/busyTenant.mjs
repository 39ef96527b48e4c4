// What bench/deletion.mjs and bench/tenantExport.mjs share: a server on PostgreSQL with a busy
// tenant and a quiet one (see quietTenant.mjs), and the busy tenant's rows written straight into its
// tables: BENCH_BUSY_CALLS calls (500,000) and BENCH_BUSY_CONVERSATIONS conversations of five
// messages each (20,000: 100,000 messages).
import pg from "pg"
import { seedQuiet, unlimited } from "./quietTenant.mjs"

const BUSY_CALLS = Number(process.env.BENCH_BUSY_CALLS ?? 500_000)
const BUSY_CONVERSATIONS = Number(process.env.BENCH_BUSY_CONVERSATIONS ?? 20_000)
export const ADMIN_TOKEN = "bench-admin-token-of-at-least-32-characters"
export const busyRows = { calls: BUSY_CALLS, conversations: BUSY_CONVERSATIONS, chat_messages: 5 * BUSY_CONVERSATIONS }

/** The server: a kit on PostgreSQL with its workers, the two tenants and the quiet one's keys. */
export const serveTenants = async (databaseUrl) => {
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
export const seedBusy = async (databaseUrl, tenantId) => {
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

