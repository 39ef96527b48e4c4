// node bench/mail.mjs: transactional email end to end next to nodemailer's pool alone, in one run.
//   baseline    nodemailer's SMTP pool (5 connections) sends N messages to a local SMTP server
//               (a process of its own) that accepts at once
//   hand-written (Postgres) the same requests to bench/mail/handwritten.mjs: the message stored and
//               its pg-boss job queued in one transaction, a worker sending through the same pool
//               and storing the outcome (the message sent, a log row per recipient): the durable
//               pipeline a careful engineer writes without the framework, ServiceKit's main baseline
//   servicekit  N messages sent through the HTTP API of a ServiceKit process (16 clients at a
//               time), one recipient per request, then 50 per request: stored, queued, delivered
//               by its in-process worker through the pooled SMTP adapter to the same server; the
//               rate counts from the first request to the last message received, and the API's
//               p50/p99 are those of the send requests (no SMTP in them)
//   signed      the same from the tenant's own sending domain: every message DKIM-signed (2048-bit
//               RSA) at delivery; "signed vs unsigned" is its rate against the line before; the line
//               above the table says what signing costs nodemailer's pool alone, the fair measure
// CPU ms per message (user + system, /proc): nodemailer's process (this one) alone; ServiceKit's
// process and, on Postgres, the backends of its database (with Postgres's background processes)
// and, with Redis, redis-server. The sink's own CPU is left out of both.
// BENCH_PROFILE=<folder> writes a CPU profile of the ServiceKit process there.
// Storage: the embedded default (PGlite), Postgres, and Postgres with Redis ("redis": BullMQ) when
// reachable (BENCH_MAIL_STORAGE=pglite,postgres,redis).
import { generateKeyPairSync } from "node:crypto"
import { performance } from "node:perf_hooks"
import nodemailer from "nodemailer"
import pg from "pg"
import { meter } from "./automations/cpu.mjs"
import { ask, reachable, start, stop } from "./processes.mjs"

const N = Number(process.env.BENCH_MAIL_MESSAGES ?? 2_000)
const CLIENTS = 16
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379"
const chosen = (process.env.BENCH_MAIL_STORAGE ?? "pglite,postgres,redis").split(",")

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]

const { child: sinkProcess, first: sinkReady } = await start(new URL("./mail/sink.mjs", import.meta.url))
const sink = {
  url: sinkReady.url,
  received: async () =>
    (await ask(sinkProcess, { count: "received" }, (answer) => answer.received !== undefined)).received,
  until: (count) => ask(sinkProcess, { until: count }, (answer) => answer.arrived === count)
}

const message = (i) => ({
  from: "Bench <bench@servicekit.test>",
  to: `user${i}@example.com`,
  subject: `Your order #${i} has shipped`,
  text: `Hello user ${i}, your order is on its way.`,
  html: `<p>Hello user ${i}, your order is on its way.</p>`
})

// The key nodemailer signs with in the signed baseline: 2048-bit RSA, as a sending domain's.
const { privateKey: dkimKey } = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
  publicKeyEncoding: { type: "spki", format: "pem" }
})

/** nodemailer's pool alone, or signing every message with DKIM as it goes (`signed`). */
const baseline = async (signed = false) => {
  const transport = nodemailer.createTransport({
    url: sink.url,
    pool: true,
    maxConnections: 5,
    maxMessages: 100,
    ...(signed ? { dkim: { domainName: "servicekit.test", keySelector: "bench", privateKey: dkimKey } } : {})
  })
  const before = await sink.received()
  const cpu = process.cpuUsage()
  const began = performance.now()
  await Promise.all(Array.from({ length: N }, (_, i) => transport.sendMail(message(i))))
  await sink.until(before + N)
  const seconds = (performance.now() - began) / 1000
  const used = process.cpuUsage(cpu)
  transport.close()
  return { rate: N / seconds, cpu: (used.user + used.system) / 1000 / N }
}

/** Sends N messages through the server `script` starts (ServiceKit, or the hand-written pipeline). */
const through = async (script, storage, recipients, signed = false) => {
  let databaseUrl = ""
  if (storage !== "pglite") {
    const admin = new pg.Client({ connectionString: postgresUrl.replace(/\/[^/]+$/, "/postgres") })
    await admin.connect()
    await admin.query("drop database if exists servicekit_bench_mail with (force)")
    await admin.query("create database servicekit_bench_mail")
    await admin.end()
    databaseUrl = postgresUrl.replace(/\/[^/]+$/, "/servicekit_bench_mail")
  }
  const { child, first } = await start(
    new URL(script, import.meta.url),
    {
      BENCH_MAIL_DATABASE_URL: databaseUrl,
      BENCH_MAIL_REDIS_URL: storage === "redis" ? redisUrl : "",
      BENCH_MAIL_SMTP_URL: sink.url,
      BENCH_MAIL_SIGNED: signed ? "1" : ""
    },
    process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []
  )
  const send = async (i) => {
    const { subject, text, html } = message(i)
    const to = Array.from({ length: recipients }, (_, r) => message(i * recipients + r).to)
    const began = performance.now()
    const response = await fetch(`${first.url}/api/v1/transactional/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${first.key}`, "content-type": "application/json" },
      body: JSON.stringify({ to, subject, text, html, ...(first.from === undefined ? {} : { from: first.from }) })
    })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`send answered ${response.status}`)
    return performance.now() - began
  }
  // A short warm-up, delivered before the measured run starts.
  const warm = (await sink.received()) + 10 * recipients
  for (let i = 0; i < 10; i++) await send(i)
  await sink.until(warm)
  const latencies = []
  const requests = N / recipients
  let next = 0
  const client = databaseUrl === "" ? undefined : new pg.Client({ connectionString: databaseUrl })
  await client?.connect()
  const cpu = await meter({
    nodes: [child.pid],
    client,
    database: "servicekit_bench_mail",
    redis: storage === "redis"
  })
  const began = performance.now()
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < requests) latencies.push(await send(next++))
    })
  )
  await sink.until(warm + N)
  const seconds = (performance.now() - began) / 1000
  const used = await cpu.stop()
  await client?.end()
  await stop(child)
  const perMessage = (ms) => (Number.isNaN(ms) ? "-" : (ms / N).toFixed(2))
  return {
    rate: N / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpu: [used.node, used.postgres, used.redis].map(perMessage).join("/")
  }
}

console.log(`\nTransactional email, ${N.toLocaleString("en")} messages to a local SMTP server that accepts at once\n`)
{
  // What DKIM costs nodemailer itself: the fair measure of the "signed vs unsigned" column below.
  const [plain, signed] = [await baseline(), await baseline(true)]
  console.log(
    `nodemailer pool alone: ${plain.rate.toFixed(0)} msg/s unsigned, ${signed.rate.toFixed(0)} msg/s DKIM-signed (${(signed.rate / plain.rate).toFixed(2)}x), CPU ${plain.cpu.toFixed(2)} / ${signed.cpu.toFixed(2)} ms/msg\n`
  )
}
console.log(
  "storage    recipients/request  nodemailer pool msg/s  hand-written msg/s  ServiceKit end to end msg/s  vs pool  vs hand-written  API p50 ms  API p99 ms  CPU ms/msg nodemailer  hand-written/PG  ServiceKit/PG/Redis  signed msg/s  signed vs unsigned  signed CPU ms/msg"
)
for (const storage of chosen) {
  if (storage !== "pglite" && !(await reachable(postgresUrl, 5432))) {
    console.log(`${storage.padEnd(9)}  (skipped: PostgreSQL is not reachable)`)
    continue
  }
  if (storage === "redis" && !(await reachable(redisUrl, 6379))) {
    console.log("redis      (skipped: Redis is not reachable)")
    continue
  }
  for (const recipients of [1, 50]) {
    const bare = await baseline()
    const handwritten =
      storage === "postgres" ? await through("./mail/handwritten.mjs", storage, recipients) : undefined
    const measured = await through("./mail/server.mjs", storage, recipients)
    const signed = await through("./mail/server.mjs", storage, recipients, true)
    console.log(
      [
        storage.padEnd(9),
        String(recipients).padStart(18),
        bare.rate.toFixed(0).padStart(21),
        (handwritten?.rate.toFixed(0) ?? "-").padStart(18),
        measured.rate.toFixed(0).padStart(27),
        (measured.rate / bare.rate).toFixed(2).padStart(7),
        (handwritten === undefined ? "-" : (measured.rate / handwritten.rate).toFixed(2)).padStart(14),
        measured.p50.toFixed(2).padStart(10),
        measured.p99.toFixed(2).padStart(10),
        bare.cpu.toFixed(2).padStart(21),
        (handwritten?.cpu.split("/").slice(0, 2).join("/") ?? "-").padStart(15),
        measured.cpu.padStart(19),
        signed.rate.toFixed(0).padStart(12),
        (signed.rate / measured.rate).toFixed(2).padStart(18),
        signed.cpu.padStart(17)
      ].join("  ")
    )
  }
}
await stop(sinkProcess)
