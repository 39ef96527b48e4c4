// node bench/search.mjs: Live Chat's search (GET /api/v1/chat/conversations?q=) on PostgreSQL over
// BENCH_SEARCH_MESSAGES (default 1,000,000) messages in BENCH_SEARCH_CONVERSATIONS (default 20,000)
// conversations of one tenant, beside another tenant's 100,000, seeded in SQL. Each message holds
// eight words drawn from a vocabulary of 20,000 by a Zipf-like rule, so some words are in a third of
// the messages and most in a handful, as in real chat.
//   searches   BENCH_SEARCH_QUERIES (default 300) searches through the API, one at a time: common
//              words, rare words, two words, word beginnings (3 letters), a visitor's name; p50/p95/p99
//              (budget: p95 within 200 ms), next to the same search's SQL run directly with pg (the
//              first page of 25 conversations, newest first) as the baseline
// Run after `npm run build`; BENCH_DATABASE_URL names a database the bench may drop and create.
import { mkdtempSync, rmSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { createServiceKit, listen } from "@servicekit/host-node"
import pg from "pg"

const MESSAGES = Number(process.env.BENCH_SEARCH_MESSAGES ?? 1_000_000)
const CONVERSATIONS = Number(process.env.BENCH_SEARCH_CONVERSATIONS ?? 20_000)
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 300)
const OTHER_MESSAGES = 100_000
const VOCABULARY = 20_000
const BUDGET_MS = 200
const SCHEMA = "servicekit"
const postgresUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/servicekit_bench"

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]
const spread = (values) => [50, 95, 99].map((p) => percentile(values, p))
const load = () => loadavg().map((value) => value.toFixed(2)).join(" ")

const admin = new pg.Client({ connectionString: postgresUrl.replace(/\/[^/]+$/, "/postgres") })
await admin.connect()
await admin.query("drop database if exists servicekit_bench_search with (force)")
await admin.query("create database servicekit_bench_search")
await admin.end()
const databaseUrl = postgresUrl.replace(/\/[^/]+$/, "/servicekit_bench_search")

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-bench-search-"))
const kit = createServiceKit({ dataDir, databaseUrl, logLevel: "warn", keyRateLimitPerMinute: 100_000_000 })
const server = await listen(kit, { port: 0, host: "127.0.0.1" })
const tenantWithKey = async (name) => {
  const tenant = await kit.admin.createTenant({ name, entitlements: ["chat"] })
  const { key } = await kit.admin.createKey({ tenantId: tenant.id, product: "chat", environment: "live", scopes: ["chat:read", "chat:write"] })
  return { tenantId: tenant.id, key }
}
const searched = await tenantWithKey("Bench search")
const other = await tenantWithKey("Bench other")

const db = new pg.Client({ connectionString: databaseUrl })
await db.connect()
await db.query(`set search_path to ${SCHEMA}`)

// Words w0 … w19999, spelled as letters so that prefixes mean something; word n is drawn with weight ~1/(n+1).
const word = (n) => {
  let text = ""
  let rest = n
  do {
    text += "bcdfghjklmnprstvz"[rest % 17] + "aeiou"[Math.floor(rest / 17) % 5]
    rest = Math.floor(rest / 85)
  } while (rest > 0)
  return `${text}${n % 7 === 0 ? "s" : ""}`
}
const words = Array.from({ length: VOCABULARY }, (_, n) => word(n))

/** Seeds `count` messages in `conversations` conversations of `tenantId`, in SQL, drawing words in the database. */
const seed = async (tenantId, conversations, count) => {
  const began = performance.now()
  await db.query(
    `insert into visitors (tenant_id, id, external_id, display_name, email, attributes, created_at, updated_at)
     select $1, gen_random_uuid(), 'customer-' || n, 'Visitor ' || ($3::text[])[1 + (n * 7919) % ${VOCABULARY}],
            'v' || n || '@example.com', '{}', now() - make_interval(mins => n), now() - make_interval(mins => n)
     from generate_series(1, $2::int) as n`,
    [tenantId, conversations, words]
  )
  await db.query(
    `insert into conversations (tenant_id, id, visitor_id, visitor_external_id, visitor_display_name, visitor_email, name,
                                status, priority, source, message_count, last_message_at, last_message_author_type,
                                last_message_preview, created_at, updated_at)
     select v.tenant_id, gen_random_uuid(), v.id, v.external_id, v.display_name, v.email, null,
            (array['open','open','resolved','closed','pending'])[1 + (row_number() over () % 5)], 'normal', 'widget',
            $2::int, v.created_at, 'visitor', 'Hello', v.created_at, v.created_at
     from visitors v where v.tenant_id = $1`,
    [tenantId, Math.ceil(count / conversations)]
  )
  // Zipf-like: floor(V^u) for u uniform in [0, 1) is n with probability log((n+1)/n) / log(V), about 1/n.
  const perConversation = Math.ceil(count / conversations)
  for (let from = 0; from < conversations; from += 2_000) {
    await db.query(
      `insert into chat_messages (tenant_id, id, conversation_id, sequence, author_type, author_id, author_name, author_initials, content, files, created_at)
       select c.tenant_id, gen_random_uuid(), c.id, s,
              case when s % 2 = 1 then 'visitor' else 'agent' end, null, null, null,
              (select string_agg(($4::text[])[least(${VOCABULARY}, floor(power(${VOCABULARY}, random()))::int)], ' ')
                 from generate_series(1, 8 + 0 * s)),
              '[]', c.created_at + make_interval(secs => s)
       from (select * from conversations where tenant_id = $1 order by id offset $2 limit 2000) c,
            generate_series(1, $3::int) as s`,
      [tenantId, from, perConversation, words]
    )
  }
  console.log(`seeded ${count.toLocaleString("en")} messages in ${conversations.toLocaleString("en")} conversations in ${((performance.now() - began) / 1000).toFixed(0)} s`)
}
// The text index is built once after the load, as a restore would, rather than grown row by row.
await db.query("drop index chat_messages_text_idx")
await seed(searched.tenantId, CONVERSATIONS, MESSAGES)
await seed(other.tenantId, 2_000, OTHER_MESSAGES)
const indexing = performance.now()
await db.query("set maintenance_work_mem = '256MB'")
await db.query("create index chat_messages_text_idx on chat_messages using gin (to_tsvector('simple', content))")
console.log(`indexed the messages' words in ${((performance.now() - indexing) / 1000).toFixed(0)} s`)
await db.query("analyze")

const frequency = async (term) =>
  Number(
    (
      await db.query(
        `select count(*) from chat_messages where tenant_id = $1 and to_tsvector('simple', content) @@ to_tsquery('simple', $2)`,
        [searched.tenantId, `${term}:*`]
      )
    ).rows[0].count
  )

// The searches: a spread of words by how common they are, pairs, beginnings and names.
const pick = (n) => words[Math.floor(n)]
const searches = Array.from({ length: QUERIES }, (_, i) => {
  switch (i % 5) {
    case 0:
      return pick(i % 20) // among the commonest
    case 1:
      return pick(1_000 + ((i * 37) % 15_000)) // rare
    case 2:
      return `${pick(i % 50)} ${pick(200 + ((i * 13) % 2_000))}`
    case 3:
      return pick(100 + ((i * 31) % 5_000)).slice(0, 3)
    default:
      return `visitor ${pick((i * 7919) % VOCABULARY)}`
  }
})
console.log(`commonest word "${words[0]}" in ${(await frequency(words[0])).toLocaleString("en")} messages; a rare one "${words[9_000]}" in ${await frequency(words[9_000])}`)

const api = async (q) => {
  const began = performance.now()
  const response = await fetch(`${server.url}/api/v1/chat/conversations?limit=25&q=${encodeURIComponent(q)}`, {
    headers: { authorization: `Bearer ${searched.key}` }
  })
  if (!response.ok) throw new Error(`${q}: ${response.status} ${await response.text()}`)
  await response.json()
  return performance.now() - began
}
// The same search by hand: conversations whose names hold every term, and those with a message holding each term's words.
const raw = async (q) => {
  const terms = q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((term) => term !== "")
  const began = performance.now()
  await db.query(
    `select * from (
       (select * from conversations c where c.tenant_id = $1
          and (select bool_and(strpos(lower(concat_ws(' ', c.name, c.visitor_display_name, c.visitor_email, c.visitor_external_id)), t) > 0) from unnest($2::text[]) t)
        order by created_at desc, id desc limit 25)
       union
       (select * from conversations c where c.tenant_id = $1
          and exists (select 1 from chat_messages m where m.tenant_id = $1 and m.conversation_id = c.id
                        and to_tsvector('simple', m.content) @@ to_tsquery('simple', $3))
        order by created_at desc, id desc limit 25)
     ) found order by created_at desc, id desc limit 25`,
    [searched.tenantId, terms, terms.map((term) => `${term}:*`).join(" & ")]
  )
  return performance.now() - began
}

// Warm both paths once, then alternate.
for (const q of searches.slice(0, 10)) {
  await api(q)
  await raw(q)
}
const apiTimes = []
const rawTimes = []
for (const q of searches) {
  apiTimes.push(await api(q))
  rawTimes.push(await raw(q))
}
const [a50, a95, a99] = spread(apiTimes)
const [r50, r95, r99] = spread(rawTimes)
const byKind = ["common word", "rare word", "two words", "beginning", "name"].map((kind, k) => {
  const times = apiTimes.filter((_, i) => i % 5 === k)
  return `${kind} p95 ${percentile(times, 95).toFixed(1)} ms`
})
console.log(`\nLive Chat search on PostgreSQL, ${MESSAGES.toLocaleString("en")} messages (load average ${load()})`)
console.log(`  API        p50 ${a50.toFixed(1)} ms  p95 ${a95.toFixed(1)} ms  p99 ${a99.toFixed(1)} ms over ${QUERIES} (budget p95 ${BUDGET_MS} ms) ${a95 <= BUDGET_MS ? "met" : "MISSED"}`)
console.log(`  SQL alone  p50 ${r50.toFixed(1)} ms  p95 ${r95.toFixed(1)} ms  p99 ${r99.toFixed(1)} ms`)
console.log(`  ratio p95 API / SQL ${(a95 / r95).toFixed(2)}`)
console.log(`  ${byKind.join(", ")}`)

await db.end()
await server.close()
await kit.dispose()
rmSync(dataDir, { recursive: true, force: true })
