// ServiceKit with its in-process worker, in a process of its own, sending through SMTP_URL (from
// the tenant's own DKIM-signed domain with BENCH_MAIL_SIGNED=1).
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { MailDomainRepository, MailDomainService } from "@servicekit/core/internal"
import { createServiceKit, listen } from "@servicekit/host-node"
import { Effect } from "effect"

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bench-mail-"))
const kit = createServiceKit({
  dataDir,
  databaseUrl: process.env.BENCH_MAIL_DATABASE_URL || undefined,
  redisUrl: process.env.BENCH_MAIL_REDIS_URL || undefined,
  smtpUrl: process.env.BENCH_MAIL_SMTP_URL,
  mailFrom: "Bench <bench@servicekit.test>",
  workers: "in-process",
  logLevel: "warn",
  // The bench measures throughput, not the limits.
  keyRateLimitPerMinute: 1_000_000,
  ipRateLimits: []
})
await kit.startWorkers()
const server = await listen(kit, { port: 0, host: "127.0.0.1" })
const tenant = await kit.admin.createTenant({ name: "Bench", entitlements: ["transactional", "business_email"] })
const { key } = await kit.admin.createKey({
  tenantId: tenant.id,
  product: "transactional",
  environment: "live",
  scopes: ["transactional:send"]
})
// BENCH_MAIL_SIGNED=1: the tenant's own sending domain, taken as verified (no DNS here), so that
// every message is DKIM-signed with its key at delivery.
let from
if (process.env.BENCH_MAIL_SIGNED === "1") {
  await kit.runtime.runPromise(
    Effect.gen(function* () {
      const domain = yield* (yield* MailDomainService).add(tenant.id, "signed.bench.test")
      const at = new Date()
      yield* (yield* MailDomainRepository).saveCheck({ ...domain, status: "verified", checkedAt: at, verifiedAt: at })
    })
  )
  from = { name: "Bench", address: "bench@signed.bench.test" }
}
process.send({ url: server.url, key, from })
process.on("disconnect", async () => {
  await server.close()
  await kit.dispose()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
})
