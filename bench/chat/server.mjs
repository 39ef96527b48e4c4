// ServiceKit in a process of its own for bench/chat.mjs. Its workers start only when the parent
// asks ({ startWorkers }), so that events can wait in the outbox first. It answers its URL, a
// chat key for the webhooks tenant and one for the chat tenant (every chat scope), and, with
// BENCH_CHAT_CALLS=1, the calls fixture of bench/seed.mjs (10,000 calls and a voice key).
// { profile: "start" } and { profile: "stop", file } take a CPU profile of one phase; { cpu } answers the
// process's CPU time so far ({ cpuMicros }).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { Session } from "node:inspector/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createServiceKit, listen } from "@servicekit/host-node"
import { seed } from "../seed.mjs"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bench-chat-"))
const kit = createServiceKit({
  dataDir,
  databaseUrl: process.env.BENCH_CHAT_DATABASE_URL || undefined,
  redisUrl: process.env.BENCH_CHAT_REDIS_URL || undefined,
  // The receiver listens on 127.0.0.1 over http.
  outboundAllowPrivate: true,
  logLevel: "warn",
  // Limits high enough that the load is never throttled; the limiter still runs on every request.
  keyRateLimitPerMinute: 100_000_000,
  // Every bench visitor comes from 127.0.0.1: the per-address visitor limit would stop the load.
  visitorRateLimitPerMinute: 100_000_000,
  visitorIpRateLimitPerMinute: 100_000_000,
  ipRateLimits: [{ pathPrefix: "/v1/", limit: 100_000_000, windowMs: 60_000 }]
})
const server = await listen(kit, { port: 0, host: "127.0.0.1" })

const chatKey = async (name) => {
  const tenant = await kit.admin.createTenant({ name, entitlements: ["chat"] })
  const { key } = await kit.admin.createKey({
    tenantId: tenant.id,
    product: "chat",
    environment: "live",
    scopes: ["chat:read", "chat:write", "visitors:read", "webhooks:manage"]
  })
  return { tenantId: tenant.id, key }
}
const hooks = await chatKey("Bench webhooks")
const chat = await chatKey("Bench chat")
const calls = process.env.BENCH_CHAT_CALLS === "1" ? await seed(kit) : undefined
process.send({ url: server.url, hooks, chat, calls })

let inspector
process.on("message", async (message) => {
  if (message.cpu) {
    const { user, system } = process.cpuUsage()
    process.send({ cpuMicros: user + system })
  } else if (message.startWorkers) {
    await kit.startWorkers()
    process.send({ workersStarted: true })
  } else if (message.profile === "start") {
    inspector = new Session()
    inspector.connect()
    await inspector.post("Profiler.enable")
    await inspector.post("Profiler.start")
    process.send({ profiling: true })
  } else if (message.profile === "stop") {
    const { profile } = await inspector.post("Profiler.stop")
    inspector.disconnect()
    writeFileSync(message.file, JSON.stringify(profile))
    process.send({ profiled: message.file })
  }
})
process.on("disconnect", async () => {
  // Streams still open by then are cut at once rather than awaited.
  await server.close({ deadlineMs: 1_000 })
  await kit.dispose()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
})
