// The baseline of bench/automations.mjs, in a process of its own: the bare queue engine of one
// storage, as bench/jobs.mjs uses it alone: pg-boss over PGlite or Postgres (the run queue's
// policy and options, a key per job, the worker woken after each send and fetching its next batch
// as soon as one is done), or BullMQ over Redis. BENCH_AUTOMATIONS_BARE=pglite|postgres|redis
// picks it, with BENCH_AUTOMATIONS_BARE_URL (the Postgres database or the Redis URL).
// { run: { count, producers, concurrency } } enqueues `count` jobs, `producers` enqueues in flight
// at a time, while one worker runs up to `concurrency` at a time (as the runs worker does), each
// doing nothing; it answers { done, seconds, latencies }: from the first enqueue to the last job
// started, and each job's ms from its enqueue to its handler.
import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { PGlite } from "@electric-sql/pglite"
import { Queue as BullQueue, Worker as BullWorker } from "bullmq"
import { Redis } from "ioredis"
import pg from "pg"
import PgBoss from "pg-boss"

// The run queue's definition (packages/core/src/automations/runs/RunQueue.ts: runQueue).
const QUEUE = "bench.automations.run"
const MAX_ATTEMPTS = 10
const BACKOFF_SECONDS = 2
const LEASE_SECONDS = 120

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** pg-boss alone over a `db` executor. */
const bossAlone = async (db, close) => {
  const boss = new PgBoss({ db, schema: "bench_boss", schedule: false, supervise: false })
  boss.on("error", () => {})
  await boss.start()
  await boss.createQueue(QUEUE, {
    policy: "short",
    retryLimit: MAX_ATTEMPTS - 1,
    retryDelay: BACKOFF_SECONDS,
    retryBackoff: true,
    expireInSeconds: LEASE_SECONDS
  })
  let wake = () => {}
  return {
    engine: "pg-boss",
    enqueue: async (data) => {
      await boss.send(QUEUE, data, { singletonKey: randomUUID() })
      wake()
    },
    work: (concurrency, handle) => {
      let running = true
      const loop = (async () => {
        while (running) {
          const jobs = await boss.fetch(QUEUE, { batchSize: concurrency })
          if (jobs.length === 0) {
            await new Promise((resolve) => {
              wake = resolve
              setTimeout(resolve, 50)
            })
            continue
          }
          await Promise.all(jobs.map((job) => handle(job.data)))
          await boss.complete(
            QUEUE,
            jobs.map((job) => job.id)
          )
        }
      })()
      return async () => {
        running = false
        wake()
        await loop
      }
    },
    close: async () => {
      await boss.stop({ graceful: false, close: false, wait: true })
      await close()
    }
  }
}

/** BullMQ alone, with the job options ServiceKit's port gives the run queue. */
const bullAlone = async (url) => {
  const prefix = `bench-${randomUUID().slice(0, 8)}`
  const connection = new Redis(url, { maxRetriesPerRequest: null })
  const queue = new BullQueue(QUEUE, { connection, prefix })
  const options = {
    attempts: MAX_ATTEMPTS,
    backoff: { type: "exponential", delay: BACKOFF_SECONDS * 1_000 },
    removeOnComplete: true,
    removeOnFail: { count: 1_000 }
  }
  return {
    engine: "BullMQ",
    enqueue: (data) => queue.add("job", data, options),
    work: async (concurrency, handle) => {
      const worker = new BullWorker(QUEUE, async (job) => handle(job.data), {
        connection: new Redis(url, { maxRetriesPerRequest: null }),
        prefix,
        concurrency,
        lockDuration: LEASE_SECONDS * 1_000,
        stalledInterval: 30_000,
        maxStalledCount: MAX_ATTEMPTS
      })
      await worker.waitUntilReady()
      return () => worker.close()
    },
    close: async () => {
      await queue.obliterate({ force: true })
      await queue.close()
      connection.disconnect()
    }
  }
}

const pgliteExecutor = (pglite) => ({
  executeSql: (text, values = []) =>
    values.length > 0
      ? pglite.query(text, values)
      : pglite.exec(text).then((results) => ({ rows: results.at(-1)?.rows ?? [] }))
})

const open = async (storage, url) => {
  if (storage === "redis") return bullAlone(url)
  if (storage === "postgres") {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    return bossAlone({ executeSql: (text, values) => pool.query(text, values) }, () => pool.end())
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-automations-bare-"))
  const pglite = await PGlite.create(dir)
  return bossAlone(pgliteExecutor(pglite), async () => {
    await pglite.close()
    rmSync(dir, { recursive: true, force: true })
  })
}

/** `count` jobs enqueued `producers` at a time while the worker runs them; see the header. */
const run = async (engine, { count, producers, concurrency }) => {
  const enqueuedAt = new Float64Array(count)
  const latencies = new Array(count)
  let started = 0
  let lastAt = 0
  let finish
  const finished = new Promise((resolve) => (finish = resolve))
  const stop = await engine.work(concurrency, async ({ i }) => {
    if (latencies[i] !== undefined) return
    lastAt = performance.now()
    latencies[i] = lastAt - enqueuedAt[i]
    if (++started === count) finish()
  })
  const began = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: producers }, async () => {
      while (next < count) {
        const i = next++
        enqueuedAt[i] = performance.now()
        await engine.enqueue({ i })
      }
    })
  )
  const timedOut = await Promise.race([finished.then(() => false), sleep(120_000).then(() => true)])
  await stop()
  return {
    seconds: ((timedOut ? performance.now() : lastAt) - began) / 1000,
    started,
    latencies: latencies.filter((l) => l !== undefined)
  }
}

const engine = await open(process.env.BENCH_AUTOMATIONS_BARE, process.env.BENCH_AUTOMATIONS_BARE_URL)
process.send({ engine: engine.engine })
process.on("message", async (message) => {
  if (message.run) process.send({ done: true, ...(await run(engine, message.run)) })
})
process.on("disconnect", async () => {
  await engine.close()
  process.exit(0)
})
