// node bench/cluster.mjs: ServiceKit on PostgreSQL + Redis across processes, through faults.
//   redis-restart  two hosts (bench/chat/server.mjs, each a process) on one database and a Redis
//                  of the bench's own; a visitor follows a conversation on host B while messages
//                  are posted on host A. Baseline: post→seen on B with Redis up (p50/p95). Then,
//                  BENCH_CLUSTER_RESTARTS times, Redis is killed, messages are posted on A, and
//                  Redis starts again: the catch-up time from Redis accepting connections until
//                  B's stream has every message posted meanwhile (target: under 2 s).
//   takeover       two `servicekit worker` processes follow runs a host takes; BENCH_CLUSTER_ROUNDS
//                  times, the worker holding most runs in flight is killed (kill -9): the time
//                  from the kill until each of its runs goes on in the other (target: p95 under
//                  15 s with the default 10 s lease), and how many runs list the takeover.
// BENCH_CLUSTER_ONLY=redis-restart or takeover runs one of them.
// BENCH_DATABASE_URL names the PostgreSQL server (a database servicekit_bench_cluster is made
// there); redis-server must be on the PATH.
import { spawn } from "node:child_process"
import { performance } from "node:perf_hooks"
import pg from "pg"
import { measureTakeover } from "./cluster/takeover.mjs"
import { reachable, sleep, start, stop, stopAll } from "./processes.mjs"

const RESTARTS = Number(process.env.BENCH_CLUSTER_RESTARTS ?? 5)
const ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 5)
const ONLY = process.env.BENCH_CLUSTER_ONLY
const POSTS_WHILE_DOWN = 3
const BASELINE_POSTS = 30
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const ms = (value) => `${value.toFixed(0)} ms`

const freshDatabase = async () => {
  const admin = new pg.Client({ connectionString: postgresUrl.replace(/\/[^/]+$/, "/postgres") })
  await admin.connect()
  await admin.query("drop database if exists servicekit_bench_cluster with (force)")
  await admin.query("create database servicekit_bench_cluster")
  await admin.end()
  return postgresUrl.replace(/\/[^/]+$/, "/servicekit_bench_cluster")
}

/** A Redis of the bench's own, without persistence, that it kills and starts again on one port. */
const privateRedis = () => {
  const port = 20_000 + Math.floor(Math.random() * 12_000)
  const url = `redis://127.0.0.1:${port}`
  let server
  return {
    url,
    start: async () => {
      server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
      while (!(await reachable(url, port))) await sleep(5)
    },
    stop: async () => {
      const exited = new Promise((resolve) => server.once("exit", resolve))
      server.kill("SIGKILL")
      await exited
    }
  }
}

/** The contents of the messages a visitor's event stream has received, each with when it arrived. */
const follow = async (url, token) => {
  const seen = new Map()
  const abort = new AbortController()
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal })
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ""
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      let end
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (!block.includes("event: message")) continue
        const data = block.split("\n").find((line) => line.startsWith("data: "))
        seen.set(JSON.parse(data.slice(6)).content, performance.now())
      }
    }
  })().catch(() => {})
  return { seen, close: () => abort.abort() }
}

const waitFor = async (check, timeoutMs = 30_000) => {
  const deadline = performance.now() + timeoutMs
  while (!check()) {
    if (performance.now() > deadline) throw new Error("timed out")
    await sleep(2)
  }
}

/** The catch-up of host B's chat stream after Redis restarts. */
const redisRestart = async (redis, databaseUrl) => {
  const env = { BENCH_CHAT_DATABASE_URL: databaseUrl, BENCH_CHAT_REDIS_URL: redis.url }
  const server = new URL("./chat/server.mjs", import.meta.url)
  const { child: hostA, first: a } = await start(server, env)
  const { child: hostB, first: b } = await start(server, env)
  const post = async (base, path, key, body) => {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body)
    })
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
    return response.json()
  }
  const session = await post(a.url, "/api/v1/chat/sessions", a.chat.key, { externalId: "bench-visitor" })
  const say = (content) =>
    post(a.url, `/api/v1/chat/conversations/${session.conversationId}/messages`, a.chat.key, { content })
  const stream = await follow(`${b.url}/api/public/chat/events`, session.visitorToken)
  await sleep(500)

  const crossHost = []
  for (let i = 0; i < BASELINE_POSTS; i++) {
    const content = `baseline ${i}`
    const posted = performance.now()
    await say(content)
    await waitFor(() => stream.seen.has(content))
    crossHost.push(stream.seen.get(content) - posted)
  }

  const catchUps = []
  for (let round = 0; round < RESTARTS; round++) {
    await redis.stop()
    const missed = Array.from({ length: POSTS_WHILE_DOWN }, (_, i) => `round ${round} message ${i}`)
    for (const content of missed) await say(content)
    await sleep(1_000)
    await redis.start()
    const back = performance.now()
    await waitFor(() => missed.every((content) => stream.seen.has(content)))
    catchUps.push(Math.max(...missed.map((content) => stream.seen.get(content))) - back)
    await sleep(1_000)
  }
  stream.close()
  // Their workers would take the takeover part's runs.
  await Promise.all([stop(hostA), stop(hostB)])

  const baseline = percentile(crossHost, 50)
  console.log("cluster: PostgreSQL + Redis, two host processes")
  console.log(
    `  baseline, Redis up: post on A → seen on B  p50 ${ms(baseline)}  p95 ${ms(percentile(crossHost, 95))}`
  )
  console.log(
    `  catch-up after a Redis restart (${RESTARTS} restarts, ${POSTS_WHILE_DOWN} messages posted while down): ` +
      `p50 ${ms(percentile(catchUps, 50))}  max ${ms(Math.max(...catchUps))}  ` +
      `(${(percentile(catchUps, 50) / baseline).toFixed(1)}x the baseline p50; target under 2000 ms)`
  )
}

const takeover = async (redis, databaseUrl) => {
  const { times, recorded, leaseSeconds, runsPerRound } = await measureTakeover({
    databaseUrl,
    redisUrl: redis.url,
    rounds: ROUNDS
  })
  console.log(`cluster: a worker process killed (kill -9) mid step, ${ROUNDS} rounds of ${runsPerRound} runs`)
  console.log(
    `  takeover, kill → the step's call again from another worker (${times.length} runs): ` +
      `p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  max ${ms(Math.max(...times))}  ` +
      `(lease ${leaseSeconds} s, the bound a lease and a quarter: ${ms(leaseSeconds * 1250)}; target p95 under 15000 ms); ` +
      `${recorded} of ${times.length} runs list the takeover`
  )
}

const redis = privateRedis()
try {
  await redis.start()
  const databaseUrl = await freshDatabase()
  if (ONLY !== "takeover") await redisRestart(redis, databaseUrl)
  if (ONLY !== "redis-restart") await takeover(redis, databaseUrl)
} finally {
  await stopAll()
  await redis.stop().catch(() => {})
}
