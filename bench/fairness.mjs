// node bench/fairness.mjs: a quiet tenant's background work while another tenant floods, next to
// the same work alone, in one run.
//   runs   the flooding tenant starts FLOOD runs (3,000) of one `webhook.deliver` step to its partner,
//          which answers after 200 ms, 50 requests at a time; once they are queued the quiet tenant
//          starts QUIET runs (10) of one log step, 200 ms apart. The quiet tenant's figure is each
//          run's createdAt → finishedAt, p50/p95, against the same runs with nobody flooding; the
//          flooding tenant's, its runs/s (first createdAt to last finishedAt), against the same
//          flood with nobody else there (a lone tenant).
// Storage: the embedded default (PGlite, workers in the API's process) and Postgres with Redis (a
// private Redis database, one API process and one worker process, as `servicekit worker` runs),
// skipped when unreachable. BENCH_FAIRNESS_STORAGE=pglite,redis picks some; BENCH_FAIRNESS_FLOOD
// sizes the flood.
import http from "node:http"
import pg from "pg"
import { Pool } from "undici"
import { pool, reachable, sleep, start, stop, stopAll } from "./processes.mjs"

const FLOOD = Number(process.env.BENCH_FAIRNESS_FLOOD ?? 3_000)
const QUIET = 10
const PARTNER_MS = 200
const CLIENTS = 50
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/2"
const chosen = (process.env.BENCH_FAIRNESS_STORAGE ?? "pglite,redis").split(",").filter(Boolean)

const percentile = (values, p) =>
  values.length === 0
    ? NaN
    : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const at = (timestamp) => Date.parse(timestamp)

const resetDatabase = async (name) => {
  const admin = new pg.Client({ connectionString: postgresUrl.replace(/\/[^/]+$/, "/postgres") })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  return postgresUrl.replace(/\/[^/]+$/, `/${name}`)
}

/** A partner that answers every POST after PARTNER_MS. */
const partner = () =>
  new Promise((resolve) => {
    const server = http.createServer((request, response) => {
      request.resume()
      setTimeout(() => response.end("ok"), PARTNER_MS)
    })
    server.keepAliveTimeout = 60_000
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${server.address().port}`, server }))
  })

/** A tenant's API over CLIENTS keep-alive connections. */
const apiOf = (url, key) => {
  const connections = new Pool(url, { connections: CLIENTS })
  return {
    call: async (method, path, body) => {
      const response = await connections.request({
        method,
        path,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      const text = await response.body.text()
      if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${text}`)
      return JSON.parse(text)
    },
    close: () => connections.close()
  }
}

const workflow = (api, stepsJson) =>
  api.call("POST", "/api/v1/automations/workflows", {
    name: `bench ${Math.random().toString(36).slice(2, 8)}`,
    active: true,
    triggerJson: { schemaVersion: 1, type: "manual" },
    stepsJson
  })

const run = (api, workflowId) =>
  api.call("POST", `/api/v1/automations/workflows/${workflowId}/run`, { context: "bench", payload: {} })

/** The run once it has ended (polled), or throws after `timeoutMs`. */
const ended = async (api, id, timeoutMs = 600_000) => {
  const given = Date.now() + timeoutMs
  while (Date.now() < given) {
    const found = await api.call("GET", `/api/v1/automations/runs/${id}`)
    if (found.finishedAt !== null) return found
    await sleep(50)
  }
  throw new Error(`run ${id} did not end in ${timeoutMs} ms`)
}

/** The quiet tenant's runs, 200 ms apart: createdAt → finishedAt of each. */
const quietRuns = async (api, workflowId) => {
  const started = []
  for (let i = 0; i < QUIET; i++) {
    started.push(run(api, workflowId))
    await sleep(200)
  }
  const runs = await Promise.all((await Promise.all(started)).map((one) => ended(api, one.id)))
  return runs.map((one) => at(one.finishedAt) - at(one.createdAt))
}

/** Starts the flood's runs, CLIENTS at a time; the runs. */
const flood = async (api, workflowId) => {
  const runs = []
  await pool(FLOOD, CLIENTS, async () => runs.push(await run(api, workflowId)))
  return runs
}

/** The flood's runs/s, first createdAt to last finishedAt, once every run has ended. */
const floodRate = async (api, runs) => {
  let last = 0
  for (const one of runs) last = Math.max(last, at((await ended(api, one.id)).finishedAt))
  const first = Math.min(...runs.map((one) => at(one.createdAt)))
  return runs.length / ((last - first) / 1000)
}

const scenario = async (storage) => {
  const env =
    storage === "pglite"
      ? {}
      : {
          BENCH_FAIRNESS_DATABASE_URL: await resetDatabase("servicekit_bench_fairness"),
          BENCH_FAIRNESS_REDIS_URL: redisUrl,
          BENCH_FAIRNESS_WORKER_PROCESS: "1"
        }
  const target = await partner()
  const kit = await start(new URL("./fairness/server.mjs", import.meta.url), env)
  const { url, tenants } = kit.first
  const flooding = apiOf(url, tenants.flooding.key)
  const quiet = apiOf(url, tenants.quiet.key)
  try {
    const delivering = await workflow(flooding, [
      { type: "skill", skillId: "webhook.deliver", input: { url: `${target.url}/partner`, body: { n: 1 } } }
    ])
    const logging = await workflow(quiet, [{ type: "log", message: "hi" }])
    // Warm both paths.
    await ended(quiet, (await run(quiet, logging.id)).id)
    await ended(flooding, (await run(flooding, delivering.id)).id)

    const alone = await quietRuns(quiet, logging.id)
    const loneRate = await floodRate(flooding, await flood(flooding, delivering.id))
    // The flood, and the quiet tenant's runs once the flood is queued.
    const flooded = await flood(flooding, delivering.id)
    const underFlood = await quietRuns(quiet, logging.id)
    const sharedRate = await floodRate(flooding, flooded)
    return {
      storage,
      quietAlone: [percentile(alone, 50), percentile(alone, 95)],
      quietUnderFlood: [percentile(underFlood, 50), percentile(underFlood, 95)],
      loneRate,
      sharedRate
    }
  } finally {
    await flooding.close()
    await quiet.close()
    await stop(kit.child)
    target.server.close()
  }
}

const results = []
for (const storage of chosen) {
  if (storage === "redis" && !((await reachable(postgresUrl, 5432)) && (await reachable(redisUrl, 6379)))) {
    console.log("redis: skipped (Postgres or Redis unreachable)")
    continue
  }
  results.push(await scenario(storage))
}
await stopAll()

console.log(
  `\nFairness, runs: the flooding tenant's ${FLOOD} runs of one webhook.deliver to a ${PARTNER_MS} ms partner; the quiet tenant's ${QUIET} one-log-step runs, 200 ms apart\n`
)
console.log("storage   quiet alone p50/p95 ms   quiet under flood p50/p95 ms   ratio p95   flood runs/s alone   with the quiet tenant   ratio")
for (const r of results) {
  console.log(
    [
      r.storage.padEnd(9),
      `${r.quietAlone.map(Math.round).join(" / ")}`.padEnd(24),
      `${r.quietUnderFlood.map(Math.round).join(" / ")}`.padEnd(30),
      (r.quietUnderFlood[1] / r.quietAlone[1]).toFixed(1).padEnd(11),
      r.loneRate.toFixed(1).padEnd(20),
      r.sharedRate.toFixed(1).padEnd(23),
      (r.sharedRate / r.loneRate).toFixed(2)
    ].join(" ")
  )
}
process.exit(0)
