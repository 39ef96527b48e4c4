// node bench/chat.mjs: Live Chat next to bare baselines, in one run. ServiceKit runs in a process
// of its own (bench/chat/server.mjs), as do the webhook receiver, the bare loop and the visitors.
//   webhooks    N message.created events (messages posted through the API) wait in the outbox,
//               then the workers start: deliveries/s from the start to the last one received and
//               verified, next to a bare loop signing and POSTing the same bodies with undici to
//               the same receiver, 50 at a time (as many as the delivery workers run)
//   latency     events emitted at a steady rate, the workers running: p50/p95/p99 from the event's
//               timestamp to its receipt, next to the bare loop at the same rate
//   messages    POST /api/v1/chat/conversations/{id}/messages (50 connections, one conversation
//               each) next to GET /api/v1/voice/calls?limit=20 over 10,000 calls (as bench/run.mjs),
//               and on Postgres with Redis next to the same posts through a hand-written durable
//               pipeline (bench/chat/handwritten.mjs), with CPU ms per post on each side
//   visitors    1,000 hosted chat visitors following their conversation over server-sent events:
//               all on one conversation (each post seen by every stream), then one conversation
//               each; post→seen p50/p95/p99 next to raw node:http broadcasting the same events
// Storage: the embedded default (PGlite), Postgres, and Postgres with Redis (BullMQ and Redis
// fan-out, in Redis database 1: host tests use database 0 and the same queue names).
// BENCH_CHAT_STORAGE=pglite,postgres,redis picks the webhooks' storage, BENCH_CHAT_OTHER_STORAGE
// (default pglite,redis) that of the messages and visitors, BENCH_CHAT_PARTS=webhooks,messages,visitors
// the parts. Sizes: BENCH_CHAT_WEBHOOKS (events), BENCH_CHAT_RATE (events/s), BENCH_CHAT_DURATION
// (seconds per steady load), BENCH_CHAT_VISITORS, BENCH_CHAT_FANOUT_MESSAGES.
// BENCH_PROFILE=<folder> writes a CPU profile of the ServiceKit process there for each measured
// phase (chat-<storage>-<phase>.cpuprofile); BENCH_CHAT_TRACE=1 prints each phase's duration.
import { execSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdirSync } from "node:fs"
import { join, resolve } from "node:path"
import { performance } from "node:perf_hooks"
import autocannon from "autocannon"
import pg from "pg"
import { ask, paced, pool, reachable, sleep, start, stop, stopAll } from "./processes.mjs"

// 5,000: enough for both sides to warm up (the bare loop runs about twice as fast after its first 1,000).
const WEBHOOKS = Number(process.env.BENCH_CHAT_WEBHOOKS ?? 5_000)
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 50)
const DURATION = Number(process.env.BENCH_CHAT_DURATION ?? 5)
const VISITORS = Number(process.env.BENCH_CHAT_VISITORS ?? 1_000)
const FANOUT_MESSAGES = Number(process.env.BENCH_CHAT_FANOUT_MESSAGES ?? 5)
const CONCURRENCY = 50
const CLIENTS = 16
const CONNECTIONS = 50
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/1"
const list = (text) => text.split(",").filter((item) => item !== "")
const parts = new Set(list(process.env.BENCH_CHAT_PARTS ?? "webhooks,messages,visitors"))
const webhookStorage = parts.has("webhooks") ? list(process.env.BENCH_CHAT_STORAGE ?? "pglite,postgres,redis") : []
const otherStorage =
  parts.has("messages") || parts.has("visitors") ? list(process.env.BENCH_CHAT_OTHER_STORAGE ?? "pglite,redis") : []
const storages = ["pglite", "postgres", "redis"].filter((s) => webhookStorage.includes(s) || otherStorage.includes(s))

const now = () => performance.timeOrigin + performance.now()
const percentile = (values, p) =>
  values.length === 0
    ? NaN
    : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const spread = (values) => [50, 95, 99].map((p) => percentile(values, p))
const trace = (label, began) => {
  if (process.env.BENCH_CHAT_TRACE) console.error(`[chat] ${label}: ${((now() - began) / 1000).toFixed(1)} s`)
}

const call = async (base, key, method, path, body) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    // A server that stops answering fails the run instead of hanging it.
    signal: AbortSignal.timeout(60_000)
  })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
  return JSON.parse(text)
}

const resetDatabase = async () => {
  const admin = new pg.Client({ connectionString: postgresUrl.replace(/\/[^/]+$/, "/postgres") })
  await admin.connect()
  await admin.query("drop database if exists servicekit_bench_chat with (force)")
  await admin.query("create database servicekit_bench_chat")
  await admin.end()
  return postgresUrl.replace(/\/[^/]+$/, "/servicekit_bench_chat")
}

const receiverProcess = async () => {
  const { child, first } = await start(new URL("./chat/receiver.mjs", import.meta.url))
  return {
    url: first.url,
    secret: (secret) => ask(child, { secret }, (answer) => answer.secretSet),
    reset: () => ask(child, { reset: true }, (answer) => answer.reset),
    /** Resolves at `count` deliveries (`at`: when the last arrived), or after `timeoutMs` with `timedOut`. */
    until: (count, timeoutMs = 60_000) => ask(child, { until: count, timeoutMs }, (answer) => answer.arrived === count),
    report: async () => (await ask(child, { report: true }, (answer) => answer.report)).report
  }
}

const bareProcess = async () => {
  const { child } = await start(new URL("./chat/bare.mjs", import.meta.url))
  return {
    run: (run) => ask(child, { run }, (answer) => answer.done),
    paced: (run) => ask(child, { paced: run }, (answer) => answer.done)
  }
}

const visitorsProcess = async () => {
  const { child } = await start(new URL("./chat/visitors.mjs", import.meta.url))
  return {
    open: (url, path, tokens) =>
      ask(child, { open: { url, path, tokens, concurrency: CLIENTS } }, (answer) => answer.opened !== undefined),
    reset: () => ask(child, { reset: true }, (answer) => answer.reset),
    progress: async () => (await ask(child, { progress: true }, (answer) => answer.seenTotal !== undefined)).seenTotal,
    report: () => ask(child, { report: true }, (answer) => answer.seen !== undefined),
    close: () => ask(child, { close: true }, (answer) => answer.closed)
  }
}

/** Runs `task`, with a CPU profile of the ServiceKit process around it when BENCH_PROFILE is set. */
const profiled = async (kit, phase, task) => {
  const began = now()
  const folder = process.env.BENCH_PROFILE
  if (folder) await ask(kit.child, { profile: "start" }, (answer) => answer.profiling)
  try {
    return await task()
  } finally {
    if (folder) {
      const file = join(resolve(folder), `chat-${kit.storage}-${phase}.cpuprofile`)
      await ask(kit.child, { profile: "stop", file }, (answer) => answer.profiled === file)
    }
    trace(`${kit.storage} ${phase}`, began)
  }
}

// ---------------------------------------------------------------------------------------------
// Webhooks

const webhooks = async (kit, receiver, bare) => {
  const { key, tenantId } = kit.hooks
  const subscription = await call(kit.url, key, "POST", `/api/tenants/${tenantId}/webhooks`, {
    url: receiver.url,
    events: ["message.created"]
  })
  await receiver.secret(subscription.secret)
  const conversations = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      call(kit.url, key, "POST", "/api/v1/chat/conversations", { name: `Webhooks ${i}` })
    )
  )
  const post = (i) =>
    call(kit.url, key, "POST", `/api/v1/chat/conversations/${conversations[i % CLIENTS].id}/messages`, {
      content: `Order #${i}: has my parcel left the warehouse yet?`
    })
  const problems = []
  const check = (what, expected, answer, report) => {
    if (answer.timedOut) problems.push(`${what}: ${answer.received} of ${expected} arrived`)
    if (report?.rejected) problems.push(`${what}: ${report.rejected} refused signatures`)
    if (report?.duplicates) problems.push(`${what}: ${report.duplicates} repeated deliveries`)
  }

  // The events wait in the outbox while the workers are off.
  await receiver.reset()
  const posting = now()
  await pool(WEBHOOKS, CLIENTS, post)
  trace(`${kit.storage} webhooks: ${WEBHOOKS} messages posted`, posting)
  const cpu = async () => (await ask(kit.child, { cpu: true }, (answer) => answer.cpuMicros !== undefined)).cpuMicros
  const cpuBefore = await cpu()
  const { began, answer } = await profiled(kit, "webhooks", async () => {
    const began = now()
    await ask(kit.child, { startWorkers: true }, (answer) => answer.workersStarted)
    return { began, answer: await receiver.until(WEBHOOKS, 180_000) }
  })
  const drained = await receiver.report()
  check("ServiceKit drain", WEBHOOKS, answer, drained)
  const servicekit = drained.received / (((answer.at || now()) - began) / 1000)
  // CPU time per delivery (µs), steadier than rates on a shared machine; profiling adds its own.
  const servicekitCpu = (await cpu()) - cpuBefore
  if (drained.sample === undefined) throw new Error(`${kit.storage}: no webhook delivery arrived`)
  const template = JSON.parse(drained.sample)

  await receiver.reset()
  const bareBegan = now()
  const target = { url: receiver.url, secret: subscription.secret, template }
  const bareRun = await bare.run({ ...target, count: WEBHOOKS, concurrency: CONCURRENCY })
  const bareAnswer = await receiver.until(WEBHOOKS)
  check("bare loop", WEBHOOKS, bareAnswer, await receiver.report())
  if (bareRun.failed > 0) problems.push(`bare loop: ${bareRun.failed} failed requests`)
  const baseline = WEBHOOKS / ((bareAnswer.at - bareBegan) / 1000)

  const handwritten = kit.storage === "redis" ? await handwrittenDrain(kit, receiver, template, check) : undefined
  await receiver.secret(subscription.secret)

  // Steady load, the workers running: each event is dispatched as soon as it is emitted.
  const events = RATE * DURATION
  await receiver.reset()
  const steadyAnswer = await profiled(kit, "steady", async () => {
    await paced(events, RATE, post)
    return receiver.until(events)
  })
  const steady = await receiver.report()
  check("ServiceKit steady", events, steadyAnswer, steady)
  await receiver.reset()
  const barePaced = await bare.paced({ ...target, count: events, rate: RATE })
  check("bare loop steady", events, await receiver.until(events), undefined)
  if (barePaced.failed > 0) problems.push(`bare loop steady: ${barePaced.failed} failed requests`)
  const bareSteady = await receiver.report()
  return {
    servicekit,
    baseline,
    handwritten,
    cpu: { servicekit: servicekitCpu / WEBHOOKS, bare: bareRun.cpuMicros / WEBHOOKS },
    latency: spread(steady.latencies),
    bareLatency: spread(bareSteady.latencies),
    problems
  }
}

/**
 * The same drain through the hand-written durable pipeline (bench/chat/webhooks-handwritten.mjs) on
 * the kit's Postgres and Redis: deliveries/s and CPU µs per delivery.
 */
const handwrittenDrain = async (kit, receiver, template, check) => {
  const { child } = await start(new URL("./chat/webhooks-handwritten.mjs", import.meta.url), {
    BENCH_WEBHOOKS_HANDWRITTEN_DATABASE_URL: kit.databaseUrl,
    BENCH_WEBHOOKS_HANDWRITTEN_REDIS_URL: redisUrl
  })
  const secret = randomBytes(24).toString("hex")
  await receiver.secret(secret)
  await ask(child, { prepare: { count: WEBHOOKS, url: receiver.url, secret, template } }, (a) => a.prepared)
  await receiver.reset()
  const before = await cpuMicros(child)
  const began = now()
  await ask(child, { drain: true }, (answer) => answer.draining)
  const answer = await receiver.until(WEBHOOKS, 180_000)
  const report = await receiver.report()
  check("hand-written drain", WEBHOOKS, answer, report)
  const rate = report.received / (((answer.at || now()) - began) / 1000)
  const cpu = ((await cpuMicros(child)) - before) / WEBHOOKS
  await stop(child)
  return { rate, cpu }
}

// ---------------------------------------------------------------------------------------------
// Messages posted next to the calls list

/** The CPU time the process `child` has used so far, in µs. */
const cpuMicros = async (child) =>
  (await ask(child, { cpu: true }, (answer) => answer.cpuMicros !== undefined)).cpuMicros

/** Load as `options` say; with `child`, also the CPU ms it spent per request measured. */
const load = async (options, child) => {
  // Warm up (JIT, caches, connection pools), then measure.
  await autocannon({ ...options, connections: CONNECTIONS, duration: 1 })
  const before = child === undefined ? 0 : await cpuMicros(child)
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: DURATION })
  const used = child === undefined ? NaN : (await cpuMicros(child)) - before
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    cpuMs: used / 1000 / result.requests.total
  }
}

/** Messages posted to `url` with `key`, one conversation per connection (as many people chatting at once). */
const posting = async (url, key, child) => {
  const conversations = await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, i) =>
      call(url, key, "POST", "/api/v1/chat/conversations", { name: `Load ${i}` })
    )
  )
  let client = 0
  return load(
    {
      url: `${url}/api/v1/chat/conversations/${conversations[0].id}/messages`,
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "Hello, I would like to change the delivery address of my order." }),
      setupClient: (c) =>
        c.setRequest({ path: `/api/v1/chat/conversations/${conversations[client++ % CONNECTIONS].id}/messages` })
    },
    child
  )
}

const messages = async (kit) => {
  const calls = await profiled(kit, "calls", () =>
    load({ url: `${kit.url}/api/v1/voice/calls?limit=20`, headers: { authorization: `Bearer ${kit.calls.key}` } })
  )
  const posts = await profiled(kit, "messages", () => posting(kit.url, kit.chat.key, kit.child))
  // On Postgres and Redis, the same posts through the hand-written durable pipeline.
  if (kit.storage !== "redis") return { calls, posts }
  const handwrittenPosts = async (rateLimits) => {
    const { child, first } = await start(new URL("./chat/handwritten.mjs", import.meta.url), {
      BENCH_CHAT_HANDWRITTEN_DATABASE_URL: kit.databaseUrl,
      BENCH_CHAT_HANDWRITTEN_REDIS_URL: redisUrl,
      BENCH_CHAT_HANDWRITTEN_RATE_LIMITS: rateLimits ? "1" : ""
    })
    const measured = await posting(first.url, first.key, child)
    await stop(child)
    return measured
  }
  const handwritten = await handwrittenPosts(false)
  // The same, also counting the two rate limits ServiceKit's limiter counts on every request.
  const handwrittenLimited = await handwrittenPosts(true)
  return { calls, posts, handwritten, handwrittenLimited }
}

// ---------------------------------------------------------------------------------------------
// Visitors over server-sent events

/**
 * Opens one stream per token, runs `posting(post)` with `post(conversation)` stamping each
 * message's content with the time it is posted, and answers the streams opened, how many saw
 * every message posted to their conversation, and the post→seen latencies.
 */
const follow = async (visitors, { url, path, tokens, conversations, post, posting, around }) => {
  const { opened, failed } = await visitors.open(url, path, tokens)
  if (failed > 0) throw new Error(`${failed} of ${tokens.length} streams did not open`)
  await visitors.reset()
  const posted = new Map()
  const expected = await around(async () => {
    await posting(async (conversation) => {
      posted.set(conversation, (posted.get(conversation) ?? 0) + 1)
      await post(conversation, `bench ${now()}`)
    })
    const expected = conversations.reduce((sum, conversation) => sum + (posted.get(conversation) ?? 0), 0)
    // The streams read what is left for up to 10 s more.
    for (let waited = 0; waited < 10_000 && (await visitors.progress()) < expected; waited += 50) await sleep(50)
    return expected
  })
  const report = await visitors.report()
  await visitors.close()
  const meant = conversations.map((conversation) => posted.get(conversation) ?? 0)
  return {
    opened,
    expected,
    seen: report.latencies.length,
    complete: meant.filter((count, i) => count > 0 && report.seen[i] >= count).length,
    meant: meant.filter((count) => count > 0).length,
    ended: report.ended,
    latency: spread(report.latencies)
  }
}

/**
 * Both cases: every stream on one conversation, each post after every stream saw the previous
 * one; then one conversation per stream, posts at a steady rate spread over the conversations.
 */
const visitorCases = async (visitors, { url, path, shared, own, post, around = (_, task) => task() }) => ({
  shared: await follow(visitors, {
    url,
    path,
    tokens: shared.tokens,
    conversations: shared.tokens.map(() => shared.conversation),
    post,
    posting: async (send) => {
      for (let i = 0; i < FANOUT_MESSAGES; i++) {
        await send(shared.conversation)
        for (let waited = 0; waited < 10_000 && (await visitors.progress()) < (i + 1) * shared.tokens.length; ) {
          await sleep(10)
          waited += 10
        }
      }
    },
    around: (task) => around("visitors-shared", task)
  }),
  own: await follow(visitors, {
    url,
    path,
    tokens: own.tokens,
    conversations: own.conversations,
    post,
    posting: (send) => paced(RATE * DURATION, RATE, (i) => send(own.conversations[i % own.conversations.length])),
    around: (task) => around("visitors-own", task)
  })
})

const visitorsOnServiceKit = async (kit, visitors) => {
  const { key } = kit.chat
  const mint = (externalId) => call(kit.url, key, "POST", "/api/v1/chat/sessions", { externalId })
  const minting = now()
  // The visitor's conversation is opened once; every later session of that visitor joins it.
  const first = await mint("crowd")
  const crowd = [first]
  await pool(VISITORS - 1, CLIENTS, async () => crowd.push(await mint("crowd")))
  if (crowd.some((session) => session.conversationId !== first.conversationId)) {
    throw new Error("sessions of one visitor opened more than one conversation")
  }
  const own = []
  await pool(VISITORS, CLIENTS, async (i) => (own[i] = await mint(`visitor-${i}`)))
  trace(`${kit.storage} visitors: ${2 * VISITORS} sessions minted`, minting)
  return visitorCases(visitors, {
    url: kit.url,
    path: "/api/public/chat/events",
    shared: { tokens: crowd.map((session) => session.visitorToken), conversation: first.conversationId },
    own: { tokens: own.map((session) => session.visitorToken), conversations: own.map((s) => s.conversationId) },
    post: (conversation, content) =>
      call(kit.url, key, "POST", `/api/v1/chat/conversations/${conversation}/messages`, { content }),
    around: (phase, task) => profiled(kit, phase, task)
  })
}

const visitorsOnRawServer = async (visitors) => {
  const began = now()
  const { child, first } = await start(new URL("./chat/sse-raw.mjs", import.meta.url))
  const ids = Array.from({ length: VISITORS }, (_, i) => `visitor-${i}`)
  const result = await visitorCases(visitors, {
    url: first.url,
    path: "/events",
    shared: { tokens: ids.map(() => "crowd"), conversation: "crowd" },
    own: { tokens: ids, conversations: ids },
    post: (conversation, content) => call(first.url, "", "POST", `/conversations/${conversation}/messages`, { content })
  })
  await stop(child)
  trace("raw visitors", began)
  return result
}

// ---------------------------------------------------------------------------------------------
// The run

const name = (storage) => ({ pglite: "PGlite", postgres: "Postgres", redis: "Postgres+Redis" })[storage]
const ms = (value) => (Number.isNaN(value) ? "n/a" : value < 10 ? value.toFixed(1) : value.toFixed(0))
const triple = (values) => values.map(ms).join("/")
const count = (n) => Math.round(n).toLocaleString("en")
const rows = []
const runBegan = now()

const openFiles = Number(execSync("ulimit -n", { shell: "/bin/sh" }).toString().trim())
if (otherStorage.length > 0 && parts.has("visitors") && openFiles < VISITORS + 500) {
  console.log(`ulimit -n is ${openFiles}: too low for ${count(VISITORS)} streams in one process; raise it first`)
}
if (process.env.BENCH_PROFILE) mkdirSync(process.env.BENCH_PROFILE, { recursive: true })

try {
  const receiver = webhookStorage.length > 0 ? await receiverProcess() : undefined
  const bare = webhookStorage.length > 0 ? await bareProcess() : undefined
  const visitors = otherStorage.length > 0 && parts.has("visitors") ? await visitorsProcess() : undefined
  const rawVisitors = visitors === undefined ? undefined : await visitorsOnRawServer(visitors)
  for (const storage of storages) {
    if (storage !== "pglite" && !(await reachable(postgresUrl, 5432))) {
      rows.push({ storage, skipped: "PostgreSQL is not reachable" })
      continue
    }
    if (storage === "redis" && !(await reachable(redisUrl, 6379))) {
      rows.push({ storage, skipped: "Redis is not reachable" })
      continue
    }
    const began = now()
    const others = otherStorage.includes(storage)
    const databaseUrl = storage === "pglite" ? "" : await resetDatabase()
    const { child, first } = await start(new URL("./chat/server.mjs", import.meta.url), {
      BENCH_CHAT_DATABASE_URL: databaseUrl,
      BENCH_CHAT_REDIS_URL: storage === "redis" ? redisUrl : "",
      BENCH_CHAT_CALLS: others && parts.has("messages") ? "1" : ""
    })
    trace(`${storage} started`, began)
    const kit = { child, storage, databaseUrl, ...first }
    const row = { storage }
    if (webhookStorage.includes(storage)) row.webhooks = await webhooks(kit, receiver, bare)
    else await ask(child, { startWorkers: true }, (answer) => answer.workersStarted)
    if (others && parts.has("messages")) row.messages = await messages(kit)
    if (others && visitors !== undefined) row.visitors = await visitorsOnServiceKit(kit, visitors)
    await stop(child)
    trace(`${storage} in all`, began)
    rows.push(row)
  }

  const skipped = rows.filter((row) => row.skipped)
  for (const row of skipped) console.log(`\n${name(row.storage)}: skipped, ${row.skipped}`)
  const measured = (part) => rows.filter((row) => row[part] !== undefined)

  if (measured("webhooks").length > 0) {
    console.log(
      `\nWebhooks: ${count(WEBHOOKS)} message.created events waiting in the outbox, delivered once the workers start to a local receiver (a process of its own that verifies every signature); baseline: a bare undici loop signing and POSTing the same bodies to it, ${CONCURRENCY} at a time (deliveries/s)\n`
    )
    console.log(
      "storage          bare loop/s  ServiceKit/s  ratio  CPU µs/delivery bare/ServiceKit  targets on Postgres+Redis: 1,000/s and 0.5x"
    )
    for (const row of measured("webhooks")) {
      const { servicekit, baseline, cpu } = row.webhooks
      const ratio = servicekit / baseline
      const below = [servicekit < 1000 ? "below 1,000/s" : "", ratio < 0.5 ? "below 0.5x" : ""].filter(Boolean)
      const verdict = row.storage !== "redis" ? "" : below.length === 0 ? "met" : `below target (${below.join(", ")})`
      console.log(
        [
          name(row.storage).padEnd(15),
          count(baseline).padStart(11),
          count(servicekit).padStart(12),
          ratio.toFixed(2).padStart(5),
          `${cpu.bare.toFixed(0)}/${cpu.servicekit.toFixed(0)}`.padStart(31),
          verdict
        ].join("  ")
      )
    }
    const handwritten = measured("webhooks").filter((row) => row.webhooks.handwritten !== undefined)
    if (handwritten.length > 0) {
      console.log(
        "\nThe same drain through a hand-written durable pipeline (bench/chat/webhooks-handwritten.mjs: events relayed to delivery rows in batches, one BullMQ job each, 50 workers signing and POSTing with undici and storing each outcome)\n"
      )
      console.log(
        "storage          hand-written/s  ServiceKit/s  ratio  CPU µs/delivery hand-written/ServiceKit  targets: 0.7x, ≤ 150 µs"
      )
      for (const row of handwritten) {
        const { servicekit, handwritten: hand, cpu } = row.webhooks
        const ratio = servicekit / hand.rate
        const below = [ratio < 0.7 ? "below 0.7x" : "", cpu.servicekit > 150 ? "over 150 µs" : ""].filter(Boolean)
        console.log(
          [
            name(row.storage).padEnd(15),
            count(hand.rate).padStart(14),
            count(servicekit).padStart(12),
            ratio.toFixed(2).padStart(5),
            `${hand.cpu.toFixed(0)}/${cpu.servicekit.toFixed(0)}`.padStart(39),
            below.length === 0 ? "met" : `below target (${below.join(", ")})`
          ].join("  ")
        )
      }
    }
    console.log(
      `\nWebhooks at a steady ${count(RATE)} events/s for ${DURATION} s, the workers running (opportunistic drain): ms from the event's timestamp to its receipt, p50/p95/p99; baseline: the bare loop at the same rate\n`
    )
    console.log("storage          bare loop p50/p95/p99  ServiceKit p50/p95/p99  p95 ratio  target: p95 under 1 s")
    for (const row of measured("webhooks")) {
      const { latency, bareLatency } = row.webhooks
      console.log(
        [
          name(row.storage).padEnd(15),
          triple(bareLatency).padStart(21),
          triple(latency).padStart(22),
          (latency[1] / bareLatency[1]).toFixed(1).padStart(9),
          latency[1] < 1000 ? "met" : "below target"
        ].join("  ")
      )
    }
    for (const row of measured("webhooks")) {
      for (const problem of row.webhooks.problems) console.log(`  ${name(row.storage)}: ${problem}`)
    }
  }

  if (measured("messages").length > 0) {
    console.log(
      `\nMessages posted through the public API (POST /api/v1/chat/conversations/{id}/messages, one conversation per connection) next to GET /api/v1/voice/calls?limit=20 over 10,000 calls on the same storage; ${CONNECTIONS} connections, ${DURATION} s each (req/s, p50/p99 ms)\n`
    )
    console.log(
      "storage          calls list req/s  p50/p99  messages posted req/s  p50/p99  ratio  CPU ms/post  target: 0.5x, p99 ≤ 250 ms on PGlite"
    )
    for (const row of measured("messages")) {
      const { calls, posts } = row.messages
      const errors = calls.errors + posts.errors
      const ratio = posts.rps / calls.rps
      const met = ratio >= 0.5 && (row.storage !== "pglite" || posts.p99 <= 250)
      console.log(
        [
          name(row.storage).padEnd(15),
          count(calls.rps).padStart(16),
          `${calls.p50}/${calls.p99}`.padStart(8),
          count(posts.rps).padStart(21),
          `${posts.p50}/${posts.p99}`.padStart(8),
          ratio.toFixed(2).padStart(5),
          posts.cpuMs.toFixed(2).padStart(11),
          met ? "met" : "below target",
          errors > 0 ? `(${errors} failed or non-2xx)` : ""
        ].join("  ")
      )
    }
    const handwritten = measured("messages").filter((row) => row.messages.handwritten !== undefined)
    if (handwritten.length > 0) {
      console.log(
        "\nThe same posts through a hand-written durable pipeline (bench/chat/handwritten.mjs: node:http and pg, the conversation bumped, the message and its event row in one transaction, then published on Redis; the row + rate limits also counts the key's and the address's per-minute limits in Redis, as ServiceKit does on every request)\n"
      )
      console.log(
        "storage          hand-written req/s  p50/p99  ServiceKit req/s  ratio  CPU ms/post hand-written/ServiceKit  target: 0.7x"
      )
      for (const row of handwritten) {
        const { posts, handwritten, handwrittenLimited } = row.messages
        for (const [label, hand] of [[name(row.storage), handwritten], ["  + rate limits", handwrittenLimited]]) {
          const ratio = posts.rps / hand.rps
          console.log(
            [
              label.padEnd(15),
              count(hand.rps).padStart(18),
              `${hand.p50}/${hand.p99}`.padStart(8),
              count(posts.rps).padStart(16),
              ratio.toFixed(2).padStart(5),
              `${hand.cpuMs.toFixed(2)}/${posts.cpuMs.toFixed(2)}`.padStart(39),
              ratio >= 0.7 ? "met" : "below target",
              hand.errors > 0 ? `(${hand.errors} failed or non-2xx)` : ""
            ].join("  ")
          )
        }
      }
    }
  }

  if (rawVisitors !== undefined && measured("visitors").length > 0) {
    console.log(
      `\nVisitors: ${count(VISITORS)} hosted chat streams (server-sent events) open on one host, read by a process of their own; post→seen ms p50/p95/p99, and the streams that saw every message posted to their conversation; baseline: raw node:http broadcasting the same events from memory (no storage, no auth)`
    )
    console.log(
      `  one conversation: all ${count(VISITORS)} streams on one conversation, ${FANOUT_MESSAGES} posts, each once every stream saw the previous one\n  one each: a conversation per stream, ${count(RATE)} posts/s for ${DURATION} s spread over them\n`
    )
    console.log("storage          case              raw p50/p95/p99  ServiceKit p50/p95/p99  p95 ratio  saw all")
    const line = (storage, label, raw, measured) => {
      console.log(
        [
          storage.padEnd(15),
          label.padEnd(16),
          triple(raw.latency).padStart(15),
          triple(measured.latency).padStart(22),
          (measured.latency[1] / raw.latency[1]).toFixed(1).padStart(9),
          `${measured.complete}/${measured.meant}`.padStart(9),
          measured.ended > 0 ? `(${measured.ended} streams ended early)` : ""
        ].join("  ")
      )
    }
    for (const row of measured("visitors")) {
      line(name(row.storage), "one conversation", rawVisitors.shared, row.visitors.shared)
      line(name(row.storage), "one each", rawVisitors.own, row.visitors.own)
    }
    const { shared, own } = rawVisitors
    console.log(
      `raw node:http: ${shared.complete}/${shared.meant} streams saw all (one conversation), ${own.complete}/${own.meant} (one each)`
    )
  }
  trace("run", runBegan)
} finally {
  await stopAll()
}
