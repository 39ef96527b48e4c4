// node bench/nodes.mjs: companion node commands through the queue to a connected device and back,
// the device taking them over the WebSocket against taking them by long poll, in one process and
// one run on the embedded default (PGlite; BENCH_NODES_DATABASE_URL for Postgres).
//   Each command is queued as a node skill queues it (NodeCommandService.dispatch: the stored
//   command, the fan-out signal), BENCH_NODES_OUTSTANDING at a time; the device answers each at
//   once with POST /result, as the companion does, and the next is queued when a result is stored.
//   websocket  one socket (/nodes/{id}/ws); commands arrive as pushed
//   long poll  one poller (GET /nodes/{id}/commands?wait=25) asking again as soon as it is answered
// Figures: commands/s from the first queued to the last result stored; push latency (queued →
// received by the device) p50/p95; CPU ms per command of this process (server and device alike).
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { NodeCommandService } from "@servicekit/core/automations"
import { createServiceKit, listen } from "@servicekit/host-node"
import { Effect } from "effect"
import pg from "pg"
import { Pool } from "undici"
import WebSocket from "ws"

const COMMANDS = Number(process.env.BENCH_NODES_COMMANDS ?? 1_000)
const OUTSTANDING = Number(process.env.BENCH_NODES_OUTSTANDING ?? 20)

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bench-nodes-"))
const databaseUrl = process.env.BENCH_NODES_DATABASE_URL || undefined
const dropSchema = async () => {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  await client.query("drop schema if exists bench_nodes, bench_nodes_jobs cascade")
  await client.end()
}
if (databaseUrl !== undefined) await dropSchema()
const kit = createServiceKit({
  dataDir,
  ...(databaseUrl === undefined ? {} : { databaseUrl, dbSchema: "bench_nodes" }),
  logLevel: "warn",
  keyRateLimitPerMinute: 100_000_000,
  ipRateLimits: [{ pathPrefix: "/v1/", limit: 100_000_000, windowMs: 60_000 }]
})
const server = await listen(kit, { port: 0, host: "127.0.0.1" })
const tenant = await kit.admin.createTenant({ name: "Bench nodes", entitlements: ["automations"] })
const { key } = await kit.admin.createKey({
  tenantId: tenant.id,
  product: "automations",
  environment: "live",
  scopes: ["automations:manage"]
})
const http = new Pool(server.url, { connections: OUTSTANDING + 2 })
const call = async (method, path, body, credential = key) => {
  const response = await http.request({
    path: `/api/v1${path}`,
    method,
    headers: { authorization: `Bearer ${credential}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const json = await response.body.json()
  if (response.statusCode >= 300) throw new Error(`${method} ${path}: ${JSON.stringify(json)}`)
  return json
}

/** A paired node offering node.ping, and its device's calls. */
const pairNode = async (name) => {
  const created = await call("POST", "/automations/nodes", { name })
  const claimed = await call("POST", "/automations/nodes/claim", {
    pairingCode: created.pairingCode,
    capabilities: ["node.ping"]
  })
  return { id: created.id, secret: claimed.deviceSecret }
}

/** Queues one node.ping for the node as a workflow step would; answers its command id. */
const dispatch = (nodeId) =>
  kit.runtime.runPromise(
    Effect.flatMap(NodeCommandService, (commands) => {
      const runId = globalThis.crypto.randomUUID()
      return commands.dispatch("node.ping", {
        tenantId: tenant.id,
        runId,
        stepIndex: 0,
        attempt: 1,
        idempotencyKey: `${runId}:0:1`,
        input: { nodeId }
      })
    }).pipe(
      Effect.flip,
      Effect.map((pending) => pending.output.commandId)
    )
  )

/**
 * Runs COMMANDS commands OUTSTANDING at a time through a device started by `connect(node, take)`,
 * which calls `take(commands)` as commands arrive; answers the figures.
 */
const measure = async (name, connect, count = COMMANDS) => {
  const node = await pairNode(name)
  const queuedAt = new Map()
  const receivedAt = new Map()
  const answered = new Set()
  const waiters = new Map()
  const answer = async (command) => {
    receivedAt.set(command.id, performance.now())
    await call(
      "POST",
      `/automations/nodes/${node.id}/commands/${command.id}/result`,
      { ok: true, output: "pong" },
      node.secret
    )
    answered.add(command.id)
    waiters.get(command.id)?.()
  }
  const device = await connect(node, (commands) => {
    for (const command of commands) void answer(command)
  })
  // The device may answer before dispatch returns the id: the waiter looks at `answered` first.
  const runOne = async () => {
    const started = performance.now()
    const id = await dispatch(node.id)
    queuedAt.set(id, started)
    if (!answered.has(id)) await new Promise((resolve) => waiters.set(id, resolve))
  }
  const cpu = process.cpuUsage()
  const began = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: OUTSTANDING }, async () => {
      while (next < count) {
        next++
        await runOne()
      }
    })
  )
  const seconds = (performance.now() - began) / 1000
  const used = process.cpuUsage(cpu)
  await device.close()
  const latencies = [...queuedAt].map(([id, queued]) => receivedAt.get(id) - queued).sort((a, b) => a - b)
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
  return { perSecond: count / seconds, p50: at(0.5), p95: at(0.95), cpuMs: (used.user + used.system) / 1000 / count }
}

/** The companion's WebSocket: commands as pushed. */
const overSocket = (node, take) =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, "ws")}/api/v1/automations/nodes/${node.id}/ws`, {
      headers: { authorization: `Bearer ${node.secret}` }
    })
    socket.on("message", (data) => {
      const message = JSON.parse(data.toString())
      if (message.type === "commands") take(message.data)
    })
    socket.on("error", reject)
    socket.on("open", () =>
      resolve({ close: () => new Promise((closed) => (socket.once("close", closed), socket.close(1000))) })
    )
  })

/** The companion's long poll: one poller asking again as soon as it is answered. */
const byLongPoll = async (node, take) => {
  let stopped = false
  const polling = (async () => {
    while (!stopped) {
      const { data } = await call("GET", `/automations/nodes/${node.id}/commands?wait=25`, undefined, node.secret)
      take(data)
    }
  })()
  return {
    close: async () => {
      stopped = true
      await polling
    }
  }
}

// Warm both up, then measure each.
await measure("Warm socket", overSocket, 100)
await measure("Warm poll", byLongPoll, 100)
const socket = await measure("WebSocket device", overSocket)
const poll = await measure("Long-poll device", byLongPoll)

const row = (name, figures) =>
  `${name.padEnd(10)} ${figures.perSecond.toFixed(0).padStart(6)} commands/s  push p50 ${figures.p50.toFixed(1).padStart(6)} ms  p95 ${figures.p95.toFixed(1).padStart(6)} ms  ${figures.cpuMs.toFixed(3).padStart(6)} CPU ms/command`
const on =
  databaseUrl === undefined ? "the embedded default (PGlite, in this process)" : "Postgres (its CPU not counted)"
console.log(`node commands on ${on}: ${COMMANDS} node.ping commands, ${OUTSTANDING} outstanding, answered at once`)
console.log(row("websocket", socket))
console.log(row("long poll", poll))
console.log(`websocket / long poll: ${(socket.perSecond / poll.perSecond).toFixed(2)}x commands/s`)

await http.close()
await server.close()
await kit.dispose()
if (databaseUrl !== undefined) await dropSchema()
rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
