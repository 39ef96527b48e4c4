// node bench/callSummary.mjs: the calls summary over a year of one tenant's calls, on PostgreSQL.
//   A tenant holds BENCH_SUMMARY_CALLS calls (1,000,000) spread over the last 366 days, written
//   straight into the tables, its totals by day made as the migration makes them from stored calls.
//   GET /api/calls/summary is asked for the longest window (366 days, edges mid-day) and for the
//   default 30 days, 50 times each, one after another. Baseline in the same run: the same counts
//   read from the calls themselves (CallRepository.windowTotals over the window), as the summary
//   did before the totals by day.
import pg from "pg"
import { freshDatabase, reachable } from "./processes.mjs"

const CALLS = Number(process.env.BENCH_SUMMARY_CALLS ?? 1_000_000)
const ROUNDS = 50
const DAY = 86_400_000
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"

const seed = async (databaseUrl, tenantId, now) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  await client.query(
    `INSERT INTO servicekit.calls (tenant_id, id, from_id, to_id, direction, duration_secs, result, started_at)
     SELECT $1, gen_random_uuid(), '+1555' || g, '+15550000000', CASE WHEN g % 3 = 0 THEN 'outbound' ELSE 'inbound' END,
            g % 600, CASE WHEN g % 5 = 0 THEN 'missed' ELSE 'completed' END,
            $3::timestamptz - (g * (366 * 86400.0 / $2)) * interval '1 second'
     FROM generate_series(1, $2::int) g`,
    [tenantId, CALLS, new Date(now).toISOString()]
  )
  await client.query(
    `INSERT INTO servicekit.call_days (tenant_id, day, calls, seconds, inbound_offered, inbound_answered)
     SELECT tenant_id, (started_at AT TIME ZONE 'UTC')::date, count(*), sum(duration_secs),
            count(*) FILTER (WHERE direction = 'inbound'),
            count(*) FILTER (WHERE direction = 'inbound' AND result IN ('completed', 'answered', 'in-progress', 'in_progress'))
     FROM servicekit.calls WHERE tenant_id = $1 GROUP BY 1, 2`,
    [tenantId]
  )
  await client.query("VACUUM ANALYZE")
  await client.end()
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]

/** `ROUNDS` calls of `run`, one after another: p50 and p95 in milliseconds. */
const timed = async (run) => {
  await run()
  const took = []
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now()
    await run()
    took.push(performance.now() - started)
  }
  took.sort((a, b) => a - b)
  return { p50: percentile(took, 50).toFixed(1), p95: percentile(took, 95).toFixed(1) }
}

const main = async () => {
  if (!(await reachable(postgresUrl, 5432))) return console.log(`PostgreSQL unreachable at ${postgresUrl}: skipped`)
  const databaseUrl = await freshDatabase(postgresUrl, "servicekit_bench_summary")
  const { createServiceKit, listen } = await import("@servicekit/host-node")
  const { TenantService } = await import("@servicekit/core")
  const { CallRepository } = await import("@servicekit/core/internal")
  const { Effect } = await import("effect")
  const kit = createServiceKit({ databaseUrl, env: "development", logLevel: "warn", workers: "off" })
  const tenant = await kit.runtime.runPromise(Effect.flatMap(TenantService, (tenants) => tenants.create({ name: "A year", entitlements: ["voice"] })))
  const token = (await kit.admin.issueDashboardToken(tenant.id, { sub: "bench", role: "admin" })).token
  const now = Date.now()
  console.log(`seeding ${CALLS} calls over 366 days`)
  await seed(databaseUrl, tenant.id, now)
  const server = await listen(kit, { port: 0 })
  const windows = { "366 days": [now - 366 * DAY + 1, now], "30 days": [now - 30 * DAY, now] }
  console.log("| window | summary p50 / p95 (ms) | the calls' own counts p50 / p95 (baseline) |")
  console.log("|---|---|---|")
  for (const [name, [from, to]] of Object.entries(windows)) {
    const query = `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`
    const summary = await timed(async () => {
      const answer = await fetch(`${server.url}/api/calls/summary?${query}`, { headers: { authorization: `Bearer ${token}` } })
      if (answer.status !== 200) throw new Error(`summary answered ${answer.status}`)
      await answer.json()
    })
    const raw = await timed(() =>
      kit.runtime.runPromise(
        Effect.flatMap(CallRepository, (calls) => calls.windowTotals(tenant.id, { from: new Date(from), to: new Date(to) }))
      )
    )
    console.log(`| ${name} | ${summary.p50} / ${summary.p95} | ${raw.p50} / ${raw.p95} |`)
  }
  await server.close()
  await kit.dispose()
}

await main()
