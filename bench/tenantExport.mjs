// node bench/tenantExport.mjs: exporting a large tenant while another tenant is served, on PostgreSQL.
//   The busy tenant of busyTenant.mjs (500,000 calls, 20,000 conversations, 100,000 messages) is
//   exported through GET /api/admin/tenants/{id}/export by a client that counts the bytes and keeps
//   none, while the quiet tenant's calls list and chat posts are loaded as in bench/deletion.mjs.
//   Baseline in the same run: the database rendering the same rows as JSON and summing their
//   lengths (one statement per table, nothing sent): what any export must pay at least.
//   Figures: the export's time against the baseline's, its rows/s and its size, and the quiet
//   tenant's p50/p99 during against alone.
import { fork } from "node:child_process"
import pg from "pg"
import { ADMIN_TOKEN, busyRows, seedBusy, serveTenants } from "./busyTenant.mjs"
import { freshDatabase, reachable } from "./processes.mjs"
import { besideWork, printBeside } from "./quietTenant.mjs"

const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"

/** The database alone: each busy table's rows as JSON, their lengths summed, in milliseconds. */
const baseline = async (databaseUrl, tenantId) => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const started = performance.now()
  for (const table of Object.keys(busyRows)) {
    await client.query(`SELECT sum(length(row_to_json(c)::text)) FROM servicekit.${table} c WHERE c.tenant_id = $1`, [tenantId])
  }
  const elapsed = performance.now() - started
  await client.end()
  return elapsed
}

/** The export read to its end, counting bytes: how long it took and how big it is. */
const exportOf = async (url, tenantId) => {
  const started = performance.now()
  const answer = await fetch(`${url}/api/admin/tenants/${tenantId}/export`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
  let bytes = 0
  for await (const chunk of answer.body) bytes += chunk.byteLength
  return { ms: performance.now() - started, bytes, status: answer.status }
}

const main = async () => {
  if (!(await reachable(postgresUrl, 5432))) return console.log(`PostgreSQL unreachable at ${postgresUrl}: skipped`)
  const databaseUrl = await freshDatabase(postgresUrl, "servicekit_bench_export")
  const child = fork(new URL(import.meta.url).pathname, ["serve", databaseUrl])
  const server = await new Promise((resolve) => child.once("message", resolve))
  console.log(`seeding the busy tenant: ${busyRows.calls} calls, ${busyRows.conversations} conversations of 5 messages`)
  await seedBusy(databaseUrl, server.busy)
  const rows = Object.values(busyRows).reduce((sum, count) => sum + count, 0)

  const floor = await baseline(databaseUrl, server.busy)
  const alone = await exportOf(server.url, server.busy)
  let exported
  const measured = await besideWork(server, async () => {
    exported = exportOf(server.url, server.busy)
  })
  const during = await exported
  console.log(`baseline (the database rendering the rows as JSON): ${(floor / 1000).toFixed(1)} s`)
  for (const [what, run] of [["alone", alone], ["beside the load", during]]) {
    console.log(
      `export ${what}: status ${run.status}, ${rows} rows in ${(run.ms / 1000).toFixed(1)} s (${(run.ms / floor).toFixed(2)}x the baseline), ` +
        `${Math.round(rows / (run.ms / 1000))} rows/s, ${(run.bytes / 1e6).toFixed(1)} MB gzipped`
    )
  }
  printBeside(measured, "the export")
  child.disconnect()
}

if (process.argv[2] === "serve") await serveTenants(process.argv[3])
else await main()
