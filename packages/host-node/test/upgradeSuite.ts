import { execFile } from "node:child_process"
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { type ModelServer, startModelServer } from "@servicekit/conformance"
import { ServiceKit } from "@servicekit/core"
import { RunRepository, WaitpointRepository } from "@servicekit/core/internal"
import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { resolveConfig } from "../src/Config.js"
import { portsLayer } from "../src/Runtime.js"
import { type RunningServer, listen } from "../src/Server.js"
import { apiCaller, expectJson, until } from "./automationsClient.js"
import { receiver } from "./webhookReceiver.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))
const fixtures = new URL("./fixtures/upgrade/", import.meta.url)

/** A database written by an earlier build (scripts/make-upgrade-fixture.mjs): its SQL and what goes with it. */
export const upgradeFixture = (name: string) => ({
  sql: readFileSync(new URL(`${name}.sql`, fixtures), "utf8"),
  facts: JSON.parse(readFileSync(new URL(`${name}.json`, fixtures), "utf8")) as {
    readonly dumpedAt: string
    readonly tenantId: string
    readonly env: Record<string, string>
    readonly key: string
    readonly node: { readonly id: string; readonly secret: string }
    readonly runs: Record<
      "finished" | "approval" | "timer" | "node" | "agentApproval" | "agentRunning" | "queued",
      string
    >
    /** A webhook subscription and its deliveries (fixtures made since webhooks were a module). */
    readonly webhooks?: {
      readonly subscriptionId: string
      readonly secret: string
      readonly chatKey: string
      readonly deliveries: Record<"succeeded" | "failed" | "pending", string>
    }
  }
})

/** Seconds between the old build's last write and the new build's start. */
const DOWNTIME_SECONDS = 15

/**
 * SQL that moves every timestamp of ServiceKit's schemas by the same interval, so the dump reads
 * as written `DOWNTIME_SECONDS` before now: due times, leases and deadlines keep their distance
 * from the moment the old build stopped. It reads the columns from the catalog, so it holds for
 * whatever tables the fixture's build had.
 */
export const rebaseTimestamps = (dumpedAt: string) => `
DO $$
DECLARE
  shift interval := now() - (${literal(dumpedAt)}::timestamptz + interval '${DOWNTIME_SECONDS} seconds');
  col record;
BEGIN
  FOR col IN
    SELECT n.nspname AS schema_name, c.relname AS table_name, a.attname AS column_name
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname IN ('servicekit', 'servicekit_jobs')
      AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      AND a.atttypid IN ('timestamptz'::regtype, 'timestamp'::regtype)
  LOOP
    EXECUTE format('UPDATE %I.%I SET %I = %I + $1', col.schema_name, col.table_name, col.column_name, col.column_name)
      USING shift;
  END LOOP;
END $$;`

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

/**
 * An upgrade from the database `fixtureName` holds: `load` puts its SQL (then the rebase) into a
 * fresh database and answers the environment that points a kit at it. `servicekit migrate` of this
 * build upgrades it; every run it left waiting, queued or mid turn then finishes as it would have.
 */
export const upgradeSuite = (
  label: string,
  fixtureName: string,
  load: (sql: string) => Promise<Record<string, string>>
) =>
  describe(`a database written by an earlier build (${fixtureName}), upgraded, ${label}`, () => {
    const { sql, facts } = upgradeFixture(fixtureName)
    let models: ModelServer
    let kit: ServiceKit.ServiceKit<unknown> | undefined
    let server: RunningServer | undefined
    let env: Record<string, string>
    let migrated: string

    beforeAll(async () => {
      models = await startModelServer({ apiKey: "upgrade-model-key" })
      const storage = await load(`${sql}\n${rebaseTimestamps(facts.dumpedAt)}`)
      env = {
        ...facts.env,
        ...storage,
        SERVICEKIT_LOG_LEVEL: "warn",
        SERVICEKIT_RUN_LEASE_SECONDS: "5",
        SERVICEKIT_LLM_BASE_URL: models.baseUrl,
        SERVICEKIT_LLM_API_KEY: "upgrade-model-key",
        SERVICEKIT_LLM_MODELS: JSON.stringify({ fast: { model: "m-fast" } })
      }
      migrated = (await promisify(execFile)(process.execPath, [cli, "migrate"], { env: { ...process.env, ...env } })).stdout
      kit = ServiceKit.make(portsLayer(resolveConfig({ workers: "off" }, { ...process.env, ...env })))
      server = await listen(kit!, { port: 0, host: "127.0.0.1" })
    }, 120_000)
    afterAll(async () => {
      await server?.close()
      await kit?.dispose()
      await models?.close()
    })

    const api = (method: string, path: string, body?: unknown) =>
      apiCaller(server!)(() => facts.key)(method, `/automations${path}`, body)
    const device = (method: string, path: string, body?: unknown) =>
      apiCaller(server!)(() => facts.node.secret)(method, `/automations/nodes/${facts.node.id}${path}`, body)
    const run = async (id: string) => expectJson(await api("GET", `/runs/${id}`))
    const finished = (id: string) =>
      until(
        `run ${id} to finish`,
        async () => {
          const found = await run(id)
          return ["succeeded", "failed", "cancelled"].includes(found.status) ? found : undefined
        },
        60_000
      )

    it("migrates with `servicekit migrate`, and reads every run as the earlier build left it", async () => {
      expect(migrated).toContain("Database schema is up to date.")
      const states = Object.fromEntries(
        await Promise.all(Object.entries(facts.runs).map(async ([name, id]) => [name, (await run(id)).status]))
      )
      expect(states).toEqual({
        finished: "succeeded",
        approval: "waiting_approval",
        timer: "waiting_timer",
        node: "waiting_node",
        agentApproval: "waiting_approval",
        agentRunning: "running",
        queued: "queued"
      })
      // Each waiting run now waits on one waitpoint of its kind, and its lease column holds no wait.
      const waits = await kit!.runtime.runPromise(
        Effect.gen(function* () {
          const waitpoints = yield* WaitpointRepository
          const runs = yield* RunRepository
          return yield* Effect.forEach(Object.entries(facts.runs), ([name, id]) =>
            Effect.gen(function* () {
              const stored = Option.getOrThrow(yield* runs.find(facts.tenantId, id))
              const waiting = yield* waitpoints.waiting(facts.tenantId, id)
              const kinds = waiting.map((w) => (w.kind === "node_command" ? `${w.kind} ${w.resourceId?.split("/")[0]}` : w.kind))
              return [name, stored.leaseUntil === null || stored.status === "running", kinds]
            })
          )
        })
      )
      expect(Object.fromEntries(waits.map(([name, ...rest]) => [name, rest]))).toEqual({
        finished: [true, []],
        approval: [true, ["approval"]],
        timer: [true, ["timer"]],
        node: [true, [`node_command ${facts.node.id}`]],
        agentApproval: [true, ["approval"]],
        agentRunning: [true, []],
        queued: [true, []]
      })
      const done = await run(facts.runs.finished)
      expect(done.stepsResultJson[0]).toMatchObject({ status: "succeeded", outputText: "finished for Ada" })
      const agent = await run(facts.runs.agentApproval)
      expect(agent.stepsResultJson[0].output.turns.map((turn: any) => turn.verdict)).toEqual(["approval"])
    })

    // The webhook subscription of fixtures that have one: read as the earlier build left it before
    // the workers start, pointed at a receiver checking the secret shown then; delivered after.
    const hooks = facts.webhooks
    const hook = receiver()
    afterAll(() => hook.stop())
    const webhook = async (method: string, path: string, body?: unknown) =>
      expectJson(
        await fetch(`${server!.url}/api/tenants/${facts.tenantId}/webhooks/${hooks!.subscriptionId}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${hooks!.chatKey}`,
            ...(body === undefined ? {} : { "content-type": "application/json" })
          },
          body: body === undefined ? undefined : JSON.stringify(body)
        })
      )
    if (hooks !== undefined) {
      it("keeps the webhook subscription, its deliveries and their history as the earlier build left them", async () => {
        // As the earlier build stored it, with no products, throttle or pause.
        expect(await webhook("GET", "")).toMatchObject({
          events: ["conversation.created", "message.created"],
          products: [],
          ratePerSecond: null,
          paused: false,
          active: true
        })
        const history = await webhook("GET", "/deliveries")
        expect(history.data.map((attempt: any) => [attempt.deliveryId, attempt.statusCode])).toEqual([
          [hooks.deliveries.pending, 500],
          [hooks.deliveries.failed, 400],
          [hooks.deliveries.succeeded, 200]
        ])
        const states = await Promise.all(
          Object.entries(hooks.deliveries).map(async ([name, id]) => [name, (await webhook("GET", `/deliveries/${id}`)).status])
        )
        expect(Object.fromEntries(states)).toEqual({ succeeded: "succeeded", failed: "failed", pending: "pending" })
        await hook.start()
        hook.setSecret(hooks.secret)
        await webhook("PATCH", "", { url: hook.url() })
      })
    }

    it("finishes every waiting, queued and interrupted run once its wait is over, repeating nothing", async () => {
      models.respondWith(() => ({ reply: "FINAL:notes kept" }))
      await kit!.startWorkers()

      const pending = await expectJson(await api("GET", "/approvals?status=pending"))
      const waitingRuns = pending.data.map((approval: any) => approval.runId).sort()
      expect(waitingRuns).toEqual([facts.runs.approval, facts.runs.agentApproval].sort())
      for (const approval of pending.data) {
        await expectJson(await api("POST", `/approvals/${approval.id}/decide`, { decision: "approve", note: "after the upgrade" }))
      }

      // The node's command, handed out before the upgrade, is handed out again and answered once.
      const commands = await until("the node's command", async () => {
        const polled = await expectJson(await device("GET", "/commands?wait=1"))
        return polled.data.length > 0 ? polled.data : undefined
      })
      expect(commands).toHaveLength(1)
      expect(commands[0]).toMatchObject({ command: "node.files_list", params: { path: "/srv" } })
      await expectJson(await device("POST", `/commands/${commands[0].id}/result`, { ok: true, output: "a.txt\nb.txt" }))

      const runs: Record<string, any> = Object.fromEntries(
        await Promise.all(Object.entries(facts.runs).map(async ([name, id]) => [name, await finished(id)]))
      )
      for (const [name, found] of Object.entries(runs)) expect([name, found.status]).toEqual([name, "succeeded"])
      const lastText = (name: string) => runs[name].stepsResultJson.at(-1).outputText
      expect(lastText("finished")).toBe("finished for Ada")
      expect(lastText("approval")).toBe("approved")
      expect(lastText("timer")).toBe("timer done")
      expect(lastText("node")).toBe("a.txt\nb.txt")
      expect(lastText("queued")).toBe("queued for Grace")
      // The agent waiting for its gated write ran it once, approved, then finished in one more turn.
      expect(runs.agentApproval.stepsResultJson[0].output.turns.map((turn: any) => turn.verdict)).toEqual([
        "approved",
        "final"
      ])
      expect(lastText("agentApproval")).toBe("notes kept")
      const memory = await expectJson(await api("GET", "/memory?key=upgrade/notes"))
      expect(memory.data.map((entry: any) => entry.value)).toEqual(["kept"])
      // The agent whose worker died mid turn kept its first turn and asked the model once more.
      expect(runs.agentRunning.stepsResultJson[0].output.turns.map((turn: any) => turn.verdict)).toEqual([
        "allowed",
        "final"
      ])
      expect(models.requests()).toHaveLength(2)
    })

    if (hooks !== undefined) {
      it("delivers the retry that waited and what is recovered, signed with the secret shown before the upgrade", async () => {
        await until("the waiting retry", async () => (hook.received.length >= 1 ? true : undefined))
        expect(await webhook("POST", "/recover", { since: "2000-01-01T00:00:00Z" })).toEqual({ recovered: 1 })
        await until("the recovered delivery", async () => (hook.received.length >= 2 ? true : undefined))
        expect(hook.received.map((delivery) => [delivery.deliveryId, delivery.event])).toEqual([
          [hooks.deliveries.pending, "message.created"],
          [hooks.deliveries.failed, "message.created"]
        ])
        for (const id of [hooks.deliveries.pending, hooks.deliveries.failed]) {
          expect((await webhook("GET", `/deliveries/${id}`)).status).toBe("succeeded")
        }
        const chat = apiCaller(server!)(() => hooks.chatKey)
        await expectJson(await chat("POST", "/chat/conversations", { name: "After the upgrade" }))
        await until("the new event", async () => (hook.received.length >= 3 ? true : undefined))
        expect(hook.received[2]).toMatchObject({ event: "conversation.created" })
      })
    }
  })
