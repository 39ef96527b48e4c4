// node bench/fairness.mjs: a quiet tenant's background work while another tenant floods, next to
// the same work alone, in one run.
//   runs   the flooding tenant starts FLOOD runs (3,000) of one `webhook.deliver` step to its partner,
//          which answers after 200 ms, 50 requests at a time; once they are queued the quiet tenant
//          starts QUIET runs (40) of one log step, 200 ms apart. The quiet tenant's figure is each
//          run's createdAt → finishedAt, p50/p95, against the same runs with nobody flooding; the
//          flooding tenant's, its runs/s (first createdAt to last finishedAt), against the same
//          flood with nobody else there (a lone tenant).
//   mail   the flooding tenant sends MAILS (2,000) messages, 50 requests at a time; once they are
//          queued the quiet tenant sends 5, 100 ms apart. The quiet tenant's figure is each
//          message's request → its arrival at the SMTP server, p50/p95, against the same alone.
//   hooks  the flooding tenant's webhook endpoint never answers; it posts HOOKS (500) chat
//          messages (a message.created event each), then the quiet tenant posts QUIET, 100 ms apart,
//          and QUIET more RETRIES_AFTER (30 s) after the flood, while the flood's retries are due. The
//          quiet tenant's figure is each message's request → its webhook's arrival at its endpoint,
//          p50/p95, against the same alone.
// Storage: the embedded default (PGlite, workers in the API's process) and Postgres with Redis (a
// private Redis database, one API process and one worker process, as `servicekit worker` runs),
// skipped when unreachable. BENCH_FAIRNESS_STORAGE=pglite,redis picks some, BENCH_FAIRNESS_PARTS=runs,mail,hooks
// some parts; BENCH_FAIRNESS_FLOOD, _MAILS and _HOOKS size the floods, _QUIET the quiet tenant's work.
import http from "node:http"
import { performance } from "node:perf_hooks"
import { SMTPServer } from "smtp-server"
import { Pool } from "undici"
import { freshDatabase, pool, reachable, sleep, start, stop, stopAll } from "./processes.mjs"

const FLOOD = Number(process.env.BENCH_FAIRNESS_FLOOD ?? 3_000)
// The quiet tenant's runs and events (BENCH_FAIRNESS_QUIET): enough that the p95 is not its one slowest.
const QUIET = Number(process.env.BENCH_FAIRNESS_QUIET ?? 40)
const MAILS = Number(process.env.BENCH_FAIRNESS_MAILS ?? 2_000)
const HOOKS = Number(process.env.BENCH_FAIRNESS_HOOKS ?? 500)
const RETRIES_AFTER = 30_000
const PARTNER_MS = 200
const CLIENTS = 50
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/2"
const chosen = (process.env.BENCH_FAIRNESS_STORAGE ?? "pglite,redis").split(",").filter(Boolean)
const parts = new Set((process.env.BENCH_FAIRNESS_PARTS ?? "runs,mail,hooks").split(","))

const percentile = (values, p) =>
  values.length === 0
    ? NaN
    : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const at = (timestamp) => Date.parse(timestamp)

const resetDatabase = (name) => freshDatabase(postgresUrl, name)

/** A partner that answers every POST after PARTNER_MS. */
const partner = () =>
  new Promise((resolve) => {
    const server = http.createServer((request, response) => {
      request.resume()
      setTimeout(() => response.end("ok"), PARTNER_MS)
    })
    server.keepAliveTimeout = 60_000
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${server.address().port}`, server }))
  })

/** A tenant's API over CLIENTS keep-alive connections. */
const apiOf = (url, key) => {
  const connections = new Pool(url, { connections: CLIENTS })
  return {
    call: async (method, path, body) => {
      const response = await connections.request({
        method,
        path,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      const text = await response.body.text()
      if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${text}`)
      return JSON.parse(text)
    },
    close: () => connections.close()
  }
}

const workflow = (api, stepsJson) =>
  api.call("POST", "/api/v1/automations/workflows", {
    name: `bench ${Math.random().toString(36).slice(2, 8)}`,
    active: true,
    triggerJson: { schemaVersion: 1, type: "manual" },
    stepsJson
  })

const run = (api, workflowId) =>
  api.call("POST", `/api/v1/automations/workflows/${workflowId}/run`, { context: "bench", payload: {} })

/** The run once it has ended (polled), or throws after `timeoutMs`. */
const ended = async (api, id, timeoutMs = 600_000) => {
  const given = Date.now() + timeoutMs
  while (Date.now() < given) {
    const found = await api.call("GET", `/api/v1/automations/runs/${id}`)
    if (found.finishedAt !== null) return found
    await sleep(50)
  }
  throw new Error(`run ${id} did not end in ${timeoutMs} ms`)
}

/** An SMTP server that notes when each message whose subject starts with "quiet" arrives, and counts the others. */
const mailSink = () =>
  new Promise((resolve) => {
    const arrived = new Map()
    let others = 0
    let lastOther = 0
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData: (stream, _session, callback) => {
        let head = ""
        stream.on("data", (chunk) => {
          if (head.length < 4_096) head += chunk.toString("latin1")
        })
        stream.on("end", () => {
          const subject = /^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? ""
          if (subject.startsWith("quiet")) arrived.set(subject, performance.now())
          else (others++, (lastOther = performance.now()))
          callback()
        })
      }
    })
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `smtp://127.0.0.1:${server.server.address().port}`,
        arrived,
        others: () => ({ count: others, last: lastOther }),
        close: () => server.close()
      })
    )
  })

/** An endpoint that answers each webhook at once (noting when each arrives), or never. */
const hookEndpoint = (answers) =>
  new Promise((resolve) => {
    const arrivals = []
    const server = http.createServer((request, response) => {
      request.resume()
      request.on("end", () => {
        arrivals.push(performance.now())
        if (answers) response.end("ok")
      })
    })
    server.listen(0, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/hooks`,
        arrivals,
        close: () => (server.closeAllConnections(), server.close())
      })
    )
  })

/** Waits until `done()` or `timeoutMs`. */
const until = async (done, timeoutMs = 300_000) => {
  const given = Date.now() + timeoutMs
  while (!done() && Date.now() < given) await sleep(20)
  if (!done()) throw new Error("timed out")
}

/** The quiet tenant's runs, 200 ms apart: createdAt → finishedAt of each. */
const quietRuns = async (api, workflowId) => {
  const started = []
  for (let i = 0; i < QUIET; i++) {
    started.push(run(api, workflowId))
    await sleep(200)
  }
  const runs = await Promise.all((await Promise.all(started)).map((one) => ended(api, one.id)))
  return runs.map((one) => at(one.finishedAt) - at(one.createdAt))
}

/** Starts the flood's runs, CLIENTS at a time; the runs. */
const flood = async (api, workflowId) => {
  const runs = []
  await pool(FLOOD, CLIENTS, async () => runs.push(await run(api, workflowId)))
  return runs
}

/** The flood's runs/s, first createdAt to last finishedAt, once every run has ended. */
const floodRate = async (api, runs) => {
  let last = 0
  for (const one of runs) last = Math.max(last, at((await ended(api, one.id)).finishedAt))
  const first = Math.min(...runs.map((one) => at(one.createdAt)))
  return runs.length / ((last - first) / 1000)
}

/** The quiet tenant's `count` sends, 100 ms apart: request → arrival at the SMTP server of each. */
const quietMails = async (api, sink, round, count = 5) => {
  const sent = []
  for (let i = 0; i < count; i++) {
    const subject = `quiet-${round}-${i}`
    const began = performance.now()
    await api.call("POST", "/api/v1/transactional/messages", { to: [`quiet${i}@example.com`], subject, text: "hello" })
    sent.push({ subject, began })
    await sleep(100)
  }
  await until(() => sent.every(({ subject }) => sink.arrived.has(subject)))
  return sent.map(({ subject, began }) => sink.arrived.get(subject) - began)
}

/**
 * The quiet tenant's messages, 100 ms apart: request → the arrival of a webhook at its endpoint,
 * the i-th arrival matched with the i-th message (the endpoint hears only the quiet tenant).
 */
const quietHooks = async (api, conversationId, endpoint, round) => {
  const before = endpoint.arrivals.length
  const began = []
  for (let i = 0; i < QUIET; i++) {
    began.push(performance.now())
    await api.call("POST", `/api/v1/chat/conversations/${conversationId}/messages`, { content: `quiet ${round} ${i}` })
    await sleep(100)
  }
  await until(() => endpoint.arrivals.length - before >= QUIET, 120_000)
  return began.map((at, i) => endpoint.arrivals[before + i] - at)
}

const spread = (values) => [percentile(values, 50), percentile(values, 95)]

const scenario = async (storage) => {
  const env =
    storage === "pglite"
      ? {}
      : {
          BENCH_FAIRNESS_DATABASE_URL: await resetDatabase("servicekit_bench_fairness"),
          BENCH_FAIRNESS_REDIS_URL: redisUrl,
          BENCH_FAIRNESS_WORKER_PROCESS: "1"
        }
  const target = await partner()
  const sink = await mailSink()
  const hanging = await hookEndpoint(false)
  const answering = await hookEndpoint(true)
  const kit = await start(new URL("./fairness/server.mjs", import.meta.url), { ...env, BENCH_FAIRNESS_SMTP_URL: sink.url })
  const { url, tenants } = kit.first
  const flooding = apiOf(url, tenants.flooding.key)
  const quiet = apiOf(url, tenants.quiet.key)
  const floodingMail = apiOf(url, tenants.flooding.mailKey)
  const quietMail = apiOf(url, tenants.quiet.mailKey)
  const floodingChat = apiOf(url, tenants.flooding.chatKey)
  const quietChat = apiOf(url, tenants.quiet.chatKey)
  const result = { storage }
  try {
    if (parts.has("runs")) {
      const delivering = await workflow(flooding, [
        { type: "skill", skillId: "webhook.deliver", input: { url: `${target.url}/partner`, body: { n: 1 } } }
      ])
      const logging = await workflow(quiet, [{ type: "log", message: "hi" }])
      // Warm both paths.
      await ended(quiet, (await run(quiet, logging.id)).id)
      await ended(flooding, (await run(flooding, delivering.id)).id)
      const alone = await quietRuns(quiet, logging.id)
      const loneRate = await floodRate(flooding, await flood(flooding, delivering.id))
      // The flood, and the quiet tenant's runs once the flood is queued.
      const flooded = await flood(flooding, delivering.id)
      const underFlood = await quietRuns(quiet, logging.id)
      const sharedRate = await floodRate(flooding, flooded)
      result.runs = { alone: spread(alone), flooded: spread(underFlood), loneRate, sharedRate }
    }

    if (parts.has("mail")) {
      const mailAlone = await quietMails(quietMail, sink, "alone")
      const before = sink.others().count
      const mailBegan = performance.now()
      await pool(MAILS, CLIENTS, (i) =>
        floodingMail.call("POST", "/api/v1/transactional/messages", {
          to: [`flood${i}@example.com`],
          subject: `flood ${i}`,
          text: "x"
        })
      )
      const mailUnderFlood = await quietMails(quietMail, sink, "flood")
      await until(() => sink.others().count - before >= MAILS)
      const mailRate = MAILS / ((sink.others().last - mailBegan) / 1000)
      result.mail = { alone: spread(mailAlone), flooded: spread(mailUnderFlood), rate: mailRate }
    }

    if (parts.has("hooks")) {
      const subscribe = (api, tenant, endpoint) =>
        api.call("POST", `/api/tenants/${tenant.id}/webhooks`, { url: endpoint.url, events: ["message.created"] })
      await subscribe(floodingChat, tenants.flooding, hanging)
      await subscribe(quietChat, tenants.quiet, answering)
      const floodingConversation = await floodingChat.call("POST", "/api/v1/chat/conversations", { name: "Flood" })
      const quietConversation = await quietChat.call("POST", "/api/v1/chat/conversations", { name: "Quiet" })
      const hooksAlone = await quietHooks(quietChat, quietConversation.id, answering, "alone")
      const flooded = performance.now()
      await pool(HOOKS, CLIENTS, (i) =>
        floodingChat.call("POST", `/api/v1/chat/conversations/${floodingConversation.id}/messages`, {
          content: `flood ${i}`
        })
      )
      const hooksUnderFlood = await quietHooks(quietChat, quietConversation.id, answering, "flood")
      await sleep(Math.max(0, flooded + RETRIES_AFTER - performance.now()))
      const hooksWithRetries = await quietHooks(quietChat, quietConversation.id, answering, "retries")
      result.hooks = {
        alone: spread(hooksAlone),
        flooded: spread(hooksUnderFlood),
        retries: spread(hooksWithRetries),
        reached: hanging.arrivals.length
      }
    }
    return result
  } finally {
    for (const api of [flooding, quiet, floodingMail, quietMail, floodingChat, quietChat]) await api.close()
    await stop(kit.child)
    target.server.close()
    sink.close()
    hanging.close()
    answering.close()
  }
}

const results = []
for (const storage of chosen) {
  if (storage === "redis" && !((await reachable(postgresUrl, 5432)) && (await reachable(redisUrl, 6379)))) {
    console.log("redis: skipped (Postgres or Redis unreachable)")
    continue
  }
  results.push(await scenario(storage))
}
await stopAll()

const ms = ([p50, p95]) => `${Math.round(p50)} / ${Math.round(p95)}`
console.log(
  `\nFairness: a quiet tenant's work, alone and while another tenant floods (p50 / p95 ms); the ratio is of the p95s\n` +
    `  runs:  ${FLOOD} runs of one webhook.deliver to a ${PARTNER_MS} ms partner against ${QUIET} one-log-step runs, 200 ms apart (createdAt → finishedAt)\n` +
    `  mail:  ${MAILS} messages against 5, 100 ms apart (request → the SMTP server)\n` +
    `  hooks: ${HOOKS} chat messages to an endpoint that never answers against ${QUIET}, 100 ms apart (request → the webhook's arrival);\n` +
    `         "retries": ${QUIET} more ${RETRIES_AFTER / 1000} s after the flood began, while its retries are due\n`
)
console.log("storage   part    quiet alone   quiet under flood   ratio   the flood's own rate")
for (const r of results) {
  const row = (part, figures, rate) =>
    console.log(
      [
        r.storage.padEnd(9),
        part.padEnd(7),
        ms(figures.alone).padEnd(13),
        ms(figures.flooded).padEnd(19),
        (figures.flooded[1] / figures.alone[1]).toFixed(1).padEnd(7),
        rate
      ].join(" ")
    )
  if (r.runs)
    row(
      "runs",
      r.runs,
      `${r.runs.sharedRate.toFixed(1)} runs/s beside the quiet tenant, ${r.runs.loneRate.toFixed(1)} alone (${(r.runs.sharedRate / r.runs.loneRate).toFixed(2)})`
    )
  if (r.mail) row("mail", r.mail, `${r.mail.rate.toFixed(0)} messages/s`)
  if (r.hooks) {
    row("hooks", r.hooks, `${r.hooks.reached} requests reached the hanging endpoint`)
    row("retries", { alone: r.hooks.alone, flooded: r.hooks.retries }, "")
  }
}
process.exit(0)
