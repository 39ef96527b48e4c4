// node bench/turns.mjs: what choosing the next jobs costs as the backlog grows. One queue holds
// SMALL jobs from 10 tenants, then LARGE (100,000) from 1,000 tenants; a worker taking up to 50 at a
// time (tenants in turn) drains the first DRAIN of them, and the drain rate of each is printed with
// their ratio, which stays near 1 when a round's cost does not grow with the backlog.
// Backends: pg-boss on PGlite and on Postgres (skipped when unreachable), BullMQ on Redis with
// its backlog on Postgres; BENCH_TURNS_BACKENDS=pglite,postgres,redis picks some.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { FanOut, JobQueue, defineQueue } from "@servicekit/core/internal"
import { layerBullMqJobQueue, layerPgBossJobQueue, layerPglite, layerPostgres } from "@servicekit/adapters"
import { Effect, Exit, Layer, ManagedRuntime, Scope } from "effect"
import { freshDatabase, reachable } from "./processes.mjs"

const SMALL = { jobs: 2_000, tenants: 10 }
const LARGE = { jobs: Number(process.env.BENCH_TURNS_JOBS ?? 100_000), tenants: 1_000 }
const DRAIN = 2_000
const CONCURRENCY = 50
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/3"
const chosen = (process.env.BENCH_TURNS_BACKENDS ?? "pglite,postgres,redis").split(",")

const resetDatabase = (name) => freshDatabase(postgresUrl, name)

/** Jobs/s draining the first DRAIN of `size.jobs` queued jobs spread over `size.tenants` tenants. */
const drainRate = async (runtime, size) => {
  const jobs = await runtime.runPromise(JobQueue)
  const queue = defineQueue(`bench.turns.${Math.random().toString(36).slice(2, 8)}`)
  for (let from = 0; from < size.jobs; from += 1_000) {
    const batch = Array.from({ length: Math.min(1_000, size.jobs - from) }, (_, i) => {
      const n = from + i
      return { payload: { n }, options: { tenant: `tenant-${String(n % size.tenants).padStart(4, "0")}` } }
    })
    await runtime.runPromise(jobs.enqueueMany(queue, batch))
  }
  let done = 0
  let finish
  const drained = new Promise((resolve) => (finish = resolve))
  const scope = Effect.runSync(Scope.make())
  const began = performance.now()
  await runtime.runPromise(
    Scope.extend(
      jobs.work(queue, { concurrency: CONCURRENCY }, () => Effect.sync(() => ++done === DRAIN && finish())),
      scope
    )
  )
  await drained
  const rate = DRAIN / ((performance.now() - began) / 1000)
  await runtime.runPromise(Scope.close(scope, Exit.void))
  return rate
}

const backends = {
  pglite: () => {
    const dir = mkdtempSync(join(tmpdir(), "bench-turns-"))
    return {
      layer: layerPgBossJobQueue().pipe(Layer.provideMerge(Layer.merge(layerPglite({ dataDir: dir }), FanOut.layerMemory))),
      done: () => rmSync(dir, { recursive: true, force: true })
    }
  },
  postgres: async () =>
    (await reachable(postgresUrl, 5432))
      ? {
          layer: layerPgBossJobQueue().pipe(
            Layer.provideMerge(Layer.merge(layerPostgres({ url: await resetDatabase("servicekit_bench_turns") }), FanOut.layerMemory))
          ),
          done: () => {}
        }
      : undefined,
  redis: async () =>
    (await reachable(postgresUrl, 5432)) && (await reachable(redisUrl, 6379))
      ? {
          layer: layerBullMqJobQueue({ url: redisUrl, prefix: `bench-turns-${Date.now()}` }).pipe(
            Layer.provideMerge(Layer.merge(layerPostgres({ url: await resetDatabase("servicekit_bench_turns") }), FanOut.layerMemory))
          ),
          done: () => {}
        }
      : undefined
}

console.log(
  `\nChoosing the next jobs: the first ${DRAIN} of a backlog drained, up to ${CONCURRENCY} at a time, tenants in turn\n`
)
console.log(`backend    ${SMALL.jobs} jobs of ${SMALL.tenants} tenants   ${LARGE.jobs} jobs of ${LARGE.tenants} tenants   ratio`)
for (const name of chosen) {
  const backend = await backends[name]()
  if (backend === undefined) {
    console.log(`${name.padEnd(10)} skipped (unreachable)`)
    continue
  }
  const runtime = ManagedRuntime.make(backend.layer)
  try {
    const small = await drainRate(runtime, SMALL)
    const large = await drainRate(runtime, LARGE)
    console.log(
      `${name.padEnd(10)} ${`${Math.round(small)} jobs/s`.padEnd(26)} ${`${Math.round(large)} jobs/s`.padEnd(30)} ${(large / small).toFixed(2)}`
    )
  } finally {
    await runtime.dispose()
    backend.done()
  }
}
process.exit(0)
