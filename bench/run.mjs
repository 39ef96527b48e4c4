// npm run bench: GET /api/v1/voice/calls?limit=20 over 10,000 stored calls, 50 connections,
// 10 s per server, side by side in one run:
//   (1) ServiceKit, (2) a hand-written node:http server running the same query through the
//   same driver and returning the same JSON, (3) raw node:http returning that JSON from memory.
// Storage: memory, PGlite, Postgres (skipped when unreachable); BENCH_STORAGE=memory,pglite picks some.
// BENCH_DURATION=seconds overrides 10.
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs"
import net from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import autocannon from "autocannon"
import pg from "pg"

const here = new URL(".", import.meta.url).pathname
const duration = Number(process.env.BENCH_DURATION ?? 10)
const connections = 50
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"

const startServer = (...args) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(here, "server.mjs"), ...args], { stdio: ["ignore", "pipe", "inherit"], env: process.env })
    let out = ""
    child.stdout.on("data", (chunk) => {
      out += chunk
      const line = out.split("\n").find((l) => l.startsWith("{"))
      if (!line) return
      // Later output (request lines when BENCH_LOG_LEVEL=info) is drained, not kept.
      child.stdout.removeAllListeners("data")
      child.stdout.resume()
      resolve({ ...JSON.parse(line), stop: () => new Promise((r) => { child.once("exit", r); child.kill("SIGTERM") }) })
    })
    child.once("exit", (code) => reject(new Error(`server ${args.join(" ")} exited with ${code}: ${out}`)))
  })

const load = async (url, headers) => {
  // Warm up (JIT, caches, connection pools), then measure.
  await autocannon({ url, connections, duration: 2, headers })
  const result = await autocannon({ url, connections, duration, headers })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx
  }
}

const reachable = (url) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url)
    const socket = net.connect({ host: hostname, port: Number(port || 5432) })
    socket.setTimeout(1000, () => { socket.destroy(); resolve(false) })
    socket.once("connect", () => { socket.destroy(); resolve(true) })
    socket.once("error", () => resolve(false))
  })

const resetPostgres = async () => {
  const admin = new pg.Client({ connectionString: postgresUrl.replace(/\/[^/]+$/, "/postgres") })
  await admin.connect()
  await admin.query("drop database if exists servicekit_bench with (force)")
  await admin.query("create database servicekit_bench")
  await admin.end()
}

const rows = []
const bodyDir = mkdtempSync(join(tmpdir(), "servicekit-bench-"))
rmSync(join(here, ".data"), { recursive: true, force: true })
mkdirSync(join(here, ".data"), { recursive: true })

for (const storage of (process.env.BENCH_STORAGE ?? "memory,pglite,postgres").split(",")) {
  if (storage === "postgres") {
    if (!(await reachable(postgresUrl))) {
      console.log(`postgres: skipped, ${postgresUrl} unreachable`)
      continue
    }
    await resetPostgres()
  }
  const path = "/api/v1/voice/calls?limit=20"
  const kit = await startServer("servicekit", storage)
  const headers = { authorization: `Bearer ${kit.key}` }
  const sample = await fetch(kit.url + path, { headers })
  if (sample.status !== 200) throw new Error(`ServiceKit answered ${sample.status}: ${await sample.text()}`)
  const body = await sample.text()
  const servicekit = await load(kit.url + path, headers)
  await kit.stop()

  let handwritten
  if (storage !== "memory") {
    const server = await startServer("handwritten", storage)
    const check = await (await fetch(server.url + path, { headers })).text()
    if (check !== body) throw new Error(`hand-written server returned different JSON:\n${check}\nvs\n${body}`)
    handwritten = await load(server.url + path, headers)
    await server.stop()
  }

  const bodyFile = join(bodyDir, `${storage}.json`)
  writeFileSync(bodyFile, body)
  const rawServer = await startServer("raw", bodyFile)
  const raw = await load(rawServer.url + path, headers)
  await rawServer.stop()

  rows.push({ storage, servicekit, handwritten, raw })
}
rmSync(bodyDir, { recursive: true, force: true })

const fmt = (r) => (r === undefined ? "n/a".padStart(26) : `${String(r.rps).padStart(7)} req/s ${String(r.p50).padStart(4)}/${String(r.p99).padStart(4)} ms`)
const ratio = (a, b) => (b === undefined ? "  n/a" : (a.rps / b.rps).toFixed(2).padStart(5))
console.log(`\nGET /api/v1/voice/calls?limit=20, 10,000 calls, ${connections} connections, ${duration} s each (req/s, p50/p99 latency)\n`)
console.log(`${"storage".padEnd(9)} ${"(1) ServiceKit".padEnd(26)} ${"(2) hand-written".padEnd(26)} ${"(3) raw node:http".padEnd(26)} (1)/(2) (1)/(3)`)
for (const row of rows) {
  console.log(`${row.storage.padEnd(9)} ${fmt(row.servicekit)} ${fmt(row.handwritten)} ${fmt(row.raw)}   ${ratio(row.servicekit, row.handwritten)}   ${ratio(row.servicekit, row.raw)}`)
  const errors = row.servicekit.errors + (row.handwritten?.errors ?? 0) + row.raw.errors
  if (errors > 0) console.log(`  ${row.storage}: ${errors} failed or non-2xx responses`)
}
mkdirSync(join(here, "results"), { recursive: true })
writeFileSync(join(here, "results", "latest.json"), JSON.stringify({ at: new Date().toISOString(), duration, connections, rows }, null, 2))
