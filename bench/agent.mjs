// node bench/agent.mjs: the agent step's loop next to a bare loop calling the same model server,
// in one process and one run. The local OpenAI-compatible test server answers at once.
//   bare    BENCH_AGENT_RUNS loops (50 at a time) of BENCH_AGENT_TURNS chat completions each, every
//           call sending the transcript so far (undici), as the agent does: turns/s, CPU ms per turn
//   agent   as many runs of a workflow with one agent step on the embedded default (PGlite), its
//           workers in-process, the model calling log.write each turn and FINAL at the last:
//           turns/s from the first start to the last run's end (each run polled every 250 ms), CPU ms per turn
// BENCH_AGENT_DATABASE_URL runs the agent on that Postgres database instead (emptied of ServiceKit's
// schema first): the database's CPU is then in its own processes, not counted here.
// The model server is a minimal OpenAI-compatible one here (@servicekit/conformance's needs vitest).
// CPU is this process's user + system time (process.cpuUsage): the model server, the client,
// ServiceKit and PGlite alike, so the difference per turn is the loop's own cost, its per-turn
// writes included.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { createServiceKit, listen } from "@servicekit/host-node"
import pg from "pg"
import { Pool } from "undici"

const RUNS = Number(process.env.BENCH_AGENT_RUNS ?? 200)
const TURNS = Number(process.env.BENCH_AGENT_TURNS ?? 10)
const CLIENTS = 50
const POLL_MS = 250

/** The model's answer to a transcript: a tool call each turn, FINAL at the last. */
const replyTo = (messages) => {
  const turn = messages.filter((message) => message.role === "assistant").length + 1
  return turn < TURNS ? `TOOL_CALL:log.write|{"message":"turn ${turn}"}` : "FINAL:done"
}

/** A chat completions server answering at once, as replyTo says. */
const startModels = async () => {
  const server = createServer((request, response) => {
    const chunks = []
    request.on("data", (chunk) => chunks.push(chunk))
    request.on("end", () => {
      const { model, messages } = JSON.parse(Buffer.concat(chunks).toString("utf8"))
      const content = replyTo(messages)
      response.writeHead(200, { "content-type": "application/json" })
      const choice = { index: 0, message: { role: "assistant", content }, finish_reason: "stop" }
      response.end(JSON.stringify({ id: "c", object: "chat.completion", model, choices: [choice] }))
    })
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(resolve)
      })
  }
}
const models = await startModels()

const measure = async (work) => {
  const cpu = process.cpuUsage()
  const started = performance.now()
  await work()
  const seconds = (performance.now() - started) / 1000
  const used = process.cpuUsage(cpu)
  return { seconds, cpuMs: (used.user + used.system) / 1000 }
}

const inBatches = async (count, task) => {
  let next = 0
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) await task(next++)
    })
  )
}

// The bare loop: the same calls, the transcript growing as the agent's does.
const modelPool = new Pool(models.baseUrl.replace(/\/v1$/, ""), { connections: CLIENTS })
const bareLoop = async () => {
  const messages = [
    { role: "system", content: "Instructions: bench.\n\nSkills you may call:\n- log.write" },
    { role: "user", content: "Begin." }
  ]
  for (let turn = 1; turn <= TURNS; turn++) {
    const response = await modelPool.request({
      path: "/v1/chat/completions",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "bench", messages })
    })
    const answer = await response.body.json()
    const reply = answer.choices[0].message.content
    messages.push({ role: "assistant", content: reply })
    if (reply.startsWith("TOOL_CALL:")) messages.push({ role: "user", content: "TOOL_RESULT:log.write|{}" })
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bench-agent-"))
const databaseUrl = process.env.BENCH_AGENT_DATABASE_URL || undefined
const dropSchema = async () => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  await client.query("drop schema if exists bench_agent, bench_agent_jobs cascade")
  await client.end()
}
if (databaseUrl !== undefined) await dropSchema()
const kit = createServiceKit({
  dataDir,
  ...(databaseUrl === undefined ? {} : { databaseUrl, dbSchema: "bench_agent" }),
  logLevel: "warn",
  keyRateLimitPerMinute: 100_000_000,
  ipRateLimits: [{ pathPrefix: "/v1/", limit: 100_000_000, windowMs: 60_000 }],
  llm: { provider: { baseUrl: models.baseUrl }, defaultLabel: "bench" }
})
const server = await listen(kit, { port: 0, host: "127.0.0.1" })
const tenant = await kit.admin.createTenant({ name: "Bench agent", entitlements: ["automations", "ai_agent"] })
const { key } = await kit.admin.createKey({
  tenantId: tenant.id,
  product: "automations",
  environment: "live",
  scopes: ["automations:manage"]
})
await kit.startWorkers()
const api = new Pool(server.url, { connections: CLIENTS })
const call = async (method, path, body) => {
  const response = await api.request({
    path: `/api/v1${path}`,
    method,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const json = await response.body.json()
  if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`)
  return json
}
const workflow = await call("POST", "/automations/workflows", {
  name: "Bench agent",
  triggerJson: { schemaVersion: 1, type: "manual" },
  stepsJson: [{ type: "agent", instructions: "Log each turn, then finish.", skills: ["log.write"], maxTurns: 20 }]
})
const agentRun = async () => {
  const { id } = await call("POST", `/automations/workflows/${workflow.id}/run`, {})
  for (;;) {
    const run = await call("GET", `/automations/runs/${id}`)
    if (run.status === "succeeded") return run.stepsResultJson[0].output.turns.length
    if (run.status !== "queued" && run.status !== "running") throw new Error(`run ${id} ${run.status}: ${run.reason}`)
    // Each poll reads and encodes the whole run: often enough for the end time, rarely enough not to weigh.
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

// Warm both up, then measure each.
await inBatches(20, bareLoop)
await inBatches(20, agentRun)
const bare = await measure(() => inBatches(RUNS, bareLoop))
let turns = 0
const agent = await measure(() =>
  inBatches(RUNS, async () => {
    const taken = await agentRun()
    turns += taken
  })
)
if (turns !== RUNS * TURNS) throw new Error(`expected ${RUNS * TURNS} turns, counted ${turns}`)

const row = (name, { seconds, cpuMs }) =>
  `${name.padEnd(6)} ${(turns / seconds).toFixed(0).padStart(7)} turns/s ${(cpuMs / turns).toFixed(3).padStart(8)} CPU ms/turn`
const on = databaseUrl === undefined ? "the embedded default (PGlite, in this process)" : "Postgres (its CPU not counted)"
console.log(`agent loop on ${on}: ${RUNS} runs × ${TURNS} turns, ${CLIENTS} at a time, the model answering at once`)
console.log(row("bare", bare))
console.log(row("agent", agent))
console.log(
  `the loop's own cost: ${((agent.cpuMs - bare.cpuMs) / turns).toFixed(3)} CPU ms per turn (target: under 2), polling each run every ${POLL_MS} ms included`
)

// BENCH_RESULT_FILE: the figures as JSON too, for bench/engine.mjs to compare two builds.
if (process.env.BENCH_RESULT_FILE) writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify({ turns, bare, agent }))

await api.close()
await modelPool.close()
await server.close()
await models.close()
await kit.dispose()
if (databaseUrl !== undefined) await dropSchema()
rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
