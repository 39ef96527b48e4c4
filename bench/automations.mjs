// node bench/automations.mjs: the Automations runs engine next to the bare queue engine, in one run.
// ServiceKit runs in a process of its own (bench/automations/server.mjs, its workers in-process),
// as does the bare engine (bench/automations/bare.mjs).
//   runs        N runs of a one-step workflow (a log step) started through POST
//               /api/v1/automations/workflows/{id}/run by 50 clients at a time (undici) while the
//               workers follow them: runs/s from the first request to the last run's finishedAt,
//               and the start latency, startedAt − createdAt (queued → running), p50/p95 over those
//               runs, read back through GET /api/v1/automations/runs (PGlite has no other door)
//   bare        the queue engine alone on the same storage (pg-boss on PGlite or Postgres, BullMQ on
//               Redis): N jobs that do nothing, enqueued 50 at a time and worked 50 at a time (as the
//               runs worker), jobs/s from the first enqueue to the last job started, and
//               enqueue → handler p50/p95
//   apart       before those: N runs started with the workers off (the API alone: runs/s, POST
//               p50/p95), then drained by the workers with the API idle (runs/s, running → finished)
//   steady      after them: runs started at a steady rate, the engine not saturated: start p50/p95;
//               then at the target's 1,000 runs/s (BENCH_AUTOMATIONS_TARGET_RATE): start p50/p95
// On Postgres, the same runs through a hand-written durable pipeline too (bench/automations/handwritten.mjs).
// Where the time goes: CPU ms per run (user + system, /proc) of the ServiceKit process, the Postgres
// backends of its database and redis-server, in each phase, next to the bare engine's per job.
// Storage: the embedded default (PGlite), Postgres, and Postgres with Redis (BullMQ, in Redis
// database 1: host tests use database 0 and the same queue names), skipped when unreachable; and
// Postgres with Redis again, its workers in one worker process of their own (as `servicekit
// worker` runs them) beside the API's process ("redis-worker").
// BENCH_AUTOMATIONS_STORAGE=pglite,postgres,redis,redis-worker picks some; BENCH_AUTOMATIONS_RUNS sizes the runs
// (default 2,000) and BENCH_AUTOMATIONS_STEPS their steps (default 1: the log step alone; more adds
// `log.write` skill steps, each checkpointed at its start and its result), BENCH_AUTOMATIONS_RATE (runs/s, default 50) and BENCH_AUTOMATIONS_DURATION
// (seconds, default 5) the steady load. BENCH_PROFILE=<folder> writes a CPU profile of the
// ServiceKit process there for each phase (automations-<storage>-<api|workers|runs>.cpuprofile),
// and prints where it spent its time and the SQL it sent per run (bench/automations/sql.mjs).
import { mkdirSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { performance } from "node:perf_hooks"
import pg from "pg"
import { Pool } from "undici"
import { meter } from "./automations/cpu.mjs"
import { summarize } from "./automations/profile.mjs"
import { ask, freshDatabase, paced, pool, reachable, sleep, start, stop, stopAll } from "./processes.mjs"

const RUNS = Number(process.env.BENCH_AUTOMATIONS_RUNS ?? 2_000)
const STEPS = Number(process.env.BENCH_AUTOMATIONS_STEPS ?? 1)
const RATE = Number(process.env.BENCH_AUTOMATIONS_RATE ?? 50)
const TARGET_RATE = Number(process.env.BENCH_AUTOMATIONS_TARGET_RATE ?? 1_000)
const DURATION = Number(process.env.BENCH_AUTOMATIONS_DURATION ?? 5)
const WARMUP = 200
const CLIENTS = 50
// The runs worker's concurrency (packages/core/src/automations/AutomationsModule.ts).
const WORKER_CONCURRENCY = 50
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/1"
const profiling = Boolean(process.env.BENCH_PROFILE)
const chosen = (process.env.BENCH_AUTOMATIONS_STORAGE ?? "pglite,postgres,redis,redis-worker")
  .split(",")
  .filter(Boolean)
const onRedis = (storage) => storage === "redis" || storage === "redis-worker"

const percentile = (values, p) =>
  values.length === 0
    ? NaN
    : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const spread = (values) => [50, 95].map((p) => percentile(values, p))

const resetDatabase = (name) => freshDatabase(postgresUrl, name)

/** The ServiceKit process's API over CLIENTS keep-alive connections. */
const apiOf = (url, key) => {
  const connections = new Pool(url, { connections: CLIENTS })
  const call = async (method, path, body) => {
    const response = await connections.request({
      method,
      path,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { "content-type": "application/json" })
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      // A server that stops answering fails the run instead of hanging it.
      headersTimeout: 60_000,
      bodyTimeout: 60_000
    })
    const text = await response.body.text()
    if (response.statusCode !== 200) throw new Error(`${method} ${path} answered ${response.statusCode}: ${text}`)
    return JSON.parse(text)
  }
  return { call, close: () => connections.close() }
}

/**
 * Runs `task`; when BENCH_PROFILE is set, with a CPU profile of the ServiceKit process and a tally
 * of the SQL it sends around it. Answers the task's result, the profile's file and the tally.
 */
const profiled = async (kit, phase, task) => {
  const folder = process.env.BENCH_PROFILE
  if (!profiling) return { result: await task() }
  const file = join(resolve(folder), `automations-${kit.storage}-${phase}.cpuprofile`)
  await ask(kit.child, { sql: "reset" }, (answer) => answer.sqlReset)
  await ask(kit.child, { profile: "start" }, (answer) => answer.profiling)
  try {
    return { result: await task(), profile: file }
  } finally {
    await ask(kit.child, { profile: "stop", file }, (answer) => answer.profiled === file)
  }
}
const sqlOf = async (kit) =>
  profiling ? (await ask(kit.child, { sql: "report" }, (answer) => answer.sqlReport)).sqlReport : []

// ---------------------------------------------------------------------------------------------
// Runs through ServiceKit

/**
 * The runs' workflow: a log step, then STEPS - 1 skill steps (`log.write`), each of which the
 * engine checkpoints, its start and its result, as it does every skill step.
 */
const workflow = (api, name) =>
  api.call("POST", "/api/v1/automations/workflows", {
    name,
    active: true,
    triggerJson: { schemaVersion: 1, type: "manual" },
    stepsJson: [
      { type: "log", message: "hi" },
      ...Array.from({ length: STEPS - 1 }, (_, i) => ({ type: "skill", skillId: "log.write", input: { message: `step ${i + 1}` } }))
    ]
  })

/** Starts a run of `workflowId`; the ms its request took. */
const startRun = async (api, workflowId) => {
  const began = performance.now()
  await api.call("POST", `/api/v1/automations/workflows/${workflowId}/run`, { context: "bench", payload: {} })
  return performance.now() - began
}

/** Waits until no run is queued or running (in that order: a run only moves forward), or `timeoutMs` passed. */
const settled = async (api, timeoutMs) => {
  const given = Date.now() + timeoutMs
  const none = async (status) =>
    (await api.call("GET", `/api/v1/automations/runs?status=${status}&limit=1`)).data.length === 0
  while (Date.now() < given) {
    if ((await none("queued")) && (await none("running"))) return true
    await sleep(50)
  }
  return false
}

/** Every run of `workflowId`, 100 a page. */
const runsOf = async (api, workflowId) => {
  const runs = []
  let cursor = null
  do {
    const page = await api.call(
      "GET",
      `/api/v1/automations/runs?workflowId=${workflowId}&limit=100${cursor === null ? "" : `&cursor=${cursor}`}`
    )
    runs.push(...page.data)
    cursor = page.meta.nextCursor
  } while (cursor !== null)
  return runs
}

const at = (timestamp) => Date.parse(timestamp)
const timings = (runs) => {
  const done = runs.filter((run) => run.status === "succeeded")
  return {
    succeeded: done.length,
    statuses: runs.reduce((counts, run) => ({ ...counts, [run.status]: (counts[run.status] ?? 0) + 1 }), {}),
    lastFinished: Math.max(...done.map((run) => at(run.finishedAt))),
    start: spread(done.map((run) => at(run.startedAt) - at(run.createdAt))),
    follow: spread(done.map((run) => at(run.finishedAt) - at(run.startedAt)))
  }
}

/**
 * Measures the CPU time of a phase: the processes `pids`, the Postgres backends of `databaseUrl`
 * (with Postgres's background processes), redis-server on "redis", and this process (the clients).
 */
const cpuMeter = async (pids, databaseUrl, storage) => {
  const client = databaseUrl === "" ? undefined : new pg.Client({ connectionString: databaseUrl })
  await client?.connect()
  const database = databaseUrl === "" ? undefined : new URL(databaseUrl).pathname.slice(1)
  const processes = await meter({ nodes: pids, client, database, redis: onRedis(storage) })
  const own = process.cpuUsage()
  return {
    stop: async () => {
      const used = await processes.stop()
      const mine = process.cpuUsage(own)
      await client?.end()
      return { ...used, clients: (mine.user + mine.system) / 1000 }
    }
  }
}
const perUnit = (cpu, units) => Object.fromEntries(Object.entries(cpu).map(([key, ms]) => [key, ms / units]))

const throughServiceKit = async (storage) => {
  const databaseUrl = storage === "pglite" ? "" : await resetDatabase("servicekit_bench_automations")
  const { child, first } = await start(new URL("./automations/server.mjs", import.meta.url), {
    BENCH_AUTOMATIONS_DATABASE_URL: databaseUrl,
    BENCH_AUTOMATIONS_REDIS_URL: onRedis(storage) ? redisUrl : "",
    BENCH_AUTOMATIONS_WORKER_PROCESS: storage === "redis-worker" ? "1" : "",
    BENCH_AUTOMATIONS_SQL: profiling ? "1" : ""
  })
  const kit = { child, storage, ...first }
  const servicekit = [child.pid, first.workerPid].filter((pid) => pid !== undefined)
  const api = apiOf(kit.url, kit.key)
  const problems = []
  try {
    const [warm, admitted, measured, steady, target] = [
      await workflow(api, "Bench warm-up"),
      await workflow(api, "Bench API alone"),
      await workflow(api, "Bench runs"),
      await workflow(api, "Bench steady"),
      await workflow(api, "Bench target rate")
    ]
    // The API alone, the workers off (after a warm-up of the API); then the workers alone, draining
    // what waits. The runs of the warm-up go first in the queue, warming the workers up.
    await pool(WARMUP, CLIENTS, () => startRun(api, warm.id))
    const apiCpu = await cpuMeter(servicekit, databaseUrl, storage)
    const apiBegan = Date.now()
    const apiRequests = []
    const apiPhase = await profiled(kit, "api", () =>
      pool(RUNS, CLIENTS, async () => apiRequests.push(await startRun(api, admitted.id)))
    )
    const apiSeconds = (Date.now() - apiBegan) / 1000
    const apiUsed = await apiCpu.stop()
    const apiSql = await sqlOf(kit)
    const drainCpu = await cpuMeter(servicekit, databaseUrl, storage)
    const drainBegan = Date.now()
    const drainPhase = await profiled(kit, "workers", async () => {
      await ask(child, { startWorkers: true }, (answer) => answer.workersStarted)
      if (!(await settled(api, 300_000))) problems.push("drain: runs still queued or running after 300 s")
    })
    const drainUsed = await drainCpu.stop()
    const drainSql = await sqlOf(kit)
    const drained = timings([...(await runsOf(api, warm.id)), ...(await runsOf(api, admitted.id))])
    if (drained.succeeded < WARMUP + RUNS) {
      problems.push(
        `drain: ${drained.succeeded} of ${WARMUP + RUNS} runs succeeded: ${JSON.stringify(drained.statuses)}`
      )
    }

    // Both at once: the runs started by the clients while the workers follow them.
    const cpu = await cpuMeter(servicekit, databaseUrl, storage)
    const began = Date.now()
    const requests = []
    const { result: complete, profile } = await profiled(kit, "runs", async () => {
      await pool(RUNS, CLIENTS, async () => requests.push(await startRun(api, measured.id)))
      return settled(api, 300_000)
    })
    const used = await cpu.stop()
    if (!complete) problems.push(`runs still queued or running 300 s after the last was started`)
    const sql = await sqlOf(kit)
    const runs = timings(await runsOf(api, measured.id))
    if (runs.succeeded < RUNS) {
      problems.push(`${runs.succeeded} of ${RUNS} runs succeeded: ${JSON.stringify(runs.statuses)}`)
    }

    const steadyCount = Math.round(RATE * DURATION)
    await paced(steadyCount, RATE, () => startRun(api, steady.id))
    await settled(api, 60_000)
    const steadyRuns = timings(await runsOf(api, steady.id))
    if (steadyRuns.succeeded < steadyCount) {
      problems.push(`steady: ${steadyRuns.succeeded} of ${steadyCount} runs succeeded`)
    }
    const targetCount = Math.round(TARGET_RATE * DURATION)
    await paced(targetCount, TARGET_RATE, () => startRun(api, target.id))
    await settled(api, 300_000)
    const targetRuns = timings(await runsOf(api, target.id))
    if (targetRuns.succeeded < targetCount) {
      problems.push(`at ${count(TARGET_RATE)} runs/s: ${targetRuns.succeeded} of ${targetCount} runs succeeded`)
    }
    return {
      rate: runs.succeeded / ((runs.lastFinished - began) / 1000),
      start: runs.start,
      follow: runs.follow,
      request: spread(requests),
      steady: steadyRuns.start,
      atTarget: targetRuns.start,
      cpu: perUnit(used, RUNS),
      api: {
        rate: RUNS / apiSeconds,
        request: spread(apiRequests),
        cpu: perUnit(apiUsed, RUNS),
        profile: apiPhase.profile,
        sql: apiSql,
        runs: RUNS
      },
      drain: {
        rate: drained.succeeded / ((drained.lastFinished - drainBegan) / 1000),
        follow: drained.follow,
        cpu: perUnit(drainUsed, WARMUP + RUNS),
        profile: drainPhase.profile,
        sql: drainSql,
        runs: WARMUP + RUNS
      },
      together: { profile, sql, runs: RUNS },
      problems
    }
  } finally {
    await api.close()
    await stop(child)
  }
}

// ---------------------------------------------------------------------------------------------
// The bare engine

const bareEngine = async (storage) => {
  const url = onRedis(storage) ? redisUrl : await resetDatabase("servicekit_bench_automations_bare")
  const { child, first } = await start(new URL("./automations/bare.mjs", import.meta.url), {
    BENCH_AUTOMATIONS_BARE: onRedis(storage) ? "redis" : storage,
    BENCH_AUTOMATIONS_BARE_URL: storage === "pglite" ? "" : url
  })
  try {
    const run = (count) =>
      ask(child, { run: { count, producers: CLIENTS, concurrency: WORKER_CONCURRENCY } }, (answer) => answer.done)
    await run(WARMUP)
    const cpu = await cpuMeter([child.pid], storage === "postgres" ? url : "", storage)
    const { seconds, started, latencies } = await run(RUNS)
    const used = await cpu.stop()
    const problems = started < RUNS ? [`bare ${first.engine}: ${started} of ${RUNS} jobs started within 120 s`] : []
    return {
      engine: first.engine,
      rate: started / seconds,
      start: spread(latencies),
      cpu: perUnit(used, RUNS),
      problems
    }
  } finally {
    await stop(child)
  }
}

/**
 * The same runs through the hand-written durable pipeline (bench/automations/handwritten.mjs) on
 * Postgres: runs/s from the first request to the last run finished, and CPU ms per run.
 */
const handwrittenRuns = async () => {
  const url = await resetDatabase("servicekit_bench_automations_hand")
  const { child, first } = await start(new URL("./automations/handwritten.mjs", import.meta.url), {
    BENCH_AUTOMATIONS_HANDWRITTEN_DATABASE_URL: url
  })
  const api = apiOf(first.url, first.key)
  const progress = () => ask(child, { progress: true }, (answer) => answer.finished !== undefined)
  const finished = async (count) => {
    const given = Date.now() + 300_000
    while ((await progress()).finished < count && Date.now() < given) await sleep(20)
    return progress()
  }
  try {
    await pool(WARMUP, CLIENTS, () => startRun(api, first.workflowId))
    await finished(WARMUP)
    const cpu = await cpuMeter([child.pid], url, "postgres")
    const began = Date.now()
    await pool(RUNS, CLIENTS, () => startRun(api, first.workflowId))
    const done = await finished(WARMUP + RUNS)
    const used = await cpu.stop()
    return { rate: (done.finished - WARMUP) / ((done.lastFinished - began) / 1000), cpu: perUnit(used, RUNS) }
  } finally {
    await api.close()
    await stop(child)
  }
}

// ---------------------------------------------------------------------------------------------
// The run

const name = (storage) =>
  ({ pglite: "PGlite", postgres: "Postgres", redis: "Postgres+Redis", "redis-worker": "PG+Redis, 1 worker" })[storage]
const ms = (value) => (Number.isNaN(value) ? "n/a" : value < 10 ? value.toFixed(1) : value.toFixed(0))
const pair = (values) => values.map(ms).join("/")
const count = (n) => Math.round(n).toLocaleString("en")
const share = (n) => `${(n * 100).toFixed(1)}%`
const rows = []

if (process.env.BENCH_PROFILE) mkdirSync(process.env.BENCH_PROFILE, { recursive: true })

try {
  for (const storage of chosen) {
    if (storage !== "pglite" && !(await reachable(postgresUrl, 5432))) {
      rows.push({ storage, skipped: "PostgreSQL is not reachable" })
      continue
    }
    if (onRedis(storage) && !(await reachable(redisUrl, 6379))) {
      rows.push({ storage, skipped: "Redis is not reachable" })
      continue
    }
    rows.push({
      storage,
      kit: await throughServiceKit(storage),
      bare: await bareEngine(storage),
      handwritten: storage === "postgres" ? await handwrittenRuns() : undefined
    })
  }
} finally {
  await stopAll()
}

for (const row of rows.filter((row) => row.skipped)) console.log(`\n${name(row.storage)}: skipped, ${row.skipped}`)
const measured = rows.filter((row) => !row.skipped)
// BENCH_RESULT_FILE: the figures as JSON too, for bench/engine.mjs to compare two builds.
if (process.env.BENCH_RESULT_FILE) writeFileSync(process.env.BENCH_RESULT_FILE, JSON.stringify(measured))
if (measured.length > 0) {
  console.log(
    `\nAutomations runs: ${count(RUNS)} runs of ${STEPS === 1 ? "a one-step workflow (a log step)" : `a ${STEPS}-step workflow (a log step, then ${STEPS - 1} log.write skill steps)`} started through POST /api/v1/automations/workflows/{id}/run, ${CLIENTS} clients at a time, on a ServiceKit process running its workers (on "PG+Redis, 1 worker", its API process beside one worker process); runs/s from the first request to the last run's finishedAt, start = startedAt − createdAt (queued → running) ms p50/p95 over those runs; baseline: the queue engine alone on the same storage in a process of its own, ${count(RUNS)} jobs that do nothing enqueued ${CLIENTS} at a time and worked ${WORKER_CONCURRENCY} at a time (as the runs worker), jobs/s to the last job started, start = enqueue → handler\n`
  )
  console.log(
    `storage          bare engine  jobs/s  start p50/p95  runs/s  start p50/p95  ratio  start p50/p95 at ${count(TARGET_RATE)} runs/s  targets: 0.3x everywhere; on Postgres+Redis 1,000 runs/s and p95 start ≤ 25 ms`
  )
  for (const { storage, kit, bare } of measured) {
    const ratio = kit.rate / bare.rate
    const below = [
      ratio < 0.3 ? "below 0.3x" : "",
      onRedis(storage) && kit.rate < 1000 ? "below 1,000 runs/s" : "",
      onRedis(storage) && !(kit.atTarget[1] <= 25) ? `p95 start over 25 ms at ${count(TARGET_RATE)} runs/s` : ""
    ].filter(Boolean)
    console.log(
      [
        name(storage).padEnd(15),
        bare.engine.padEnd(11),
        count(bare.rate).padStart(6),
        pair(bare.start).padStart(13),
        count(kit.rate).padStart(6),
        pair(kit.start).padStart(13),
        ratio.toFixed(2).padStart(5),
        pair(kit.atTarget).padStart(26),
        below.length === 0 ? "met" : `below target (${below.join(", ")})`
      ].join("  ")
    )
  }

  const cpuMs = (value) => (Number.isNaN(value) ? "-" : value.toFixed(1))
  const handwritten = measured.filter((row) => row.handwritten !== undefined)
  if (handwritten.length > 0) {
    console.log(
      `\nThe same ${count(RUNS)} runs through a hand-written durable pipeline (bench/automations/handwritten.mjs: node:http, pg and pg-boss; the run stored with its job in one transaction, a worker taking it, following its step and storing the outcome); CPU ms per run of the Node process / the Postgres backends\n`
    )
    console.log(
      "storage          hand-written runs/s  ServiceKit runs/s  ratio  CPU ms hand-written  CPU ms ServiceKit  target: 0.7x"
    )
    for (const { storage, kit, handwritten: hand } of handwritten) {
      const ratio = kit.rate / hand.rate
      console.log(
        [
          name(storage).padEnd(15),
          count(hand.rate).padStart(19),
          count(kit.rate).padStart(17),
          ratio.toFixed(2).padStart(5),
          `${cpuMs(hand.cpu.node)}/${cpuMs(hand.cpu.postgres)}`.padStart(19),
          `${cpuMs(kit.cpu.node)}/${cpuMs(kit.cpu.postgres)}`.padStart(17),
          ratio >= 0.7 ? "met" : "below target"
        ].join("  ")
      )
    }
  }
  const total = (cpu) => Object.values(cpu).reduce((sum, ms) => sum + (Number.isNaN(ms) ? 0 : ms), 0)
  const cpuOf = (cpu) => [cpu.node, cpu.postgres, cpu.redis].map(cpuMs).join("/")

  console.log(
    `\nWhere a run's time goes. Apart: the API alone (${count(RUNS)} runs started, ${CLIENTS} clients at a time, the workers off: runs/s admitted, POST ms p50/p95), then the workers alone (those runs and the warm-up's drained, the API idle: runs/s, running → finished ms p50/p95); CPU ms per run (user + system, /proc) of the ServiceKit process / the Postgres backends of its database with Postgres's background processes / redis-server\n`
  )
  console.log(
    "storage          API runs/s  POST p50/p95  CPU ms SK/PG/Redis  workers runs/s  finish p50/p95  CPU ms SK/PG/Redis"
  )
  for (const { storage, kit } of measured) {
    console.log(
      [
        name(storage).padEnd(15),
        count(kit.api.rate).padStart(10),
        pair(kit.api.request).padStart(12),
        cpuOf(kit.api.cpu).padStart(18),
        count(kit.drain.rate).padStart(14),
        pair(kit.drain.follow).padStart(14),
        cpuOf(kit.drain.cpu).padStart(18)
      ].join("  ")
    )
  }
  console.log(
    `\nTogether (the ${count(RUNS)} runs above): POST, queued → running ("start") and running → finished (the claim, then one write: the log step's result with the run's end) ms p50/p95, and queued → running at a steady ${count(RATE)} runs/s for ${DURATION} s; CPU ms per run as above and of the clients (this process), next to the bare engine's per job (its producers in its own process)\n`
  )
  console.log(
    "storage          POST p50/p95  start p50/p95  finish p50/p95  steady start  CPU SK/PG/Redis  clients  total  bare CPU engine/PG/Redis  total"
  )
  for (const { storage, kit, bare } of measured) {
    console.log(
      [
        name(storage).padEnd(15),
        pair(kit.request).padStart(12),
        pair(kit.start).padStart(13),
        pair(kit.follow).padStart(14),
        pair(kit.steady).padStart(12),
        cpuOf(kit.cpu).padStart(15),
        cpuMs(kit.cpu.clients).padStart(7),
        cpuMs(total(kit.cpu)).padStart(5),
        cpuOf(bare.cpu).padStart(24),
        cpuMs(total({ ...bare.cpu, clients: NaN })).padStart(5)
      ].join("  ")
    )
  }
  for (const { storage, kit, bare } of measured) {
    for (const problem of [...kit.problems, ...bare.problems]) console.log(`  ${name(storage)}: ${problem}`)
  }

  if (profiling) {
    console.log(
      "\nThe ServiceKit process in each phase (BENCH_PROFILE): self time by package and by function as shares of its busy time (a native function's share includes time the process waited for a CPU while in it), and the SQL it sent per run, heaviest in all first, with the mean ms from sending to the answer (a PGlite transaction is timed from BEGIN to COMMIT besides its statements)"
    )
  }
  for (const { storage, kit } of measured.filter(() => profiling)) {
    for (const [label, phase] of [
      ["the API alone", kit.api],
      ["the workers alone", kit.drain],
      ["together", kit.together]
    ]) {
      const { busyMs, packages, functions } = summarize(phase.profile, 10)
      const statements = phase.sql.sort((a, b) => b.ms - a.ms)
      const perRun = statements.filter((s) => !s.kind.startsWith("(")).reduce((sum, s) => sum + s.count, 0) / phase.runs
      console.log(`\n${name(storage)}, ${label}: ${count(busyMs)} ms busy (${phase.profile})`)
      console.log(`  by package:  ${packages.map((p) => `${p.name} ${share(p.share)}`).join(", ")}`)
      console.log(`  by function: ${functions.map((f) => `${f.name} ${share(f.share)}`).join(", ")}`)
      console.log(`  SQL: ${perRun.toFixed(1)} statements per run`)
      for (const { kind, count: sent, ms } of statements.slice(0, 14)) {
        console.log(
          `    ${(sent / phase.runs).toFixed(2).padStart(5)}  ${(ms / sent).toFixed(1).padStart(6)} ms  ${kind}`
        )
      }
    }
  }
}
process.exit(0)
