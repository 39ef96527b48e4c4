// node bench/agent-writes.mjs: the bytes an agent step writes per turn as its loop grows, on
// PostgreSQL, measured as the database's own write-ahead log (pg_current_wal_lsn) between one turn's
// model call and the next. One agent run at a time, its workers in this process; the model answers
// `TOOL_CALL:log.write` each turn and FINAL at the last.
//   BENCH_AGENT_WRITES_TURNS  turns of the loop (default 100, the most an agent step may take)
//   BENCH_AGENT_WRITES_RUNS   runs measured, one after another (default 3); the figures are medians
//   BENCH_DATABASE_URL        the PostgreSQL database (default postgres://postgres@127.0.0.1:5432/test),
//                             in schemas of its own, dropped before and after
// It prints the WAL bytes of the turns around turn 10 and of the last ten, and their ratio: flat
// when the writes of a turn do not grow with the turns before it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createServiceKit, listen } from "@servicekit/host-node"
import pg from "pg"

const TURNS = Number(process.env.BENCH_AGENT_WRITES_TURNS ?? 100)
const RUNS = Number(process.env.BENCH_AGENT_WRITES_RUNS ?? 3)
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test"
const SCHEMA = "bench_agent_writes"

const wal = new pg.Client({ connectionString: databaseUrl })
await wal.connect()
const lsn = async () => (await wal.query("select pg_current_wal_lsn()::text as lsn")).rows[0].lsn
const bytesBetween = async (from, to) =>
  Number((await wal.query("select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn) as bytes", [to, from])).rows[0].bytes)
const dropSchemas = () => wal.query(`drop schema if exists ${SCHEMA}, ${SCHEMA}_jobs cascade`)

/** The model server: records the log position as each turn is asked, and answers as the header says. */
let marks = []
const models = createServer((request, response) => {
  const chunks = []
  request.on("data", (chunk) => chunks.push(chunk))
  request.on("end", async () => {
    const { model, messages } = JSON.parse(Buffer.concat(chunks).toString("utf8"))
    marks.push(await lsn())
    const turn = messages.filter((message) => message.role === "assistant").length + 1
    const content = turn < TURNS ? `TOOL_CALL:log.write|{"message":"turn ${turn} of the bench loop"}` : "FINAL:done"
    response.writeHead(200, { "content-type": "application/json" })
    const choice = { index: 0, message: { role: "assistant", content }, finish_reason: "stop" }
    response.end(JSON.stringify({ id: "c", object: "chat.completion", model, choices: [choice] }))
  })
})
await new Promise((resolve) => models.listen(0, "127.0.0.1", resolve))

await dropSchemas()
const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bench-agent-writes-"))
const kit = createServiceKit({
  dataDir,
  databaseUrl,
  dbSchema: SCHEMA,
  logLevel: "warn",
  llm: { provider: { baseUrl: `http://127.0.0.1:${models.address().port}/v1` }, defaultLabel: "bench" }
})
const server = await listen(kit, { port: 0, host: "127.0.0.1" })
const tenant = await kit.admin.createTenant({ name: "Bench agent writes", entitlements: ["automations", "ai_agent"] })
const { key } = await kit.admin.createKey({
  tenantId: tenant.id,
  product: "automations",
  environment: "live",
  scopes: ["automations:manage"]
})
await kit.startWorkers()
const call = async (method, path, body) => {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const json = await response.json()
  if (response.status >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`)
  return json
}
const workflow = await call("POST", "/automations/workflows", {
  name: "Bench agent writes",
  triggerJson: { schemaVersion: 1, type: "manual" },
  stepsJson: [{ type: "agent", instructions: "Log each turn, then finish.", skills: ["log.write"], maxTurns: TURNS }]
})

/** One run: the WAL bytes of each turn but the last (from its model call to the next one). */
const measureRun = async () => {
  marks = []
  const { id } = await call("POST", `/automations/workflows/${workflow.id}/run`, {})
  for (;;) {
    const run = await call("GET", `/automations/runs/${id}`)
    if (run.status === "succeeded") break
    if (run.status !== "queued" && run.status !== "running") throw new Error(`run ${id} ${run.status}: ${run.reason}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  if (marks.length !== TURNS) throw new Error(`expected ${TURNS} model calls, saw ${marks.length}`)
  const perTurn = []
  for (let turn = 1; turn < TURNS; turn++) perTurn.push(await bytesBetween(marks[turn - 1], marks[turn]))
  return perTurn
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length
/** Turns `from` to `to` (counting from 1) of a run's bytes per turn. */
const window = (perTurn, from, to) => mean(perTurn.slice(from - 1, to))

await measureRun() // warm up
const early = []
const late = []
for (let round = 0; round < RUNS; round++) {
  const perTurn = await measureRun()
  const around = Math.min(10, Math.max(1, Math.floor(TURNS / 4)))
  early.push(window(perTurn, Math.max(1, around - 4), around + 5))
  late.push(window(perTurn, TURNS - 10, TURNS - 1))
}
const figures = { turns: TURNS, runs: RUNS, earlyBytesPerTurn: median(early), lateBytesPerTurn: median(late) }
console.log(`agent step writes on PostgreSQL (WAL bytes per turn, median of ${RUNS} runs of ${TURNS} turns)`)
console.log(`  around turn ${Math.min(10, Math.max(1, Math.floor(TURNS / 4)))}: ${figures.earlyBytesPerTurn.toFixed(0)} B`)
console.log(`  the last ten turns: ${figures.lateBytesPerTurn.toFixed(0)} B`)
console.log(`  ratio ${(figures.lateBytesPerTurn / figures.earlyBytesPerTurn).toFixed(2)} (target: within 1.5)`)
if (process.env.BENCH_RESULT_FILE) writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(figures))

await server.close()
await new Promise((resolve) => models.close(resolve))
await kit.dispose()
await dropSchemas()
await wal.end()
rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
