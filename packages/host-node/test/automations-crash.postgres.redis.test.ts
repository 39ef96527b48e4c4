import { randomUUID } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  createServer
} from "node:http"
import { hostname, tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { startModelServer } from "@servicekit/conformance"
import { Effect, Exit, Option, Scope } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { redisUrl } from "../../adapters/test/services.js"
import { temporaryDatabase } from "../../adapters/test/temporaryPostgres.js"
import { type Product, ServiceKit } from "@servicekit/core"
import type { Run } from "@servicekit/core/automations"
import { RunRepository, WorkflowRepository } from "@servicekit/core/internal"
import { resolveConfig } from "../src/Config.js"
import { portsLayer } from "../src/Runtime.js"
import { listen } from "../src/Server.js"
import { type Started, start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))
/** Short enough for quick takeovers, long enough that a loaded machine's renewals (every quarter) keep it. */
const LEASE_SECONDS = 2

describe("an automation run whose process dies", () => {
  const scope = Effect.runSync(Scope.make())
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-run-crash-"))
  afterAll(async () => {
    await Effect.runPromise(Scope.close(scope, Exit.void))
    rmSync(dataDir, { recursive: true, force: true })
  })

  /**
   * A partner answering as `handle` says, a kit on a database of its own (its workers off, runs
   * leased for LEASE_SECONDS), an automations key, and `worker()` starting a `servicekit worker` process on
   * that database; `tearDown` stops them all. `extra` adds to their environment (Postgres alone
   * unless it names Redis) and `entitlements` to the tenant's.
   */
  const setUp = async (
    handle: (request: IncomingMessage, response: ServerResponse) => void,
    extra: Record<string, string> = {},
    entitlements: ReadonlyArray<Product> = []
  ) => {
    const partner: Server = createServer((request, response) => {
      request.resume()
      request.on("end", () => handle(request, response))
    })
    await new Promise<void>((resolve) => partner.listen(0, "127.0.0.1", resolve))
    const partnerUrl = `http://127.0.0.1:${(partner.address() as { port: number }).port}`
    const databaseUrl = await Effect.runPromise(Scope.extend(temporaryDatabase, scope))
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: "",
      SERVICEKIT_DATA_DIR: dataDir,
      SERVICEKIT_JWT_SECRET: "a-crash-test-secret-of-32-bytes!!!!",
      SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
      SERVICEKIT_RUN_LEASE_SECONDS: String(LEASE_SECONDS),
      SERVICEKIT_LOG_LEVEL: "warn",
      ...extra
    }
    // Like the worker processes, whatever the suite's environment says.
    const kit = ServiceKit.make(portsLayer(resolveConfig({ workers: "off" }, { ...process.env, ...env })))
    const server = await listen(kit, { port: 0, host: "127.0.0.1" })
    const workers: Array<Started> = []
    const tenant = await kit.admin.createTenant({ name: "Crash", entitlements: ["automations", ...entitlements] })
    const { key } = await kit.admin.createKey({
      tenantId: tenant.id,
      product: "automations",
      environment: "live",
      scopes: ["automations:manage"]
    })
    return {
      partnerUrl,
      kit,
      tenantId: tenant.id,
      api: async (method: string, path: string, body?: unknown) => {
        const response = await fetch(`${server.url}/api/v1/automations${path}`, {
          method,
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body)
        })
        expect(response.status).toBe(200)
        return response.json()
      },
      worker: async () => {
        const started = start(process.execPath, [cli, "worker", "--json"], env)
        workers.push(started)
        await started.waitFor(/\{"working":true\}/, 60_000)
        return started
      },
      tearDown: async () => {
        for (const started of workers) await started.stop()
        await server.close()
        await kit.dispose()
        partner.closeAllConnections()
        await new Promise((resolve) => partner.close(resolve))
      }
    }
  }

  /** Reads the run until it is neither queued nor running, failing after `deadline` (ms since the epoch). */
  const ended = async (api: (method: string, path: string) => Promise<any>, id: string, deadline: number) => {
    let run = await api("GET", `/runs/${id}`)
    while (run.status === "queued" || run.status === "running") {
      if (Date.now() > deadline) throw new Error(`the run did not end: ${JSON.stringify(run)}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
      run = await api("GET", `/runs/${id}`)
    }
    return run
  }

  it.each([
    ["on PostgreSQL", {}],
    ["on PostgreSQL and Redis", { REDIS_URL: redisUrl, SERVICEKIT_DB_SCHEMA: `run_crash_${process.pid}` }]
  ])("is taken over by another worker %s, resumes at that step, runs no finished step again, and shows the takeover and both processes", async (_, extra) => {
    // The partner: /first answers at once; the first call to /second never gets an answer.
    const calls: Array<{ path: string; headers: IncomingHttpHeaders }> = []
    const hanging: Array<ServerResponse> = []
    const { api, partnerUrl, tearDown, worker } = await setUp((request, response) => {
      calls.push({ path: request.url!, headers: request.headers })
      if (request.url === "/second" && calls.filter((call) => call.path === "/second").length === 1) {
        hanging.push(response)
        return
      }
      response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}')
    }, extra)
    try {
      const workflow = await api("POST", "/workflows", {
        name: "Two calls",
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: [
          { type: "skill", skillId: "webhook.deliver", input: { url: "{{payload.base}}/first", body: { step: 0 } } },
          { type: "skill", skillId: "webhook.deliver", input: { url: "{{payload.base}}/second", body: { step: 1 } } },
          { type: "log", message: "done after {{step1.status}}" }
        ]
      })

      const first = await worker()
      const run = await api("POST", `/workflows/${workflow.id}/run`, { payload: { base: partnerUrl } })
      const deadline = Date.now() + 30_000
      while (hanging.length === 0) {
        if (Date.now() > deadline) throw new Error(`the worker never reached the second step:\n${first.output()}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      const midway = await api("GET", `/runs/${run.id}`)
      expect(midway.status).toBe("running")
      expect(midway.stepsResultJson.map((step: any) => [step.status, step.attempt])).toEqual([
        ["succeeded", 1],
        ["running", 1]
      ])
      expect(midway.takeovers).toEqual([])
      const firstProcess = { host: hostname(), pid: first.child.pid, workerId: expect.any(String) }
      expect(midway.stepsResultJson[1].worker).toEqual(firstProcess)

      first.child.kill("SIGKILL")
      await first.stop()
      for (const response of hanging) response.destroy()
      const second = await worker()

      const done = await ended(api, run.id, deadline + 30_000)
      expect(done.status).toBe("succeeded")
      expect(done.stepsResultJson.map((step: any) => [step.status, step.attempt])).toEqual([
        ["succeeded", 1],
        ["succeeded", 2],
        ["succeeded", 1]
      ])
      expect(done.stepsResultJson[0].startedAt).toBe(midway.stepsResultJson[0].startedAt)
      expect(done.stepsResultJson[2].outputText).toBe("done after 200")
      // Each try names the process that ran it; the takeover names both, and the step it was in.
      const secondProcess = { host: hostname(), pid: second.child.pid, workerId: expect.any(String) }
      const [killed, taking] = [midway.stepsResultJson[1].worker, done.stepsResultJson[1].worker]
      expect(done.stepsResultJson.map((step: any) => step.worker)).toEqual([killed, taking, taking])
      expect(taking).toEqual(secondProcess)
      expect(taking.workerId).not.toBe(killed.workerId)
      expect(done.takeovers).toEqual([
        { at: expect.any(String), stepIndex: 1, from: killed, to: taking, leaseExpiredAt: expect.any(String) }
      ])
      expect(Date.parse(done.takeovers[0].at)).toBeGreaterThan(Date.parse(done.takeovers[0].leaseExpiredAt))
      // The finished step ran once; the interrupted one ran again under the same key (the run's
      // attempt did not change), so the partner can drop the duplicate.
      expect(done.attempt).toBe(1)
      expect(calls.map((call) => [call.path, call.headers["idempotency-key"]])).toEqual([
        ["/first", `${run.id}:0:1`],
        ["/second", `${run.id}:1:1`],
        ["/second", `${run.id}:1:1`]
      ])
    } finally {
      await tearDown()
    }
  })

  it("keeps its lease through a step that outlasts it, so no other worker takes the run over", async () => {
    const calls: Array<string> = []
    const { api, partnerUrl, tearDown, worker } = await setUp((request, response) => {
      calls.push(String(request.headers["idempotency-key"]))
      // Three leases long.
      setTimeout(
        () => response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}'),
        3 * LEASE_SECONDS * 1000
      )
    })
    try {
      const workflow = await api("POST", "/workflows", {
        name: "Slow partner",
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: [{ type: "skill", skillId: "webhook.deliver", input: { url: "{{payload.base}}/slow" } }]
      })
      await worker()
      await worker()
      const run = await api("POST", `/workflows/${workflow.id}/run`, { payload: { base: partnerUrl } })
      const done = await ended(api, run.id, Date.now() + 30_000)
      expect(done.status).toBe("succeeded")
      expect(done.stepsResultJson[0].attempt).toBe(1)
      expect(done.takeovers).toEqual([])
      expect(calls).toEqual([`${run.id}:0:1`])
    } finally {
      await tearDown()
    }
  })

  it("runs a run whose starting process reserved it and died before taking it, once its reservation runs out", async () => {
    const received: Array<string> = []
    const { api, kit, partnerUrl, tearDown, tenantId, worker } = await setUp((request, response) => {
      received.push(String(request.headers["idempotency-key"]))
      response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}')
    })
    try {
      const created = await api("POST", "/workflows", {
        name: "One call",
        triggerJson: { schemaVersion: 1, type: "manual" },
        stepsJson: [{ type: "skill", skillId: "webhook.deliver", input: { url: "{{payload.base}}/once" } }]
      })
      // What a process that follows the runs it starts leaves behind when it dies between storing
      // a run and taking it: the run queued, reserved for it (a lease), and no job.
      const now = new Date()
      const reserved = await kit.runtime.runPromise(
        Effect.gen(function* () {
          const workflow = Option.getOrThrow(yield* (yield* WorkflowRepository).find(tenantId, created.id))
          const run: Run = {
            id: randomUUID(),
            tenantId,
            workflowId: workflow.id,
            flowId: workflow.flowId,
            revision: workflow.revision,
            steps: workflow.steps,
            status: "queued",
            attempt: 1,
            trigger: { type: "manual", event: null },
            context: "",
            payload: { base: partnerUrl },
            parentRunId: null,
            test: false,
            idempotencyKey: null,
            results: [],
            reason: null,
            expiresAt: null,
            leaseUntil: new Date(now.getTime() + 1_000),
            heldBy: null,
            takeovers: [],
            concurrency: null,
            parkedAt: null,
            createdAt: now,
            startedAt: null,
            finishedAt: null,
            updatedAt: now
          }
          yield* (yield* RunRepository).insert(run)
          return run
        })
      )

      await worker()
      const done = await ended(api, reserved.id, Date.now() + 30_000)
      expect(done.status).toBe("succeeded")
      // Not before its reservation ran out, and once.
      expect(Date.parse(done.startedAt)).toBeGreaterThanOrEqual(reserved.leaseUntil!.getTime())
      expect(received).toEqual([`${reserved.id}:0:1`])
    } finally {
      await tearDown()
    }
  })

  it.each(["text", "native"] as const)(
    "resumes an agent step at the turn its worker died in, on Postgres and Redis (%s tool calls)",
    async (protocol) => {
      const models = await startModelServer({ apiKey: "sk-crash-test-0123456789" })
      const calls: Array<{ path: string; key: string }> = []
      const hanging: Array<ServerResponse> = []
      const { api, partnerUrl, tearDown, worker } = await setUp(
        (request, response) => {
          calls.push({ path: request.url!, key: String(request.headers["idempotency-key"]) })
          if (calls.length === 1) {
            hanging.push(response)
            return
          }
          response.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}')
        },
        {
          REDIS_URL: redisUrl,
          SERVICEKIT_DB_SCHEMA: `agent_crash_${protocol}_${process.pid}`,
          SERVICEKIT_LLM_BASE_URL: models.baseUrl,
          SERVICEKIT_LLM_API_KEY: "sk-crash-test-0123456789",
          SERVICEKIT_LLM_MODEL: "m-crash",
          SERVICEKIT_LLM_TOOL_CALLS: protocol
        },
        ["ai_agent"]
      )
      try {
        // Natively, both calls come in one answer, stored with it before either runs.
        if (protocol === "text") {
          models.cue(
            "m-crash",
            { reply: 'TOOL_CALL:memory.write|{"key":"crash/seen","value":1}' },
            { reply: `TOOL_CALL:webhook.deliver|{"url":"${partnerUrl}/notify","body":{"turn":2}}` },
            { reply: "FINAL:Notified." }
          )
        } else {
          models.cue(
            "m-crash",
            {
              reply: "",
              toolCalls: [
                { name: "memory_write", arguments: { key: "crash/seen", value: 1 } },
                { name: "webhook_deliver", arguments: { url: `${partnerUrl}/notify`, body: { turn: 2 } } }
              ]
            },
            { reply: "Notified." }
          )
        }
        const workflow = await api("POST", "/workflows", {
          name: "Agent",
          triggerJson: { schemaVersion: 1, type: "manual" },
          stepsJson: [
            {
              type: "agent",
              instructions: "Note the visit, then notify the partner.",
              skills: ["memory.write", "webhook.deliver"]
            },
            { type: "log", message: "{{last.outputText}}" }
          ]
        })
        const first = await worker()
        const run = await api("POST", `/workflows/${workflow.id}/run`, {})
        const deadline = Date.now() + 30_000
        while (hanging.length === 0) {
          if (Date.now() > deadline) {
            const stuck = JSON.stringify(await api("GET", `/runs/${run.id}`))
            throw new Error(`the agent never called the partner: ${stuck}\n${first.output()}`)
          }
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
        // Turn 2's call is stored before it runs; what came back is not.
        const midway = await api("GET", `/runs/${run.id}`)
        expect(midway.status).toBe("running")
        expect(
          midway.stepsResultJson[0].output.turns.map((turn: any) => [turn.turn, turn.verdict, turn.feedback !== null])
        ).toEqual([
          [1, "allowed", true],
          [2, "allowed", false]
        ])

        first.child.kill("SIGKILL")
        await first.stop()
        for (const response of hanging) response.destroy()
        await worker()

        const done = await ended(api, run.id, deadline + 30_000)
        expect(done.status).toBe("succeeded")
        expect(done.stepsResultJson[1].outputText).toBe("Notified.")
        expect(done.takeovers.map((takeover: any) => [takeover.stepIndex, takeover.from.pid])).toEqual([
          [0, first.child.pid]
        ])
        expect(done.stepsResultJson[0].output.turns.map((turn: any) => turn.verdict)).toEqual([
          "allowed",
          "allowed",
          "final"
        ])
        // The model answered each turn (or each answer) once: what was stored before the crash was not asked again.
        expect(models.requests()).toHaveLength(protocol === "text" ? 3 : 2)
        // The interrupted call ran again under its turn's key; the finished memory write did not run again.
        expect(calls).toEqual([
          { path: "/notify", key: `${run.id}:0:1:2` },
          { path: "/notify", key: `${run.id}:0:1:2` }
        ])
        // Written once, in the run's session.
        const audit = await api(
          "GET",
          `/memory/audit?key=sessions/${done.stepsResultJson[0].output.sessionId}/crash/seen`
        )
        expect(audit.data.map((entry: any) => entry.action)).toEqual(["write"])
      } finally {
        await tearDown()
        await models.close()
      }
    }
  )
})
