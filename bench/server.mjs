// One benchmark server in its own process, so load generation does not share its event loop.
//   node bench/server.mjs servicekit <memory|pglite|postgres>
//   node bench/server.mjs handwritten <pglite|postgres>
//   node bench/server.mjs raw <file with the JSON body>
// Prints one JSON line {"url", ...} when ready; stops on SIGTERM.
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { createServer } from "node:http"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import pg from "pg"
import { Kysely, PostgresDialect } from "kysely"
import { layerNodeCrypto, listCallsQuery } from "@servicekit/adapters"
import { ServiceKit } from "@servicekit/core"
import { Layer } from "effect"
import { layerMemory } from "@servicekit/core/testing"
import { createServiceKit, listen } from "@servicekit/host-node"
import { seed } from "./seed.mjs"

const [mode, arg] = process.argv.slice(2)
const benchDir = new URL(".", import.meta.url).pathname
const pgliteDir = join(benchDir, ".data")
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"
// Limits high enough that the load is never throttled; the limiter still runs on every request.
const unthrottled = { keyRateLimitPerMinute: 100_000_000, ipRateLimits: [{ pathPrefix: "/v1/", limit: 100_000_000, windowMs: 60_000 }] }

const ready = (url, extra = {}) => console.log(JSON.stringify({ url, ...extra }))
const onStop = (stop) => process.once("SIGTERM", async () => { await stop(); process.exit(0) })

if (mode === "servicekit") {
  const kit =
    arg === "memory"
      ? // Memory storage and rate limits, with the crypto the hosts use.
        ServiceKit.make(
          Layer.merge(
            layerMemory({ settings: { keyRateLimit: { limit: 100_000_000, windowMs: 60_000 }, ipRateLimits: unthrottled.ipRateLimits } }),
            layerNodeCrypto
          )
        )
      : createServiceKit({
          ...unthrottled,
          dataDir: pgliteDir,
          databaseUrl: arg === "postgres" ? postgresUrl : undefined,
          redisUrl: process.env.BENCH_REDIS_URL,
          env: "development",
          // The engine is measured; BENCH_LOG_LEVEL=info adds the request lines (BENCH_LOG_FORMAT: text or json).
          logLevel: process.env.BENCH_LOG_LEVEL ?? "warn",
          logFormat: process.env.BENCH_LOG_FORMAT ?? "text"
        })
  const fixture = await seed(kit)
  const server = await listen(kit, { port: 0 })
  onStop(async () => { await server.close(); await kit.dispose() })
  ready(server.url, fixture)
} else if (mode === "handwritten") {
  const { tenantId, key } = JSON.parse(readFileSync(join(benchDir, "fixture.json"), "utf8"))
  const digest = createHash("sha256").update(key).digest("hex")
  let run, close
  if (arg === "pglite") {
    const db = await PGlite.create(join(pgliteDir, "pglite"))
    run = (sql, params) => db.query(sql, params).then((r) => r.rows)
    close = () => db.close()
  } else {
    const pool = new pg.Pool({ connectionString: postgresUrl, max: 10 })
    run = (sql, params) => pool.query(sql, params).then((r) => r.rows)
    close = () => pool.end()
  }
  // The same list query ServiceKit runs, compiled once by kysely, executed through the raw driver.
  const compiler = new Kysely({ dialect: new PostgresDialect({ pool: {} }) }).withSchema("servicekit")
  const { sql, parameters } = listCallsQuery(compiler, tenantId, { limit: 21 }).compile()
  const iso = (d) => (d === null ? null : new Date(d).toISOString())
  const server = createServer(async (req, res) => {
    const presented = (req.headers.authorization ?? "").slice("Bearer ".length)
    if (createHash("sha256").update(presented).digest("hex") !== digest) {
      res.writeHead(401).end()
      return
    }
    const rows = await run(sql, parameters)
    const data = rows.slice(0, 20).map((r) => ({
      id: r.id, fromId: r.from_id, toId: r.to_id, direction: r.direction, durationSecs: r.duration_secs, result: r.result,
      startedAt: iso(r.started_at), endedAt: iso(r.ended_at), callSid: r.call_sid, mosScore: r.mos_score
    }))
    const body = JSON.stringify({ data, meta: { limit: 20, nextCursor: rows.length > 20 ? data[19].id : null } })
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body)
  })
  server.listen(0, "127.0.0.1", () => ready(`http://127.0.0.1:${server.address().port}`))
  onStop(async () => { server.close(); await close() })
} else if (mode === "raw") {
  const body = readFileSync(arg)
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length }).end(body)
  })
  server.listen(0, "127.0.0.1", () => ready(`http://127.0.0.1:${server.address().port}`))
  onStop(() => server.close())
} else {
  console.error("usage: server.mjs servicekit|handwritten|raw <arg>")
  process.exit(2)
}
