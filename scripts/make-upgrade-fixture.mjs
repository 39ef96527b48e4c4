// Writes the upgrade fixture: a PostgreSQL database written by this checkout's code, holding
// automation runs in every state a running system leaves behind (finished, queued, waiting for an
// approval, a timer, a node, an approval in the middle of an agent loop, and an agent loop whose
// worker was killed mid turn) and a webhook subscription with a delivery that succeeded, one that
// failed for good and one waiting for its retry, dumped as SQL beside what a test needs to go on
// with it (keys, the device and signing secrets, the run and delivery ids). packages/host-node/test/upgrade*.test.ts load it, migrate it
// with a later build and check every run finishes. Run after `npm run build`, with PostgreSQL at
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test):
//   node scripts/make-upgrade-fixture.mjs <name>     e.g. 0028, the last migration it holds
import { execFileSync, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"
import { startModelServer } from "@servicekit/conformance/model-server"
import { createServiceKit, toNodeListener } from "@servicekit/host-node"

const name = process.argv[2]
if (!/^\d{4}$/.test(name ?? "")) throw new Error("usage: node scripts/make-upgrade-fixture.mjs <four digits>")
const root = fileURLToPath(new URL("..", import.meta.url))
const out = join(root, "packages/host-node/test/fixtures/upgrade")
const cli = join(root, "packages/host-node/dist/cli.js")
const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test"

const database = `servicekit_upgrade_${process.pid}`
const admin = new pg.Client({ connectionString: adminUrl })
await admin.connect()
await admin.query(`CREATE DATABASE ${database}`)
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).href
const dataDir = mkdtempSync(join(tmpdir(), "servicekit-upgrade-fixture-"))
const models = await startModelServer({ apiKey: "upgrade-model-key" })

// What the test must configure the same way; the model server's address it chooses itself.
const secrets = {
  SERVICEKIT_JWT_SECRET: "an-upgrade-fixture-secret-of-32-bytes!!",
  SERVICEKIT_SECRET_KEY: "5e".repeat(32),
  // The webhook receiver listens on loopback, over http.
  SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true"
}
const env = {
  ...secrets,
  DATABASE_URL: databaseUrl,
  REDIS_URL: "",
  SERVICEKIT_DATA_DIR: dataDir,
  SERVICEKIT_LOG_LEVEL: "warn",
  SERVICEKIT_RUN_LEASE_SECONDS: "5",
  SERVICEKIT_LLM_BASE_URL: models.baseUrl,
  SERVICEKIT_LLM_API_KEY: "upgrade-model-key",
  SERVICEKIT_LLM_TIMEOUT_SECONDS: "120",
  SERVICEKIT_LLM_MODELS: JSON.stringify({ fast: { model: "m-fast" } })
}
Object.assign(process.env, env)

// The API in this process without workers; the workers in a `servicekit worker` process, killed
// mid turn at the end as a crashed worker would be.
const kit = createServiceKit({ workers: "off" })
const server = createServer(toNodeListener(kit))
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve))
const apiRoot = `http://127.0.0.1:${server.address().port}/api`
const base = `${apiRoot}/v1`
const worker = spawn(process.execPath, [cli, "worker"], { env: { ...process.env, ...env }, stdio: "inherit" })

const call = async (credential, method, path, body, root = base) => {
  const response = await fetch(`${root}${path}`, {
    method,
    headers: {
      ...(credential === undefined ? {} : { authorization: `Bearer ${credential}` }),
      ...(body === undefined ? {} : { "content-type": "application/json" })
    },
    body: body === undefined ? undefined : JSON.stringify(body)
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
  return JSON.parse(text)
}
const until = async (what, check, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = await check()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const tenant = await kit.admin.createTenant({ name: "Upgrade", entitlements: ["automations", "ai_agent", "chat"] })
const { key } = await kit.admin.createKey({
  tenantId: tenant.id,
  product: "automations",
  environment: "live",
  scopes: ["automations:manage"]
})
const api = (method, path, body) => call(key, method, `/automations${path}`, body)
const run = async (steps, payload = {}) => {
  const workflow = await api("POST", "/workflows", {
    name: `Upgrade ${steps.map((step) => step.type).join(" ")}`,
    triggerJson: { schemaVersion: 1, type: "manual" },
    stepsJson: steps
  })
  return (await api("POST", `/workflows/${workflow.id}/run`, { payload })).id
}
const reaches = (id, status) =>
  until(`run ${id} ${status}`, async () => {
    const found = await api("GET", `/runs/${id}`)
    if (["failed", "cancelled"].includes(found.status)) throw new Error(`run ${id} ${found.status}: ${JSON.stringify(found)}`)
    return found.status === status ? found : undefined
  })

await api("PUT", "/models", { primary: "fast", failover: [] })
await api("POST", "/tool-profiles", { name: "default", requireApprovalSkills: ["memory.write"] })
const node = await api("POST", "/nodes", { name: "Upgrade laptop" })
const claimed = await call(undefined, "POST", "/automations/nodes/claim", {
  pairingCode: node.pairingCode,
  platform: "linux x64",
  version: "1.0.0",
  capabilities: ["node.files_list"]
})

const runs = {}
runs.finished = await run([{ type: "log", message: "finished for {{payload.name}}" }], { name: "Ada" })
await reaches(runs.finished, "succeeded")
runs.approval = await run([{ type: "approval", title: "Upgrade?" }, { type: "log", message: "approved" }])
await reaches(runs.approval, "waiting_approval")
// Long enough to be waiting when dumped; the test moves the clock of the dump to its own now.
runs.timer = await run([{ type: "wait", seconds: 20 }, { type: "log", message: "timer done" }])
await reaches(runs.timer, "waiting_timer")
runs.node = await run([
  { type: "skill", skillId: "node.files_list", input: { nodeId: node.id, path: "/srv", timeoutSeconds: 600 } },
  { type: "log", message: "{{last.outputText}}" }
])
await reaches(runs.node, "waiting_node")

// A webhook endpoint whose receiver answers 200, then 400 (failed for good), then 500 (retried
// later: pending when dumped), one Live Chat event each.
let answer = 200
const hooks = createServer((request, response) => request.resume().on("end", () => response.writeHead(answer).end()))
await new Promise((resolve) => hooks.listen(0, "127.0.0.1", resolve))
const chatKey = (
  await kit.admin.createKey({
    tenantId: tenant.id,
    product: "chat",
    environment: "live",
    scopes: ["chat:write", "webhooks:manage"]
  })
).key
const chat = (method, path, body) => call(chatKey, method, path, body)
const webhooksPath = `/tenants/${tenant.id}/webhooks`
const subscription = await call(
  chatKey,
  "POST",
  webhooksPath,
  { url: `http://127.0.0.1:${hooks.address().port}/hooks`, events: ["conversation.created", "message.created"] },
  apiRoot
)
const history = () => call(chatKey, "GET", `${webhooksPath}/${subscription.id}/deliveries`, undefined, apiRoot)
const attempted = async (statusCode) =>
  (await until(`an attempt answered ${statusCode}`, async () => (await history()).data.find((attempt) => attempt.statusCode === statusCode)))
    .deliveryId
const conversation = await chat("POST", "/chat/conversations", { name: "Upgrade" })
const deliveries = { succeeded: await attempted(200) }
answer = 400
await chat("POST", `/chat/conversations/${conversation.id}/messages`, { content: "refused" })
deliveries.failed = await attempted(400)
answer = 500
await chat("POST", `/chat/conversations/${conversation.id}/messages`, { content: "retried" })
deliveries.pending = await attempted(500)
hooks.close()
const webhooks = { subscriptionId: subscription.id, secret: subscription.secret, chatKey, deliveries }

// The workspace session: its memory is the account's, readable through the API.
const agent = {
  type: "agent",
  instructions: "Keep notes.",
  skills: ["memory.write", "memory.read"],
  session: { scope: "workspace" }
}
models.cue("m-fast", { reply: 'TOOL_CALL:memory.write|{"key":"upgrade/notes","value":"kept"}' })
runs.agentApproval = await run([agent, { type: "log", message: "{{last.outputText}}" }])
await reaches(runs.agentApproval, "waiting_approval")

// One turn done (an allowed read), the next model call hanging when the worker is killed.
const asked = models.requests().length
models.cue("m-fast", { reply: 'TOOL_CALL:memory.read|{"key":"upgrade/notes"}' }, "hang")
runs.agentRunning = await run([agent, { type: "log", message: "{{last.outputText}}" }])
await until("the agent's second model call", async () => (models.requests().length >= asked + 2 ? true : undefined))
worker.kill("SIGKILL")
await new Promise((resolve) => worker.once("exit", resolve))

// With no worker left, a new run stays queued.
runs.queued = await run([{ type: "log", message: "queued for {{payload.name}}" }], { name: "Grace" })

const dump = execFileSync(
  "pg_dump",
  ["--inserts", "--no-owner", "--no-privileges", "--schema=servicekit", "--schema=servicekit_jobs", databaseUrl],
  { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 }
)
mkdirSync(out, { recursive: true })
// Plain SQL for any client: psql's meta-commands (\\restrict of newer pg_dump) left out.
writeFileSync(join(out, `${name}.sql`), dump.replace(/^\\.*\n/gm, ""))
const commit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).trim()
writeFileSync(
  join(out, `${name}.json`),
  `${JSON.stringify(
    {
      commit,
      dumpedAt: new Date().toISOString(),
      env: secrets,
      tenantId: tenant.id,
      key,
      node: { id: node.id, secret: claimed.deviceSecret },
      runs,
      webhooks
    },
    null,
    2
  )}\n`
)

server.close()
await models.close()
await kit.dispose()
await admin.query(`DROP DATABASE ${database} WITH (FORCE)`)
await admin.end()
rmSync(dataDir, { recursive: true, force: true })
console.log(`wrote ${join(out, `${name}.sql`)} and ${name}.json`)
process.exit(0)
