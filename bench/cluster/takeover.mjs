// The takeover part of bench/cluster.mjs: how soon a run whose worker process was killed (kill -9)
// mid step goes on in another worker process, on PostgreSQL + Redis with the default lease.
// A host (bench/automations/server.mjs, workers off) takes the runs; two `servicekit worker`
// processes follow them. Each round starts RUNS runs of one webhook.deliver step, spread over a
// quarter of the lease, whose partner (this process) holds every first call open; once all are
// in flight, the worker holding most of them is killed and a fresh worker replaces it. A run's
// takeover time runs from the kill to the partner receiving its call again (same idempotency key).
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import { sleep, start } from "../processes.mjs"

const cli = fileURLToPath(new URL("../../packages/host-node/dist/cli.js", import.meta.url))
const RUNS = Number(process.env.BENCH_TAKEOVER_RUNS ?? 20)
const LEASE_SECONDS = 10

/** The partner: the first call of each idempotency key stays open; a call again is answered and timed. */
const partner = async () => {
  const open = new Map()
  const again = new Map()
  const server = createServer((request, response) => {
    request.resume()
    request.on("end", () => {
      const key = String(request.headers["idempotency-key"])
      if (!open.has(key)) return void open.set(key, response)
      again.set(key, performance.now())
      response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}')
    })
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    open,
    again,
    /** Answers the call still open under `key`. */
    answer: (key) => open.get(key)?.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
    close: () => (server.closeAllConnections(), new Promise((resolve) => server.close(resolve)))
  }
}

/** A `servicekit worker` process, once it works. */
const worker = async (env) => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bench-worker-"))
  const child = spawn(process.execPath, [cli, "worker", "--json"], {
    env: { ...process.env, ...env, SERVICEKIT_DATA_DIR: dataDir },
    stdio: ["ignore", "pipe", "inherit"]
  })
  child.once("exit", () => rmSync(dataDir, { recursive: true, force: true }))
  let output = ""
  await new Promise((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk
      if (output.includes('{"working":true}')) resolve()
    })
    child.once("exit", (code) => reject(new Error(`a worker exited with ${code}`)))
  })
  return child
}

const waitFor = async (check, timeoutMs, what) => {
  const deadline = performance.now() + timeoutMs
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

/** Takeover times in ms over `rounds` rounds, and how many takeovers the runs list. */
export const measureTakeover = async ({ databaseUrl, redisUrl, rounds }) => {
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SERVICEKIT_SECRET_KEY: "ab".repeat(32),
    SERVICEKIT_JWT_SECRET: "a-bench-secret-of-32-bytes-at-least!",
    SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
    SERVICEKIT_LOG_LEVEL: "error"
  }
  const peer = await partner()
  const { first: host } = await start(new URL("../automations/server.mjs", import.meta.url), {
    ...env,
    BENCH_AUTOMATIONS_DATABASE_URL: databaseUrl,
    BENCH_AUTOMATIONS_REDIS_URL: redisUrl
  })
  const api = async (method, path, body) => {
    const response = await fetch(`${host.url}/api/v1/automations${path}`, {
      method,
      headers: { authorization: `Bearer ${host.key}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body)
    })
    if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}`)
    return response.json()
  }
  const workflow = await api("POST", "/workflows", {
    name: "Takeover",
    triggerJson: { schemaVersion: 1, type: "manual" },
    stepsJson: [{ type: "skill", skillId: "webhook.deliver", input: { url: `${peer.url}/notify` } }]
  })
  const workers = [await worker(env), await worker(env)]
  const times = []
  let recorded = 0
  try {
    for (let round = 0; round < rounds; round++) {
      const runs = []
      for (let i = 0; i < RUNS; i++) {
        runs.push(await api("POST", `/workflows/${workflow.id}/run`, {}))
        await sleep((LEASE_SECONDS * 1000) / 4 / RUNS)
      }
      const keyOf = (run) => `${run.id}:0:1`
      await waitFor(() => runs.every((run) => peer.open.has(keyOf(run))), 30_000, "every run's call")
      const held = await Promise.all(runs.map((run) => api("GET", `/runs/${run.id}`)))
      const byPid = (pid) => held.filter((run) => run.stepsResultJson[0]?.worker?.pid === pid)
      const victim = workers.reduce((a, b) => (byPid(a.pid).length >= byPid(b.pid).length ? a : b))
      const taken = byPid(victim.pid)
      victim.kill("SIGKILL")
      const killedAt = performance.now()
      for (const run of held) if (!taken.includes(run)) peer.answer(keyOf(run))
      workers.splice(workers.indexOf(victim), 1, await worker(env))
      await waitFor(() => taken.every((run) => peer.again.has(keyOf(run))), 60_000, "the runs taken over")
      for (const run of taken) times.push(peer.again.get(keyOf(run)) - killedAt)
      const done = await Promise.all(taken.map((run) => api("GET", `/runs/${run.id}`)))
      recorded += done.filter((run) => run.takeovers.some((takeover) => takeover.from?.pid === victim.pid)).length
    }
  } finally {
    for (const child of workers) child.kill("SIGTERM")
    await peer.close()
  }
  return { times, recorded, leaseSeconds: LEASE_SECONDS, runsPerRound: RUNS }
}
