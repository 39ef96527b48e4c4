// The durable pipeline ServiceKit's runs are measured against, written by hand as a careful
// engineer would without the framework, in a process of its own, on Postgres with pg-boss (the
// engine ServiceKit runs there): POST /api/v1/automations/workflows/{id}/run checks an API key by
// its SHA-256 digest (cached) and the body, reads the workflow, and stores the queued run (its
// steps as they stand) with its job in one transaction; a worker fetches jobs in batches (up to 50
// at a time, as ServiceKit's runs worker), takes each run (queued → running), follows its log
// steps, stores the run succeeded with its step results, and completes the jobs in batches
// (bench/handwritten.mjs).
// It answers its URL, key and a workflow id; { progress } answers { finished, lastFinished }
// (epoch ms); { cpu } answers the process's CPU time so far ({ cpuMicros }).
import { randomBytes, randomUUID } from "node:crypto"
import { createServer } from "node:http"
import pg from "pg"
import PgBoss from "pg-boss"
import { answer, batchedWorker, digestOf, keyChecker, readJson } from "../handwritten.mjs"

const QUEUE = "handwritten-runs"
const url = process.env.BENCH_AUTOMATIONS_HANDWRITTEN_DATABASE_URL
const pool = new pg.Pool({ connectionString: url, max: 10 })
await pool.query(`
  create schema if not exists handwritten_runs;
  set search_path to handwritten_runs;
  create table if not exists keys (digest text primary key, tenant_id uuid not null);
  create table if not exists workflows (tenant_id uuid not null, id uuid not null, active boolean not null,
    revision integer not null, steps jsonb not null, primary key (tenant_id, id));
  create table if not exists runs (tenant_id uuid not null, id uuid not null, workflow_id uuid not null,
    revision integer not null, steps jsonb not null, status text not null, context text not null, payload jsonb not null,
    results jsonb not null, created_at timestamptz not null, started_at timestamptz, finished_at timestamptz,
    primary key (tenant_id, id))`)
const key = `bench_${randomBytes(24).toString("base64url")}`
const tenantId = randomUUID()
const workflowId = randomUUID()
await pool.query("insert into handwritten_runs.keys values ($1, $2)", [digestOf(key), tenantId])
await pool.query("insert into handwritten_runs.workflows values ($1, $2, true, 1, $3)", [
  tenantId,
  workflowId,
  JSON.stringify([{ type: "log", message: "hi" }])
])

const boss = new PgBoss({ connectionString: url, schema: "handwritten_runs_boss", max: 5 })
boss.on("error", () => {})
await boss.start()
await boss.createQueue(QUEUE)

let finished = 0
let lastFinished = 0

/** Takes the run, follows its steps and stores the outcome. */
const follow = async (job) => {
  const { rows } = await pool.query(
    "update handwritten_runs.runs set status = 'running', started_at = now() where tenant_id = $1 and id = $2 and status = 'queued' returning steps, context",
    [job.data.tenantId, job.data.runId]
  )
  if (rows.length === 0) return
  const results = rows[0].steps.map((step, index) => {
    const at = new Date().toISOString()
    const message = String(step.message ?? "").replaceAll("{{context}}", rows[0].context)
    return { index, type: step.type, status: "succeeded", output: { message }, startedAt: at, finishedAt: at }
  })
  await pool.query(
    "update handwritten_runs.runs set status = 'succeeded', results = $3, finished_at = now() where tenant_id = $1 and id = $2",
    [job.data.tenantId, job.data.runId, JSON.stringify(results)]
  )
  finished++
  lastFinished = Date.now()
}

// The worker: up to 50 runs at a time, as ServiceKit's runs worker.
const worker = batchedWorker({ boss, queue: QUEUE, concurrency: 50, handle: follow })
const tenantOf = keyChecker(async (digest) => {
  const { rows } = await pool.query("select tenant_id from handwritten_runs.keys where digest = $1", [digest])
  return rows[0]?.tenant_id
})

const RUN = /^\/api\/v1\/automations\/workflows\/([0-9a-f-]{36})\/run$/
const server = createServer(async (request, response) => {
  const path = request.method === "POST" ? RUN.exec(request.url ?? "") : null
  if (path === null) return answer(response, 404, { error: { code: "not_found" } })
  const tenant = await tenantOf(request.headers.authorization)
  if (tenant === undefined) return answer(response, 401, { error: { code: "invalid_key" } })
  const body = await readJson(request)
  if (body === undefined) return answer(response, 400, { error: { code: "validation_failed" } })
  const context = body?.context ?? ""
  const payload = body?.payload ?? {}
  if (typeof context !== "string" || typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return answer(response, 400, { error: { code: "validation_failed" } })
  }
  const client = await pool.connect()
  try {
    await client.query("begin")
    const found = await client.query(
      "select revision, steps from handwritten_runs.workflows where tenant_id = $1 and id = $2 and active",
      [tenant, path[1]]
    )
    if (found.rows.length === 0) {
      await client.query("rollback")
      return answer(response, 404, { error: { code: "workflow_not_found" } })
    }
    const run = { id: randomUUID(), workflowId: path[1], status: "queued", createdAt: new Date() }
    await client.query(
      "insert into handwritten_runs.runs values ($1, $2, $3, $4, $5, 'queued', $6, $7, '[]', $8, null, null)",
      [
        tenant,
        run.id,
        path[1],
        found.rows[0].revision,
        JSON.stringify(found.rows[0].steps),
        context,
        payload,
        run.createdAt
      ]
    )
    await boss.send(
      QUEUE,
      { tenantId: tenant, runId: run.id },
      { db: { executeSql: (sql, values) => client.query(sql, values) } }
    )
    await client.query("commit")
    worker.wakeUp()
    answer(response, 200, run)
  } catch (error) {
    await client.query("rollback")
    answer(response, 500, { error: { message: String(error) } })
  } finally {
    client.release()
  }
})
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
process.send({ url: `http://127.0.0.1:${server.address().port}`, key, workflowId })
process.on("message", (message) => {
  if (message.progress) process.send({ finished, lastFinished })
  if (message.cpu) {
    const { user, system } = process.cpuUsage()
    process.send({ cpuMicros: user + system })
  }
})
process.on("disconnect", async () => {
  server.close()
  await worker.stop()
  await boss.stop({ graceful: false, wait: true })
  await pool.end()
  process.exit(0)
})
