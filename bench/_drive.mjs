import { ask, paced, start, stop, sleep } from "./processes.mjs"
import pg from "pg"
const RATE = Number(process.env.RATE ?? 1000), DURATION = Number(process.env.DURATION ?? 4)
const admin = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/postgres" })
await admin.connect(); await admin.query("drop database if exists sk_drive with (force)"); await admin.query("create database sk_drive"); await admin.end()
const { child, first } = await start(new URL("./automations/server.mjs", import.meta.url), {
  BENCH_AUTOMATIONS_DATABASE_URL: "postgres://postgres@127.0.0.1:5432/sk_drive",
  BENCH_AUTOMATIONS_REDIS_URL: process.env.NOREDIS ? "" : "redis://127.0.0.1:6379/1", BENCH_AUTOMATIONS_WORKER_PROCESS: "", BENCH_AUTOMATIONS_SQL: "" }, ["--import", "/tmp/tools/trace.mjs"])
await ask(child, { startWorkers: true }, (a) => a.workersStarted)
import { Pool } from "undici"
const conns = new Pool(first.url, { connections: 50 })
const call = async (method, path, body) => { const r = await conns.request({ method, path, headers: { authorization: `Bearer ${first.key}`, "content-type": "application/json" }, body: body && JSON.stringify(body) }); return JSON.parse(await r.body.text()) }
const wf = await call("POST", "/api/v1/automations/workflows", { name: "d", active: true, triggerJson: { schemaVersion: 1, type: "manual" }, stepsJson: [{ type: "log", message: "hi" }] })
const id = wf.data?.id ?? wf.id
for (let i = 0; i < 200; i++) await call("POST", `/api/v1/automations/workflows/${id}/run`, { context: "w", payload: {} })
await sleep(1000)
await paced(RATE * DURATION, RATE, () => call("POST", `/api/v1/automations/workflows/${id}/run`, { context: "b", payload: {} }))
await sleep(2000)
console.log("pid", child.pid)
await stop(child)
