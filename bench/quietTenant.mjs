// What bench/deletion.mjs and bench/retention.mjs share: a quiet tenant with 10,000 calls and a
// conversation, whose calls list and chat posts are loaded alone, then again beside background work
// on another tenant's data, and the table comparing the two.
import autocannon from "autocannon"

const QUIET_CALLS = 10_000
const CONNECTIONS = 20
const SECONDS = 10

/** The kit's settings for the server: rate limits far above the load. */
export const unlimited = {
  env: "development",
  logLevel: "warn",
  keyRateLimitPerMinute: 100_000_000,
  ipRateLimits: [{ pathPrefix: "/v1/", limit: 100_000_000, windowMs: 60_000 }]
}

/** In the server's Effect: the quiet tenant's calls, and its voice and chat keys. */
export const seedQuiet = (Effect, CallingService, keys, quietId) =>
  Effect.gen(function* () {
    const calls = Array.from({ length: QUIET_CALLS }, (_, i) => ({
      id: globalThis.crypto.randomUUID(),
      fromId: `+1555${String(i).padStart(7, "0")}`,
      toId: "+15550000000",
      direction: "inbound",
      durationSecs: 60,
      result: "completed",
      startedAt: new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString(),
      endedAt: new Date(Date.UTC(2026, 9, 1) + i * 60_000 + 60_000).toISOString(),
      callSid: null,
      mosScore: null
    }))
    for (let i = 0; i < calls.length; i += 2_000) yield* (yield* CallingService).ingest(quietId, calls.slice(i, i + 2_000))
    const keyOf = (product, scopes) =>
      Effect.map(keys.create({ tenantId: quietId, product, environment: "live", scopes }), ({ key }) => key)
    return { voiceKey: yield* keyOf("voice", ["voice:read"]), chatKey: yield* keyOf("chat", ["chat:read", "chat:write"]) }
  })

const load = async (url, options) => {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...options })
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

/**
 * The quiet tenant's calls list (limit 50) and chat posts, each loaded by 20 connections for 10 s:
 * alone (after a warm-up), then again after `begin()` has started the background work.
 */
export const besideWork = async (server, begin) => {
  const chat = { authorization: `Bearer ${server.chatKey}`, "content-type": "application/json" }
  const conversation = await (
    await fetch(`${server.url}/api/v1/chat/conversations`, { method: "POST", headers: chat, body: JSON.stringify({ name: "Bench" }) })
  ).json()
  const parts = {
    "calls list": () => load(`${server.url}/api/v1/voice/calls?limit=50`, { headers: { authorization: `Bearer ${server.voiceKey}` } }),
    "chat posts": () =>
      load(`${server.url}/api/v1/chat/conversations/${conversation.id}/messages`, {
        method: "POST",
        headers: chat,
        body: JSON.stringify({ content: "A reply." })
      })
  }
  const alone = {}
  for (const [name, run] of Object.entries(parts)) {
    await run() // warm up
    alone[name] = await run()
  }
  const started = await begin()
  const during = {}
  for (const [name, run] of Object.entries(parts)) during[name] = await run()
  return { alone, during, started }
}

/** The table: each part alone and during `what`, with the p99 ratio. */
export const printBeside = ({ alone, during }, what) => {
  console.log(`| part | alone p50 / p99 (ms) | during ${what} p50 / p99 | p99 ratio | req/s alone / during |`)
  console.log("|---|---|---|---|---|")
  for (const name of Object.keys(alone)) {
    const [a, d] = [alone[name], during[name]]
    const errors = a.errors + d.errors > 0 ? ` errors ${a.errors + d.errors}` : ""
    console.log(`| ${name} | ${a.p50} / ${a.p99} | ${d.p50} / ${d.p99} | ${(d.p99 / a.p99).toFixed(2)} | ${a.rps} / ${d.rps} |${errors}`)
  }
}
