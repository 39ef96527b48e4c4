// ServiceKit in a process of its own for bench/fairness.mjs: the API, and its workers in-process
// or (BENCH_FAIRNESS_WORKER_PROCESS=1) in a worker process of their own, as `servicekit worker`
// runs them, sending mail to BENCH_FAIRNESS_SMTP_URL. Outbound calls may reach loopback (the
// bench's partners). It answers its URL and, for each of two tenants (the flooding one and the
// quiet one), keys for automations, transactional email and Live Chat (with webhooks:manage).
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createServiceKit, listen } from "@servicekit/host-node"
import { start, stop } from "../processes.mjs"

// One key for both processes: what the API seals (webhook secrets), the worker opens.
process.env.BENCH_FAIRNESS_SECRET_KEY ??= randomBytes(32).toString("hex")

const options = (dataDir) => ({
  dataDir,
  secretKey: process.env.BENCH_FAIRNESS_SECRET_KEY,
  databaseUrl: process.env.BENCH_FAIRNESS_DATABASE_URL || undefined,
  redisUrl: process.env.BENCH_FAIRNESS_REDIS_URL || undefined,
  outboundAllowPrivate: true,
  smtpUrl: process.env.BENCH_FAIRNESS_SMTP_URL,
  logLevel: "error",
  // Limits high enough that the flood is never throttled; the limiter still runs on every request.
  keyRateLimitPerMinute: 100_000_000,
  ipRateLimits: [{ pathPrefix: "/v1/", limit: 100_000_000, windowMs: 60_000 }]
})

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bench-fairness-"))
if (process.env.BENCH_FAIRNESS_ROLE === "worker") {
  const kit = createServiceKit(options(dataDir))
  await kit.startWorkers()
  process.on("disconnect", async () => {
    await kit.dispose()
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
  process.send({ ready: true })
} else {
  const separate = process.env.BENCH_FAIRNESS_WORKER_PROCESS === "1"
  const kit = createServiceKit(options(dataDir))
  const server = await listen(kit, { port: 0, host: "127.0.0.1" })
  const tenants = {}
  for (const name of ["flooding", "quiet"]) {
    const tenant = await kit.admin.createTenant({
      name,
      entitlements: ["automations", "transactional", "business_email", "chat"]
    })
    const keyOf = async (access) =>
      (await kit.admin.createKey({ tenantId: tenant.id, environment: "live", ...access })).key
    tenants[name] = {
      id: tenant.id,
      key: await keyOf({ product: "automations", scopes: ["automations:manage"] }),
      mailKey: await keyOf({ product: "transactional", scopes: ["transactional:send"] }),
      chatKey: await keyOf({ product: "chat", scopes: ["chat:read", "chat:write", "webhooks:manage"] })
    }
  }
  const worker = separate
    ? (await start(new URL(import.meta.url), { ...process.env, BENCH_FAIRNESS_ROLE: "worker" })).child
    : (await kit.startWorkers(), undefined)
  process.send({ url: server.url, tenants })
  process.on("disconnect", async () => {
    if (worker !== undefined) await stop(worker)
    await server.close({ deadlineMs: 1_000 })
    await kit.dispose()
    rmSync(dataDir, { recursive: true, force: true })
    process.exit(0)
  })
}
