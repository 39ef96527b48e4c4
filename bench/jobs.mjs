// node bench/jobs.mjs: the job queue through ServiceKit's port next to the bare engine, in one run.
//   throughput  5,000 jobs enqueued first, then drained by one worker taking up to 50 at a time;
//               the port and the bare engine take turns, three drains each, and the medians count
//   enqueue     2,000 single enqueues, one after the other
//   latency     p50/p95 from enqueue to handler start, one job at a time, the worker idle
// Backends: pg-boss on PGlite (in-process), pg-boss on Postgres, BullMQ on Redis (skipped when
// unreachable), against each engine alone; and BullMQ on Redis against BullMQ behind a plain
// backlog on PGlite ("redis-backlog"): the port's own path without the turns, the fairer baseline
// for what the turns cost. BENCH_JOBS_BACKENDS=pglite,postgres,redis,redis-backlog picks some.
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { PGlite } from "@electric-sql/pglite"
import { FanOut, JobQueue, defineQueue } from "@servicekit/core/internal"
import { layerBullMqJobQueue, layerPgBossJobQueue, layerPglite, layerPostgres } from "@servicekit/adapters"
import { Queue as BullQueue, Worker as BullWorker } from "bullmq"
import { Effect, Exit, Layer, ManagedRuntime, Scope } from "effect"
import { Redis } from "ioredis"
import pg from "pg"
import PgBoss from "pg-boss"
import { freshDatabase, reachable } from "./processes.mjs"

const DRAIN = 5_000
const ROUNDS = 3
const N = 2_000
const SAMPLES = 200
const CONCURRENCY = 50
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379"
const chosen = (process.env.BENCH_JOBS_BACKENDS ?? "pglite,postgres,redis,redis-backlog").split(",")

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const round = (n, digits = 0) => Number(n.toFixed(digits))
const unique = (name) => `${name}.${Math.random().toString(36).slice(2, 8)}`

const resetDatabase = (name) => freshDatabase(postgresUrl, name)

/** Jobs per second draining DRAIN jobs enqueued beforehand; an engine is { enqueue(queue, i), work(queue, concurrency, onStart) }. */
const drainRate = async ({ enqueue, work }) => {
  let finish
  const drained = new Promise((resolve) => (finish = resolve))
  let done = 0
  const queue = unique("bench.throughput")
  for (let i = 0; i < DRAIN; i++) await enqueue(queue, i)
  const started = performance.now()
  const stop = await work(queue, CONCURRENCY, () => {
    if (++done === DRAIN) finish()
  })
  await drained
  const rate = DRAIN / ((performance.now() - started) / 1000)
  await stop()
  return rate
}

/** Single enqueues per second, one after the other, nobody working. */
const enqueueRate = async ({ enqueue }) => {
  const queue = unique("bench.enqueue")
  await enqueue(queue, -1)
  const started = performance.now()
  for (let i = 0; i < N; i++) await enqueue(queue, i)
  return N / ((performance.now() - started) / 1000)
}

/** Enqueue→start latencies, one job at a time to an idle worker. */
const latencies = async ({ enqueue, work }) => {
  const queue = unique("bench.latency")
  const waiting = new Map()
  const stop = await work(queue, 1, (i) => waiting.get(i)?.())
  await enqueue(queue, -1)
  await new Promise((resolve) => setTimeout(resolve, 1_500))
  const samples = []
  for (let i = 0; i < SAMPLES; i++) {
    const seen = new Promise((resolve) => waiting.set(i, resolve))
    const t0 = performance.now()
    await enqueue(queue, i)
    await seen
    samples.push(performance.now() - t0)
  }
  await stop()
  return samples
}

/**
 * Both engines measured in one run. Drains alternate between them, so that the machine's drift
 * weighs on both alike, and the median of each side counts.
 */
const compare = async (port, bare) => {
  const drains = { port: [], bare: [] }
  for (let round = 0; round < ROUNDS; round++) {
    drains.port.push(await drainRate(port))
    drains.bare.push(await drainRate(bare))
  }
  const summary = async (engine, rates) => {
    const samples = await latencies(engine)
    return {
      rate: round(percentile(rates, 50)),
      rates: rates.map((rate) => round(rate)),
      enqueueRate: round(await enqueueRate(engine)),
      p50: round(percentile(samples, 50), 2),
      p95: round(percentile(samples, 95), 2)
    }
  }
  return { port: await summary(port, drains.port), bare: await summary(bare, drains.bare) }
}

/** ServiceKit's JobQueue port over `layer`, as an engine. */
const throughPort = async (layer) => {
  const runtime = ManagedRuntime.make(layer)
  const jobs = await runtime.runPromise(JobQueue)
  const queues = new Map()
  const definition = (name) =>
    queues.get(name) ?? queues.set(name, defineQueue(name, { maxAttempts: 1, lease: "1 minute" })).get(name)
  return {
    enqueue: (name, i) => runtime.runPromise(jobs.enqueue(definition(name), { i })),
    work: async (name, concurrency, onStart) => {
      const scope = await runtime.runPromise(Scope.make())
      await runtime.runPromise(
        Scope.extend(
          jobs.work(definition(name), { concurrency }, (job) => Effect.sync(() => onStart(job.payload.i))),
          scope
        )
      )
      return () => runtime.runPromise(Scope.close(scope, Exit.void))
    },
    close: () => runtime.dispose()
  }
}

/**
 * pg-boss alone over a `db` executor, with the queue policy and job options the port gives it (a
 * "short" queue, one waiting job per key, a key per job), used as well as it can be: queues created
 * once, a worker woken after each send (notifyWorker), and a drain that fetches the next batch as
 * soon as one is done (pg-boss's own work() waits out its polling interval between batches).
 */
const bossAlone = async (db, close) => {
  const boss = new PgBoss({ db, schema: "bench_boss", schedule: false, supervise: false })
  boss.on("error", () => {})
  await boss.start()
  const created = new Set()
  const ensure = async (name) => {
    if (created.has(name)) return
    await boss.createQueue(name, { policy: "short" })
    created.add(name)
  }
  const workers = new Map()
  return {
    enqueue: async (name, i) => {
      await ensure(name)
      await boss.send(name, { i }, { retryLimit: 0, singletonKey: randomUUID() })
      if (workers.has(name)) boss.notifyWorker(workers.get(name))
    },
    work: async (name, concurrency, onStart) => {
      await ensure(name)
      if (concurrency === 1) {
        const id = await boss.work(name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) =>
          onStart(job.data.i)
        )
        workers.set(name, id)
        return () => boss.offWork(name)
      }
      let running = true
      const loop = (async () => {
        while (running) {
          const jobs = await boss.fetch(name, { batchSize: concurrency })
          if (jobs.length === 0) await new Promise((resolve) => setTimeout(resolve, 50))
          for (const job of jobs) onStart(job.data.i)
          if (jobs.length > 0)
            await boss.complete(
              name,
              jobs.map((job) => job.id)
            )
        }
      })()
      return async () => {
        running = false
        await loop
      }
    },
    close: async () => {
      await boss.stop({ graceful: false, close: false, wait: true })
      await close()
    }
  }
}

/** The job options the port gives BullMQ. */
const bullOptions = {
  attempts: 1,
  backoff: { type: "exponential", delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: { count: 1_000 }
}

/** BullMQ alone, with the job options the port gives it. */
const bullAlone = async (prefix) => {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
  const queues = new Map()
  const queueOf = (name) => queues.get(name) ?? queues.set(name, new BullQueue(name, { connection, prefix })).get(name)
  return {
    enqueue: (name, i) => queueOf(name).add("job", { i }, bullOptions),
    addBulk: (name, payloads) =>
      queueOf(name).addBulk(payloads.map((data) => ({ name: "job", data, opts: bullOptions }))),
    work: async (name, concurrency, onStart) => {
      const worker = new BullWorker(name, async (job) => onStart(job.data.i), {
        connection: new Redis(redisUrl, { maxRetriesPerRequest: null }),
        prefix,
        concurrency,
        lockDuration: 60_000,
        stalledInterval: 30_000,
        maxStalledCount: 1
      })
      await worker.waitUntilReady()
      return () => worker.close()
    },
    close: async () => {
      await Promise.all([...queues.values()].map((queue) => queue.close()))
      connection.disconnect()
    }
  }
}

/**
 * BullMQ behind a hand-written backlog on PGlite, as the port keeps its jobs: each enqueue inserts
 * a row (it would commit with the caller's data), and a working worker's relay moves the rows to
 * BullMQ oldest first, 500 a transaction, deleting them as it adds them; woken by each enqueue. It
 * is the port's path without the turns: no tenants, no weights, no slot shares.
 */
const bullBehindBacklog = async (pglite, prefix) => {
  const bull = await bullAlone(prefix)
  await pglite.exec(
    "CREATE TABLE IF NOT EXISTS backlog (id bigserial PRIMARY KEY, queue text NOT NULL, payload jsonb NOT NULL)"
  )
  const wakers = new Map()
  const relayOnce = (name) =>
    pglite.transaction(async (tx) => {
      const { rows } = await tx.query(
        `DELETE FROM backlog WHERE id IN (SELECT id FROM backlog WHERE queue = $1 ORDER BY id LIMIT 500 FOR UPDATE SKIP LOCKED)
         RETURNING id, payload`,
        [name]
      )
      if (rows.length > 0) await bull.addBulk(name, rows.sort((a, b) => Number(a.id) - Number(b.id)).map((row) => row.payload))
      return rows.length
    })
  return {
    enqueue: async (name, i) => {
      await pglite.query("INSERT INTO backlog (queue, payload) VALUES ($1, $2)", [name, { i }])
      wakers.get(name)?.()
    },
    work: async (name, concurrency, onStart) => {
      const stopWorker = await bull.work(name, concurrency, onStart)
      let running = true
      const relay = (async () => {
        while (running) {
          if ((await relayOnce(name)) > 0) continue
          await new Promise((resolve) => {
            const timer = setTimeout(resolve, 500)
            wakers.set(name, () => (clearTimeout(timer), resolve()))
          })
        }
      })()
      return async () => {
        running = false
        wakers.get(name)?.()
        await relay
        await stopWorker()
      }
    },
    close: async () => {
      await bull.close()
      await pglite.close()
    }
  }
}

const pgliteExecutor = (pglite) => ({
  executeSql: (text, values = []) =>
    values.length > 0
      ? pglite.query(text, values)
      : pglite.exec(text).then((results) => ({ rows: results.at(-1)?.rows ?? [] }))
})

/** Measures the port and the bare engine side by side, then closes both. */
const sideBySide = async (port, bare, engine) => {
  try {
    return { ...(await compare(port, bare)), engine }
  } finally {
    await port.close()
    await bare.close()
  }
}

const backends = {
  pglite: async () => {
    const dirs = [mkdtempSync(join(tmpdir(), "bench-jobs-")), mkdtempSync(join(tmpdir(), "bench-jobs-"))]
    try {
      const port = await throughPort(
        layerPgBossJobQueue().pipe(
          Layer.provideMerge(Layer.merge(layerPglite({ dataDir: dirs[0] }), FanOut.layerMemory))
        )
      )
      const pglite = await PGlite.create(dirs[1])
      return await sideBySide(port, await bossAlone(pgliteExecutor(pglite), () => pglite.close()), "pg-boss alone")
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    }
  },
  postgres: async () => {
    if (!(await reachable(postgresUrl, 5432))) return undefined
    const url = await resetDatabase("servicekit_bench_jobs")
    const port = await throughPort(
      layerPgBossJobQueue().pipe(Layer.provideMerge(Layer.merge(layerPostgres({ url }), FanOut.layerMemory)))
    )
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    const bare = await bossAlone({ executeSql: (text, values) => pool.query(text, values) }, () => pool.end())
    return sideBySide(port, bare, "pg-boss alone")
  },
  redis: async () => {
    if (!(await reachable(redisUrl, 6379))) return undefined
    const dir = mkdtempSync(join(tmpdir(), "bench-jobs-"))
    try {
      const port = await throughPort(
        layerBullMqJobQueue({ url: redisUrl, prefix: unique("bench") }).pipe(
          Layer.provideMerge(Layer.merge(layerPglite({ dataDir: dir }), FanOut.layerMemory))
        )
      )
      return await sideBySide(port, await bullAlone(unique("bench")), "BullMQ alone")
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
  "redis-backlog": async () => {
    if (!(await reachable(redisUrl, 6379))) return undefined
    const dirs = [mkdtempSync(join(tmpdir(), "bench-jobs-")), mkdtempSync(join(tmpdir(), "bench-jobs-"))]
    try {
      const port = await throughPort(
        layerBullMqJobQueue({ url: redisUrl, prefix: unique("bench") }).pipe(
          Layer.provideMerge(Layer.merge(layerPglite({ dataDir: dirs[0] }), FanOut.layerMemory))
        )
      )
      const bare = await bullBehindBacklog(await PGlite.create(dirs[1]), unique("bench"))
      return await sideBySide(port, bare, "BullMQ+backlog")
    } finally {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    }
  }
}

console.log(
  `\nJob queue: ${DRAIN} jobs drained with up to ${CONCURRENCY} at a time (median of ${ROUNDS} drains, taking turns); ${N} single enqueues; enqueue→start over ${SAMPLES} jobs\n`
)
console.log("backend       through        jobs/s  enqueues/s  p50 ms  p95 ms   jobs/s ratio  drains")
for (const name of chosen) {
  const result = await backends[name]()
  if (result === undefined) {
    console.log(`${name.padEnd(13)} (unreachable, skipped)`)
    continue
  }
  for (const [label, r] of [
    ["ServiceKit", result.port],
    [result.engine, result.bare]
  ]) {
    const ratio = label === "ServiceKit" ? (result.port.rate / result.bare.rate).toFixed(2) : ""
    console.log(
      `${(label === "ServiceKit" ? name : "").padEnd(13)} ${label.padEnd(14)} ${String(r.rate).padStart(6)}  ${String(r.enqueueRate).padStart(10)}  ${String(r.p50).padStart(6)}  ${String(r.p95).padStart(6)}   ${ratio.padEnd(12)}  ${r.rates.join(" ")}`
    )
  }
}
process.exit(0)
