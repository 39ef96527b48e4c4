// Memory of a streamed export: a server holding 200,000 calls exports them as CSV and as JSON to
// a client that counts the bytes and keeps none (run with node --expose-gc). Compared in the same run: the body's size, which
// is what a server that built the export in memory would hold at least once.
import { CallingService, ServiceKit, TenantService } from "@servicekit/core"
import { layerMemory, testDashboardToken } from "@servicekit/core/testing"
import { listen } from "@servicekit/host-node"
import { Effect } from "effect"

const CALLS = 200_000
const kit = ServiceKit.make(layerMemory())
const tenantId = await kit.runtime.runPromise(
  Effect.gen(function* () {
    const tenant = yield* (yield* TenantService).create({ name: "Export", entitlements: ["voice"] })
    const calling = yield* CallingService
    const start = Date.UTC(2026, 0, 1)
    for (let i = 0; i < CALLS; i += 5_000) {
      const records = Array.from({ length: 5_000 }, (_, j) => ({
        fromId: `+1555${String(i + j).padStart(7, "0")}`,
        toId: "+15550000000",
        direction: (i + j) % 3 === 0 ? "outbound" : "inbound",
        durationSecs: (i + j) % 600,
        result: (i + j) % 5 === 0 ? "missed" : "completed",
        startedAt: new Date(start + (i + j) * 60_000).toISOString(),
        callSid: `CA${i + j}`,
        mosScore: 4.1
      }))
      yield* calling.ingest(tenant.id, records)
    }
    return tenant.id
  })
)
const server = await listen(kit, { port: 0, host: "127.0.0.1" })
const token = testDashboardToken({ tenantId, role: "admin", sub: "bench" })
const mb = (bytes) => (bytes / 1_048_576).toFixed(1)

console.log(`\nExport of ${CALLS.toLocaleString("en")} calls, streamed to a client that keeps nothing\n`)
console.log("format  body MB  peak live memory growth MB  growth/body  seconds")
// Live memory: after a full collection, the JS heap and the buffers outside it (sockets' included).
const live = () => {
  globalThis.gc()
  const { arrayBuffers, heapUsed } = process.memoryUsage()
  return heapUsed + arrayBuffers
}
for (const format of ["csv", "json"]) {
  const before = live()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, live())), 250)
  const started = performance.now()
  const response = await fetch(`${server.url}/api/calls/export?format=${format}`, {
    headers: { authorization: `Bearer ${token}` }
  })
  let bytes = 0
  for await (const chunk of response.body) bytes += chunk.byteLength
  clearInterval(sampler)
  const seconds = (performance.now() - started) / 1000
  const growth = peak - before
  console.log(
    `${format.padEnd(6)}  ${mb(bytes).padStart(7)}  ${mb(growth).padStart(26)}  ${(growth / bytes).toFixed(2).padStart(11)}  ${seconds.toFixed(1).padStart(7)}`
  )
}
await server.close()
await kit.dispose()
