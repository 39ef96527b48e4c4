import { createServiceKit } from "@servicekit/host-node"
import { mkdtempSync } from "node:fs"
import { Effect } from "effect"
const dir = process.argv[2] ?? mkdtempSync("/tmp/pgl-")
const t0 = performance.now()
const kit = createServiceKit({ databaseUrl: "", redisUrl: "", dataDir: dir, workers: "off" })
await kit.runtime.runPromise(Effect.void)
const t1 = performance.now()
await kit.dispose()
console.log(dir, "ready ms", Math.round(t1 - t0), "cpu", JSON.stringify(process.cpuUsage()))
