// node bench/deletion.mjs: deleting a large tenant while another tenant is served, on PostgreSQL.
//   A busy tenant holds 500,000 calls and 20,000 conversations of five messages each (100,000
//   messages), written straight into the tables (see busyTenant.mjs); a quiet tenant
//   holds 10,000 calls and one conversation. The quiet tenant's calls list (GET /api/v1/voice/calls,
//   limit 50) and chat posts (POST a message) are loaded by 20 connections for 10 s each: alone,
//   then again while the busy tenant's deletion runs, started just before. Figures: p50/p99 of
//   each, during against alone, and the deletion's rows per second.
// One server process with its workers in-process (the embedded shape, on PostgreSQL), the load
// from this one. BENCH_BUSY_CALLS and BENCH_BUSY_CONVERSATIONS size the busy tenant.
import { fork } from "node:child_process"
import { freshDatabase, reachable, sleep } from "./processes.mjs"
import { ADMIN_TOKEN, busyRows, seedBusy, serveTenants } from "./busyTenant.mjs"
import { besideWork, printBeside } from "./quietTenant.mjs"

const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"

const main = async () => {
  if (!(await reachable(postgresUrl, 5432))) return console.log(`PostgreSQL unreachable at ${postgresUrl}: skipped`)
  const databaseUrl = await freshDatabase(postgresUrl, "servicekit_bench_deletion")
  const child = fork(new URL(import.meta.url).pathname, ["serve", databaseUrl])
  const server = await new Promise((resolve) => child.once("message", resolve))
  console.log(`seeding the busy tenant: ${busyRows.calls} calls, ${busyRows.conversations} conversations of 5 messages`)
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

if (process.argv[2] === "serve") await serveTenants(process.argv[3])
else await main()
