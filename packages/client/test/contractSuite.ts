import { createHmac } from "node:crypto"
import { createSocket } from "node:dgram"
import { mkdtempSync, rmSync } from "node:fs"
import { type Server, createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Client, type EventStream, type OperationId, type Schema, createClient } from "@servicekit/client"
import { type WebhookEvent, verifyWebhook } from "@servicekit/client/webhooks"
import { CallingService, type KeyAccess } from "@servicekit/core"
import { SecretBox, messageToken } from "@servicekit/core/internal"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import twilio from "twilio"
import WebSocket from "ws"
import { until } from "../../host-node/test/automationsClient.js"
import { documentSchemas, pointerSegment } from "../../host-node/test/documentSchemas.js"
import { startDnsServer } from "../../host-node/test/fixtures/dnsServer.js"
import { type Served, kitOn, serve } from "../../host-node/test/hostileInput.js"
import { routes } from "../src/generated/index.js"

/** Where the suite's kit keeps its data: the embedded default's PGlite, or PostgreSQL and Redis. */
export interface ContractStorage {
  /** Named in the suite's title. */
  readonly storage: string
  /** The storage's environment, read when the kit is made (after the file's own `beforeAll`s). */
  readonly env: () => Record<string, string>
}

const ADMIN_TOKEN = "contract-suite-platform-admin-token-0123456789"
const TWILIO_AUTH_TOKEN = "contract-suite-twilio-auth-token"
/** Where the platform says it is reached: Twilio signs that address, not the loopback one. */
const PUBLIC_URL = "https://platform.example"
// Low enough for one key to be driven to 429 in a moment, high enough for every other key of the suite.
const KEY_RATE_LIMIT = 150
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000"

/** `value`, which the test needs to go on; a failure naming `what` otherwise. */
const found = <A>(value: A | undefined, what: string): A => {
  if (value === undefined) throw new Error(`found no ${what}`)
  return value
}

/** The stream's next event; a failure when it ended instead. */
const nextEvent = async (stream: EventStream) => {
  const next = await stream.next()
  if (next.done === true) throw new Error("the event stream ended")
  return next.value
}

type Route = readonly [method: string, path: string, errorStatuses: string, kind?: string]
const routeOf = (id: OperationId): Route => routes[id]

/** The parts of the served OpenAPI document the suite reads. */
interface OpenApiDocument {
  readonly paths: Readonly<
    Record<
      string,
      Readonly<
        Record<
          string,
          { readonly responses: Readonly<Record<string, { readonly content?: Readonly<Record<string, unknown>> }>> }
        >
      >
    >
  >
}

/** What the served document says each answer looks like. */
const answerSchemas = (document: OpenApiDocument) => {
  const problemsOf = documentSchemas(document)
  const responseOf = (id: OperationId, status: number) => {
    const [method, path] = routeOf(id)
    return document.paths[path]?.[method.toLowerCase()]?.responses[String(status)]
  }
  return {
    /** Whether the document lists answer `status` for operation `id`. */
    documents: (id: OperationId, status: number) => responseOf(id, status) !== undefined,
    /** What is wrong with `body` as answer `status` of operation `id`: nothing when it is as documented. */
    answerProblems: (id: OperationId, status: number, body: unknown): Array<string> => {
      const [method, path] = routeOf(id)
      if (responseOf(id, status)?.content?.["application/json"] === undefined) {
        return [`${id} documents no JSON answer ${status}`]
      }
      const pointer = `#/paths/${pointerSegment(path)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`
      return problemsOf(pointer, body).map((problem) => `${id} ${status}: ${problem}`)
    },
    /** What is wrong with `value` as the document's component schema `name`. */
    componentProblems: (name: string, value: unknown) =>
      problemsOf(`#/components/schemas/${pointerSegment(name)}`, value).map((problem) => `${name}: ${problem}`)
  }
}
type DocumentSchemas = ReturnType<typeof answerSchemas>

/** Operation ids by method and path, literal paths before templated ones (`/nodes/claim` before `/nodes/{id}`). */
const routeTable = (Object.entries(routes) as Array<[OperationId, Route]>)
  .map(([id, [method, path]]) => ({
    id,
    method,
    pattern: new RegExp(`^${path.replaceAll(".", "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
    templated: (path.match(/\{/g) ?? []).length
  }))
  .sort((a, b) => a.templated - b.templated)

const operationAt = (method: string, path: string) =>
  routeTable.find((route) => route.method === method && route.pattern.test(path))?.id

/**
 * Every answer the clients get, by operation: the clients' `fetch` goes through `fetch` here, and
 * WebSocket upgrades are recorded by `socketOpened`. Each JSON answer is checked against the
 * document on the side, so pages read by `.all()` and refusals are checked too.
 */
const answersRecorder = (mountUrl: () => string, schemas: () => DocumentSchemas) => {
  const answered = new Map<OperationId, Set<number>>()
  const operationOf = new WeakMap<Response, OperationId>()
  const checks: Array<Promise<Array<string>>> = []
  const record = (id: OperationId, status: number) => {
    const statuses = answered.get(id) ?? new Set<number>()
    answered.set(id, statuses.add(status))
  }
  const operationOfUrl = (method: string, url: string) => {
    const path = new URL(url).pathname.slice(new URL(mountUrl()).pathname.length)
    const id = operationAt(method, path)
    if (id === undefined) throw new Error(`${method} ${path} is no operation of the document`)
    return id
  }
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const id = operationOfUrl(init?.method ?? "GET", input instanceof Request ? input.url : String(input))
    const response = await globalThis.fetch(input, init)
    operationOf.set(response, id)
    record(id, response.status)
    // JSON only: a live event stream never ends, and the tests read the text bodies themselves.
    if ((response.headers.get("content-type") ?? "").startsWith("application/json")) {
      checks.push(
        response
          .clone()
          .json()
          .then((body: unknown) => schemas().answerProblems(id, response.status, body))
      )
    }
    return response
  }
  return {
    fetch,
    answered,
    /** The operation a client's answer came from. */
    operationOf: (response: Response) => {
      const id = operationOf.get(response)
      if (id === undefined) throw new Error(`no recorded answer from ${response.url}`)
      return id
    },
    socketOpened: (url: string, status: number) => record(operationOfUrl("GET", url.replace(/^ws/, "http")), status),
    /** Every problem the side checks found so far. */
    problems: async () => (await Promise.all(checks)).flat()
  }
}

/** What every result of the client carries, whatever the operation. */
interface Answer {
  readonly status: number
  readonly response: Response
  readonly data?: unknown
  readonly error?: unknown
}

type SuccessOf<R extends Answer> = Exclude<R["data"], undefined>
type ErrorOf<R extends Answer, S extends number> = Extract<NonNullable<R["error"]>, { readonly status: S }>

/** A WebSocket whose upgrade succeeded, and the messages it received. */
interface OpenSocket {
  readonly socket: WebSocket
  readonly upgradeStatus: number
  readonly protocol: string
  /** The next message, as text. */
  readonly next: () => Promise<string>
}

/** Opens `url` with the ws package, resolving once the server switched protocols, rejecting with its refusal. */
const openSocket = (url: string, protocols: Array<string> = []) =>
  new Promise<OpenSocket>((resolve, reject) => {
    const socket = new WebSocket(url, protocols)
    const inbox: Array<string> = []
    const waiting: Array<(message: string) => void> = []
    let upgradeStatus = 0
    socket.on("message", (data: WebSocket.RawData) => {
      const text = data.toString()
      const waiter = waiting.shift()
      if (waiter === undefined) inbox.push(text)
      else waiter(text)
    })
    socket.once("upgrade", (response) => (upgradeStatus = response.statusCode ?? 0))
    socket.once("unexpected-response", (_request, response) =>
      reject(new Error(`upgrade refused with ${response.statusCode}`))
    )
    socket.once("error", reject)
    socket.once("open", () =>
      resolve({
        socket,
        upgradeStatus,
        protocol: socket.protocol,
        next: () => {
          const queued = inbox.shift()
          return queued !== undefined ? Promise.resolve(queued) : new Promise<string>((done) => waiting.push(done))
        }
      })
    )
  })

/** A webhook receiver on loopback: 200 for a delivery whose signature verifies with the secret it holds, 401 otherwise. */
const webhookReceiver = () => {
  let secret = ""
  let server: Server | undefined
  const verified: Array<WebhookEvent> = []
  return {
    verified,
    useSecret: (next: string) => (secret = next),
    url: () => `http://127.0.0.1:${(server?.address() as { port: number }).port}/hooks`,
    start: () =>
      new Promise<void>((resolve) => {
        server = createServer(async (request, response) => {
          let body = ""
          for await (const chunk of request) body += chunk
          const verification = await verifyWebhook({ secret, headers: request.headers, rawBody: body })
          if (verification.ok) verified.push(verification.event)
          response.writeHead(verification.ok ? 200 : 401).end()
        })
        server.listen(0, "127.0.0.1", resolve)
      }),
    stop: () => new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())))
  }
}

/** The one credential a client carries. */
type ClientCredential = { readonly apiKey: string } | { readonly dashboardToken: string } | { readonly token: string }
type Entitlements = NonNullable<Parameters<Served["kit"]["admin"]["createTenant"]>[0]["entitlements"]>
type RunStatus = Schema<"Run">["status"]

/**
 * The client's contract test: every operation of the served document called through
 * `@servicekit/client` against a live server on `setting`'s storage, each answer checked against
 * the document's schema, what a user would see checked beside it, and the documented errors of
 * each family (400, 401, 403, 404, 409, 429) arriving typed.
 */
export const contractSuite = (setting: ContractStorage) =>
  describe(`@servicekit/client against a live server, on ${setting.storage}`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), "servicekit-client-contract-"))
    // Hosted SIP's carrier: the softphone relay is pointed at it, nothing needs to answer.
    const carrier = createSocket("udp4")
    const receiver = webhookReceiver()
    // The DNS sending domains are checked against.
    let dns: Awaited<ReturnType<typeof startDnsServer>>
    beforeAll(async () => {
      await new Promise<void>((resolve) => carrier.bind(0, "127.0.0.1", resolve))
      await receiver.start()
      dns = await startDnsServer()
    })
    // Registered before `serve`, so that it runs after the kit is disposed.
    afterAll(async () => {
      carrier.close()
      await receiver.stop()
      await dns.stop()
      rmSync(dataDir, { recursive: true, force: true })
    })

    const served = serve(() =>
      kitOn({
        SERVICEKIT_DATA_DIR: join(dataDir, "kit"),
        SERVICEKIT_ADMIN_TOKEN: ADMIN_TOKEN,
        SERVICEKIT_KEY_RATE_LIMIT: String(KEY_RATE_LIMIT),
        // The webhook receiver and the automation channel listen on loopback.
        SERVICEKIT_OUTBOUND_ALLOW_PRIVATE: "true",
        SERVICEKIT_HOSTED_SIP_DOMAIN: "sip.platform.test",
        SERVICEKIT_HOSTED_SIP_PROXY: `127.0.0.1:${carrier.address().port}`,
        SERVICEKIT_TWILIO_AUTH_TOKEN: TWILIO_AUTH_TOKEN,
        SERVICEKIT_PUBLIC_URL: PUBLIC_URL,
        SERVICEKIT_DNS_SERVERS: dns.address,
        // Model labels to choose from; no step of the suite asks a model, so nothing listens there.
        SERVICEKIT_LLM_BASE_URL: "http://127.0.0.1:9/v1",
        SERVICEKIT_LLM_MODELS: JSON.stringify({
          fast: { model: "m-fast" },
          smart: { model: "m-smart", toolCalls: "native" }
        }),
        ...setting.env()
      })
    )
    let schemas: DocumentSchemas
    const recorder = answersRecorder(
      () => `${served.url}/api`,
      () => schemas
    )
    beforeAll(async () => {
      const document = await fetch(`${served.url}/api/v1/openapi.json`)
      schemas = answerSchemas((await document.json()) as OpenApiDocument)
      await served.kit.startWorkers()
    })

    /** A client of the live server with `credential`, its answers recorded. */
    const connect = (credential?: ClientCredential): Client =>
      createClient({ baseUrl: `${served.url}/api`, fetch: recorder.fetch, ...credential })

    /** A tenant entitled to `entitlements`, with its keys and its users' dashboard tokens. */
    const tenantWith = async (name: string, entitlements: Entitlements) => {
      const tenant = await served.kit.admin.createTenant({ name, entitlements })
      return {
        id: tenant.id,
        /** A live key of `access`'s product with its scopes. */
        key: async (access: KeyAccess) =>
          (await served.kit.admin.createKey({ tenantId: tenant.id, environment: "live", ...access })).key,
        token: async (role: "admin" | "member", sub = `${role}-of-${name}`) =>
          (await served.kit.admin.issueDashboardToken(tenant.id, { sub, role })).token
      }
    }

    /** The data of a successful answer, checked against the schema the document gives its operation and status. */
    const expectOk = <R extends Answer>(result: R): SuccessOf<R> => {
      expect(result.error, `${result.status}: ${JSON.stringify(result.error)}`).toBeUndefined()
      expect(result.status).toBeGreaterThanOrEqual(200)
      expect(result.status).toBeLessThan(300)
      if ((result.response.headers.get("content-type") ?? "").startsWith("application/json")) {
        const id = recorder.operationOf(result.response)
        // Soft: an answer off its schema fails the test, and the calls after it still run.
        expect.soft(schemas.answerProblems(id, result.status, result.data)).toEqual([])
      }
      return result.data as SuccessOf<R>
    }

    /**
     * The error of an answer with `status`: the common error body the document lists for the
     * operation and status (so its `code` is one the document names), typed to that status's codes.
     */
    const expectError = <R extends Answer, S extends number>(result: R, status: S): ErrorOf<R, S> => {
      expect(result.status).toBe(status)
      const { status: errorStatus, ...body } = result.error as { readonly status: number }
      expect(errorStatus).toBe(status)
      expect(body).toMatchObject({ requestId: result.response.headers.get("x-request-id") })
      const id = recorder.operationOf(result.response)
      expect.soft(schemas.answerProblems(id, status, { error: body })).toEqual([])
      return result.error as ErrorOf<R, S>
    }

    /** The run once its status is one of `statuses`. */
    const runIn = (sk: Client, id: string, statuses: ReadonlyArray<RunStatus>) =>
      until(`run ${id} to be ${statuses.join(" or ")}`, async () => {
        const run = expectOk(await sk.automationRuns.getRun({ path: { id } }))
        return statuses.includes(run.status) ? run : undefined
      })

    it("answers liveness and readiness", async () => {
      const sk = connect()
      expect(expectOk(await sk.operations.healthz())).toEqual({ status: "ok" })
      expect(expectOk(await sk.operations.readyz())).toMatchObject({ status: "ready" })
    })

    it("runs a tenant's life through the platform admin API: a key works until it is revoked", async () => {
      const admin = connect({ token: ADMIN_TOKEN })
      const tenant = expectOk(
        await admin.platformAdmin.createTenant({ body: { name: "Globex", entitlements: ["voice"] } })
      )
      expect(tenant).toMatchObject({ name: "Globex", entitlements: ["voice"] })
      expect(expectOk(await admin.platformAdmin.getTenant({ path: { tenantId: tenant.id } }))).toEqual(tenant)
      expect(expectOk(await admin.platformAdmin.listTenants()).data).toContainEqual(tenant)
      const renamed = expectOk(
        await admin.platformAdmin.updateTenant({ path: { tenantId: tenant.id }, body: { name: "Globex Corp" } })
      )
      expect(renamed).toEqual({ ...tenant, name: "Globex Corp" })

      const created = expectOk(
        await admin.platformAdmin.createTenantApiKey({
          path: { tenantId: tenant.id },
          body: { product: "voice", environment: "live", scopes: ["voice:read"], name: "reporting" }
        })
      )
      expect(created.key).toMatch(/^svk_live_voice_/)
      const listed = expectOk(await admin.platformAdmin.listTenantApiKeys({ path: { tenantId: tenant.id } }))
      expect(listed.data.map((key) => key.id)).toEqual([created.id])
      expect(JSON.stringify(listed)).not.toContain(created.key)
      const reporting = connect({ apiKey: created.key })
      expectOk(await reporting.calling.getUsage())

      const issued = expectOk(
        await admin.platformAdmin.issueDashboardToken({
          path: { tenantId: tenant.id },
          body: { sub: "user-42", role: "admin", expiresInSeconds: 600 }
        })
      )
      const dashboard = connect({ dashboardToken: issued.token })
      expect(expectOk(await dashboard.developers.getEntitlements())).toEqual({
        tenantId: tenant.id,
        entitlements: ["voice"]
      })

      // Suspended, its key and its dashboard token are refused; resumed, both work again.
      const suspended = expectOk(
        await admin.platformAdmin.suspendTenant({ path: { tenantId: tenant.id }, body: { reason: "unpaid" } })
      )
      expect(suspended.suspension).toEqual({ at: expect.any(String), reason: "unpaid" })
      expect(expectError(await reporting.calling.getUsage(), 403).code).toBe("tenant_suspended")
      expect(expectError(await dashboard.developers.getEntitlements(), 403).code).toBe("tenant_suspended")
      const resumed = expectOk(await admin.platformAdmin.resumeTenant({ path: { tenantId: tenant.id } }))
      expect(resumed).toEqual({ ...renamed, suspension: null })
      expectOk(await reporting.calling.getUsage())

      const revoked = expectOk(
        await admin.platformAdmin.revokeTenantApiKey({ path: { tenantId: tenant.id, id: created.id } })
      )
      expect(revoked.revokedAt).not.toBeNull()
      const refused = await reporting.calling.getUsage()
      expect(expectError(refused, 401).code).toBe("key_revoked")

      // 401 and 404, typed: each status narrows `code` to the codes the document lists for it.
      const wrongToken = await connect({ token: `${ADMIN_TOKEN}x` }).platformAdmin.listTenants()
      const unauthenticated = expectError(wrongToken, 401)
      expect(unauthenticated.code).toBe("invalid_admin_token")
      const missing = await admin.platformAdmin.getTenant({ path: { tenantId: UNKNOWN_ID } })
      if (missing.error?.code === "tenant_not_found") expect(missing.error.status).toBe(404)
      const notFound = expectError(missing, 404)
      expect(notFound.code).toBe("tenant_not_found")
      // @ts-expect-error: a 404 of getTenant is never an authentication code
      expect(notFound.code === "invalid_admin_token").toBe(false)

      // Deleted: suspended at once, then gone, its record kept.
      const started = expectOk(await admin.platformAdmin.deleteTenant({ path: { tenantId: tenant.id } }))
      expect(started).toMatchObject({ tenantId: tenant.id, requestedAt: expect.any(String) })
      expect(expectError(await admin.platformAdmin.resumeTenant({ path: { tenantId: tenant.id } }), 409).code).toBe(
        "tenant_being_deleted"
      )
      for (;;) {
        const deletion = expectOk(await admin.platformAdmin.getTenantDeletion({ path: { tenantId: tenant.id } }))
        if (deletion.status === "deleted") {
          expect(deletion.deleted.api_keys).toBe(1)
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(expectError(await admin.platformAdmin.getTenant({ path: { tenantId: tenant.id } }), 404).code).toBe(
        "tenant_not_found"
      )
      const never = await admin.platformAdmin.getTenantDeletion({ path: { tenantId: UNKNOWN_ID } })
      expect(expectError(never, 404).code).toBe("tenant_deletion_not_found")
    })

    it("manages a tenant's API keys from the dashboard: a revoked key stops working; members may not", async () => {
      const acme = await tenantWith("Keys", ["voice"])
      const dashboard = connect({ dashboardToken: await acme.token("admin") })
      expect(expectOk(await dashboard.developers.getEntitlements())).toEqual({
        tenantId: acme.id,
        entitlements: ["voice"]
      })
      const created = expectOk(
        await dashboard.developers.createApiKey({
          path: { tenantId: acme.id },
          body: { product: "voice", environment: "live", scopes: ["voice:read"], name: "wallboard" }
        })
      )
      const listed = expectOk(await dashboard.developers.listApiKeys({ path: { tenantId: acme.id } }))
      expect(listed.data).toEqual([expect.objectContaining({ id: created.id, name: "wallboard", revokedAt: null })])
      const wallboard = connect({ apiKey: created.key })
      expectOk(await wallboard.calling.getUsage())
      expectOk(await dashboard.developers.revokeApiKey({ path: { tenantId: acme.id, id: created.id } }))
      expect(expectError(await wallboard.calling.getUsage(), 401).code).toBe("key_revoked")

      const member = connect({ dashboardToken: await acme.token("member") })
      const refused = await member.developers.createApiKey({
        path: { tenantId: acme.id },
        body: { product: "voice", environment: "live", scopes: ["voice:read"] }
      })
      const denied = expectError(refused, 403)
      expect(denied.code).toBe("admin_required")
      // @ts-expect-error: a 403 is never a missing tenant
      expect(denied.code === "tenant_not_found").toBe(false)
      expect(expectOk(await dashboard.developers.listApiKeys({ path: { tenantId: acme.id } })).data).toHaveLength(1)
    })

    it("reads call records and usage, pages with .all(), and answers the planned numbers route with its 501", async () => {
      const startedAt = new Date(Date.now() - 60_000).toISOString()
      await served.kit.runtime.runPromise(
        Effect.flatMap(CallingService, (calling) =>
          calling.ingest(served.tenantId, [
            {
              fromId: "+15550001",
              toId: "+15550002",
              direction: "inbound",
              durationSecs: 60,
              result: "completed",
              startedAt
            },
            {
              fromId: "+15550003",
              toId: "+15550004",
              direction: "outbound",
              durationSecs: 30,
              result: "completed",
              startedAt
            }
          ])
        )
      )
      const voice = connect({ apiKey: served.key })
      const page = expectOk(await voice.calling.listCalls({ query: { limit: 1 } }))
      expect(page.data).toHaveLength(1)
      expect(page.meta.nextCursor).not.toBeNull()
      const every = []
      for await (const call of voice.calling.listCalls.all({ query: { limit: 1 } })) every.push(call)
      expect(every.map((call) => call.fromId).sort()).toEqual(["+15550001", "+15550003"])
      const call = expectOk(await voice.calling.getCall({ path: { id: page.data[0].id } }))
      expect(call).toEqual(page.data[0])
      const usage = expectOk(await voice.calling.getUsage())
      // Both calls started a minute ago: today, unless the UTC day turned since.
      const startedToday = startedAt.slice(0, 10) === new Date().toISOString().slice(0, 10)
      expect(usage.callsStartedTodayUtc).toBe(startedToday ? 2 : 0)

      // The planned route's documented answer is its 501.
      const planned = await voice.calling.listNumbers()
      expect(expectError(planned, 501).code).toBe("not_available")

      const missing = await voice.calling.getCall({ path: { id: UNKNOWN_ID } })
      if (missing.error?.code === "call_not_found") expect(missing.error.status).toBe(404)
      const notFound = expectError(missing, 404)
      expect(notFound.code).toBe("call_not_found")
      // @ts-expect-error: getCall documents no conversation_not_found
      expect(notFound.code === "conversation_not_found").toBe(false)

      const invalid = expectError(await voice.calling.listCalls({ query: { limit: 0 } }), 400)
      expect(invalid.code).toBe("validation_failed")
      expect(invalid.details).toEqual([expect.objectContaining({ field: "limit" })])
      // @ts-expect-error: a 400 is never a rate limit
      expect(invalid.code === "rate_limited").toBe(false)
    })

    it("answers 429 once a key has used its minute's requests, with Retry-After and the limit's headers", async () => {
      const admin = connect({ token: ADMIN_TOKEN })
      const tenant = expectOk(
        await admin.platformAdmin.createTenant({ body: { name: "Busy", entitlements: ["voice"] } })
      )
      const { key } = expectOk(
        await admin.platformAdmin.createTenantApiKey({
          path: { tenantId: tenant.id },
          body: { product: "voice", environment: "live", scopes: ["voice:read"] }
        })
      )
      const busy = connect({ apiKey: key })
      // Windows are clock minutes: a burst that meets the minute's turn needs a second budget at most.
      let last = await busy.calling.getUsage(undefined, { maxRetries: 0 })
      for (let sent = 1; last.status !== 429 && sent <= 2 * KEY_RATE_LIMIT + 1; sent++) {
        last = await busy.calling.getUsage(undefined, { maxRetries: 0 })
      }
      const limited = expectError(last, 429)
      expect(limited.code).toBe("rate_limited")
      // @ts-expect-error: a 429 is never a permission code
      expect(limited.code === "missing_scope").toBe(false)
      expect(last.rateLimit).toMatchObject({ limit: KEY_RATE_LIMIT, remaining: 0 })
      expect(Number(last.response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    })

    it("lists, summarizes and exports the tenant's calls on the dashboard, as CSV and as JSON", async () => {
      const dashboard = connect({ dashboardToken: served.admin })
      const listed = expectOk(await dashboard.callsDashboard.listDashboardCalls({ query: { limit: 100 } }))
      expect(listed.items.length).toBeGreaterThanOrEqual(2)
      const summary = expectOk(await dashboard.callsDashboard.getCallSummary())
      expect(summary.calls).toBe(listed.items.length)

      // CSV by default: a header line, then the listed calls in the same order, one a line.
      const csv = await dashboard.callsDashboard.exportCalls()
      const text = expectOk(csv)
      expect(csv.response.headers.get("content-type")).toBe("text/csv; charset=utf-8")
      expect(typeof text).toBe("string")
      const [header, ...rows] = typeof text === "string" ? text.trimEnd().split("\r\n") : []
      expect(header).toBe("id,fromId,toId,direction,durationSecs,result,startedAt,endedAt,callSid,mosScore")
      expect(rows.map((row) => row.split(",")[0])).toEqual(listed.items.map((call) => call.id))
      const exported = expectOk(await dashboard.callsDashboard.exportCalls({ query: { format: "json" } }))
      expect(exported).toEqual(listed.items)
    })

    it("registers a SIP trunk, keeps it exclusive of hosted SIP, and opens the softphone's socket", async () => {
      const dashboard = connect({ dashboardToken: served.admin })
      const trunk = {
        host: "sip.carrier.example",
        username: "acme-1",
        password: "s3cret-trunk-pass",
        port: 5061,
        transport: "tls"
      } as const
      const registered = expectOk(await dashboard.sipDashboard.registerTrunk({ body: trunk }))
      expect(registered).toMatchObject({ host: trunk.host, port: 5061, transport: "tls" })
      expect(registered).not.toHaveProperty("password")
      expect(expectOk(await dashboard.sipDashboard.getTrunkStatus())).toEqual(registered)
      expect(expectOk(await dashboard.sipDashboard.removeTrunk())).toEqual(registered)
      expect(expectOk(await dashboard.sipDashboard.getTrunkStatus())).toBeNull()

      expect(expectOk(await dashboard.sipDashboard.getHostedSip())).toMatchObject({
        optedIn: false,
        platform: { ready: true, domain: "sip.platform.test" }
      })
      expect(expectOk(await dashboard.sipDashboard.optInHostedSip())).toMatchObject({ optedIn: true })
      const conflict = expectError(await dashboard.sipDashboard.registerTrunk({ body: trunk }), 409)
      expect(conflict.code).toBe("hosted_sip_active")
      // @ts-expect-error: a 409 of registerTrunk is never a conversation's state
      expect(conflict.code === "conversation_closed").toBe(false)

      const member = connect({
        dashboardToken: (await served.kit.admin.issueDashboardToken(served.tenantId, { sub: "m", role: "member" }))
          .token
      })
      expect(expectError(await member.sipDashboard.registerTrunk({ body: trunk }), 403).code).toBe("admin_required")

      // Any role may phone: the member's token rides in the URL the client gives.
      const url = await member.softphone.connectSoftphone()
      expect(new URL(url).protocol).toBe("ws:")
      const phone = await openSocket(url, ["sip"])
      recorder.socketOpened(url, phone.upgradeStatus)
      expect(phone.upgradeStatus).toBe(101)
      expect(phone.protocol).toBe("sip")
      phone.socket.close()

      expect(expectOk(await dashboard.sipDashboard.optOutHostedSip())).toMatchObject({
        optedIn: false,
        optedInAt: null
      })
    })

    it("routes hosted numbers to a tenant, whose call the carrier's signed report records", async () => {
      const admin = connect({ token: ADMIN_TOKEN })
      const calling = await tenantWith("Carrier", ["voice"])
      const number = { path: { tenantId: calling.id, number: "+15550123" } }
      const assigned = expectOk(await admin.hostedNumbersAdmin.assignHostedNumber(number))
      expect(assigned).toEqual({ number: "+15550123", assignedAt: expect.any(String) })
      expect(expectOk(await admin.hostedNumbersAdmin.listHostedNumbers({ path: { tenantId: calling.id } }))).toEqual({
        data: [assigned]
      })
      const elsewhere = await tenantWith("Elsewhere", ["voice"])
      const taken = { path: { tenantId: elsewhere.id, number: "+15550123" } }
      expect(expectError(await admin.hostedNumbersAdmin.assignHostedNumber(taken), 409).code).toBe("hosted_number_taken")

      // Twilio's callback, form-encoded and signed over the kit's public URL with Twilio's own helper.
      const fields = {
        CallSid: "CAfeedfacefeedfacefeedfacefeedface",
        CallStatus: "completed",
        CallDuration: "61",
        Direction: "inbound",
        From: "+15550999",
        To: "+15550123",
        Timestamp: new Date().toUTCString().replace("GMT", "+0000")
      }
      const signature = twilio.getExpectedTwilioSignature(
        TWILIO_AUTH_TOKEN,
        `${PUBLIC_URL}/api/carriers/twilio/calls`,
        fields
      )
      const carrier = connect()
      const report = expectOk(
        await carrier.carrierReports.twilioCallStatus({ body: fields, headers: { "x-twilio-signature": signature } })
      )
      expect(report).toEqual({ recorded: true, callId: expect.any(String) })
      const forged = await carrier.carrierReports.twilioCallStatus({ body: fields, headers: { "x-twilio-signature": "x" } })
      expect(expectError(forged, 401).code).toBe("invalid_carrier_signature")
      const reporting = connect({ apiKey: await calling.key({ product: "voice", scopes: ["voice:read"] }) })
      expect(expectOk(await reporting.calling.getCall({ path: { id: report.callId! } }))).toMatchObject({
        direction: "inbound",
        durationSecs: 61,
        callSid: fields.CallSid
      })

      expect(expectOk(await admin.hostedNumbersAdmin.releaseHostedNumber(number))).toBeUndefined()
      expect(expectError(await admin.hostedNumbersAdmin.releaseHostedNumber(number), 404).code).toBe(
        "hosted_number_not_found"
      )
    })

    it("mints chat sessions and serves conversations, messages and visitors to the API and to agents", async () => {
      const chat = await tenantWith("Chat", ["chat"])
      const api = connect({
        apiKey: await chat.key({ product: "chat", scopes: ["chat:read", "chat:write", "visitors:read"] })
      })
      const agent = connect({ dashboardToken: await chat.token("member", "agent-ada") })
      const session = expectOk(
        await api.chat.mintSession({ body: { externalId: "user-42", displayName: "Ada", name: "Billing question" } })
      )
      expect(session).toMatchObject({ externalId: "user-42", siteKey: expect.stringMatching(/^svw_/) })
      const visitors = expectOk(await api.chat.listVisitors({ query: { externalId: "user-42" } }))
      expect(visitors.data).toEqual([expect.objectContaining({ externalId: "user-42", displayName: "Ada" })])

      // The agent's list of visitors is the API's list.
      expect(
        expectOk(
          await agent.chatDashboard.listAgentVisitors({ path: { tenantId: chat.id }, query: { externalId: "user-42" } })
        ).data
      ).toEqual(visitors.data)

      const created = expectOk(
        await api.chat.createConversation({
          body: { name: "Order 1", priority: "high", visitor: { externalId: "buyer-1" } }
        })
      )
      expect(created).toMatchObject({ name: "Order 1", priority: "high", source: "api", status: "open" })
      const conversations = expectOk(await api.chat.listConversations({ query: { limit: 10 } }))
      expect(conversations.data.map((conversation) => conversation.id)).toEqual([created.id, session.conversationId])
      const posted = expectOk(
        await api.chat.postMessage({ path: { id: created.id }, body: { content: "Your order shipped." } })
      )
      expect(posted).toMatchObject({ sequence: 1, authorType: "api", content: "Your order shipped." })

      const path = { tenantId: chat.id, id: created.id }
      const reply = expectOk(await agent.chatDashboard.replyAsAgent({ path, body: { content: "Anything else?" } }))
      expect(reply).toMatchObject({ sequence: 2, authorType: "agent", authorId: "agent-ada" })
      const messages = expectOk(await api.chat.listMessages({ path: { id: created.id } }))
      expect(messages.data.map((message) => message.content)).toEqual(["Your order shipped.", "Anything else?"])
      expect(expectOk(await agent.chatDashboard.listAgentMessages({ path, query: { after: posted.id } })).data).toEqual(
        [reply]
      )
      const listed = expectOk(
        await agent.chatDashboard.listAgentConversations({ path: { tenantId: chat.id }, query: { status: "open" } })
      )
      expect(listed.data.map((conversation) => conversation.id)).toContain(created.id)
      // Replying read the conversation; a later message is unread until the agent marks it read.
      expect(listed.data.find((conversation) => conversation.id === created.id)).toMatchObject({
        title: "Order 1",
        lastMessage: { sequence: 2, authorType: "agent", preview: "Anything else?" },
        lastReadSequence: 2,
        unreadCount: 0
      })
      expectOk(await api.chat.postMessage({ path: { id: created.id }, body: { content: "One more thing:\nthe invoice." } }))
      expect(expectOk(await agent.chatDashboard.getAgentConversation({ path }))).toMatchObject({
        lastMessage: { sequence: 3, authorType: "api", preview: "One more thing:" },
        lastReadSequence: 2,
        unreadCount: 1
      })
      expect(expectOk(await agent.chatDashboard.markConversationRead({ path, body: { sequence: 3 } }))).toMatchObject({
        lastReadSequence: 3,
        unreadCount: 0
      })
      expect(
        expectOk(await agent.chatDashboard.assignConversation({ path, body: { assigneeId: "agent-bo" } })).assigneeId
      ).toBe("agent-bo")
      expect(
        expectOk(await agent.chatDashboard.setConversationStatus({ path, body: { status: "closed" } })).status
      ).toBe("closed")
      expect(expectOk(await agent.chatDashboard.getAgentConversation({ path }))).toMatchObject({
        status: "closed",
        assigneeId: "agent-bo",
        messageCount: 3,
        unreadCount: 0
      })

      // A closed conversation takes no messages: 409, typed.
      const late = await api.chat.postMessage({ path: { id: created.id }, body: { content: "late" } })
      if (late.error?.code === "conversation_closed") expect(late.error.status).toBe(409)
      const closed = expectError(late, 409)
      expect(closed.code).toBe("conversation_closed")
      // @ts-expect-error: a 409 of postMessage is never a rate limit
      expect(closed.code === "rate_limited").toBe(false)

      const elsewhere = connect({
        apiKey: await (await tenantWith("Elsewhere", ["chat"])).key({ product: "chat", scopes: ["chat:read"] })
      })
      const missing = expectError(await elsewhere.chat.listMessages({ path: { id: created.id } }), 404)
      expect(missing.code).toBe("conversation_not_found")
      const denied = expectError(await elsewhere.chat.mintSession({ body: { externalId: "v" } }), 403)
      expect(denied.code).toBe("missing_scope")
      // @ts-expect-error: a 403 is never an authentication code
      expect(denied.code === "invalid_key").toBe(false)
    })

    it("serves the hosted chat page and the visitor's API, live events included, and takes a rating once finished", async () => {
      const anonymous = connect()
      // The page loads its script and styles from the mount path, under a strict policy.
      const page = await anonymous.chatPage.chatPage()
      expect(page.response.headers.get("content-type")).toMatch(/^text\/html/)
      expect(page.response.headers.get("content-security-policy")).toContain("default-src 'none'")
      expect(page.response.headers.get("referrer-policy")).toBe("no-referrer")
      const html = expectOk(page)
      expect(html).toContain('<script src="/api/public/chat/chat.js"')
      expect(html).toContain('<link rel="stylesheet" href="/api/public/chat/chat.css">')
      // The script follows the visitor's stream, the route below.
      const script = await anonymous.chatPage.chatPageScript()
      expect(script.response.headers.get("content-type")).toMatch(/^text\/javascript/)
      expect(expectOk(script)).toContain('base + "/events"')
      const styles = await anonymous.chatPage.chatPageStyles()
      expect(styles.response.headers.get("content-type")).toMatch(/^text\/css/)
      expect(expectOk(styles)).toContain("box-sizing")

      // The widget: its line for the tenant's site, its loader and panel, and a visitor's first message.
      const shop = await tenantWith("Widget", ["chat"])
      const widget = expectOk(await connect({ dashboardToken: await shop.token("member") }).chatDashboard.getChatWidget({ path: { tenantId: shop.id } }))
      expect(widget.snippet).toBe(`<script src="${widget.scriptUrl}" data-site-key="${widget.siteKey}" async></script>`)
      const loader = await anonymous.chatPage.widgetScript()
      expect(loader.response.headers.get("content-type")).toMatch(/^text\/javascript/)
      expect(expectOk(loader)).toContain("data-site-key")
      expect(expectOk(await anonymous.chatPage.widgetPanel({ query: { siteKey: widget.siteKey } }))).toContain(
        `data-site-key="${widget.siteKey}"`
      )
      const started = expectOk(
        await anonymous.chatWidget.startWidgetConversation({ body: { siteKey: widget.siteKey, content: "Hello from the widget" } })
      )
      expect(started.message).toMatchObject({ sequence: 1, authorType: "visitor", content: "Hello from the widget" })
      expect(expectOk(await connect({ token: started.visitorToken }).chatVisitor.getVisitorConversation()).id).toBe(
        started.conversation.id
      )
      const unknownWidget = expectError(
        await anonymous.chatWidget.startWidgetConversation({ body: { siteKey: `svw_${"0".repeat(24)}`, content: "Hi" } }),
        404
      )
      expect(unknownWidget.code).toBe("widget_not_found")
      // A signed-in visitor: an admin makes the identity secret; the tenant's server signs the id with it.
      const { identitySecret } = expectOk(
        await connect({ dashboardToken: await shop.token("admin") }).chatDashboard.rotateWidgetIdentitySecret({ path: { tenantId: shop.id } })
      )
      const identityHash = createHmac("sha256", identitySecret).update("customer-7").digest("hex")
      expect(
        expectOk(await anonymous.chatWidget.resumeWidgetConversation({ body: { siteKey: widget.siteKey, externalId: "customer-7", identityHash } }))
      ).toEqual({ visitorToken: null, expiresAt: null, conversation: null })
      const forged = expectError(
        await anonymous.chatWidget.resumeWidgetConversation({ body: { siteKey: widget.siteKey, externalId: "customer-8", identityHash } }),
        403
      )
      expect(forged.code).toBe("identity_hash_invalid")
      // Its appearance, set by an admin, as the widget and the visitor read it; an agent's name on their replies.
      const shopAdmin = connect({ dashboardToken: await shop.token("admin") })
      const look = expectOk(
        await shopAdmin.chatAppearance.updateChatAppearance({
          path: { tenantId: shop.id },
          body: { displayName: "Widget Shop", accentColor: "#0b6e4f", launcherPosition: "left" }
        })
      )
      expect(look.shown).toMatchObject({ displayName: "Widget Shop", accentColor: "#0b6e4f", launcherPosition: "left" })
      expect(expectOk(await shopAdmin.chatAppearance.getChatAppearance({ path: { tenantId: shop.id } }))).toEqual(look)
      expect(expectOk(await anonymous.chatWidget.getWidgetAppearance({ query: { siteKey: widget.siteKey } }))).toEqual(look.shown)
      expect(expectOk(await connect({ token: started.visitorToken }).chatVisitor.getVisitorAppearance())).toEqual(look.shown)
      // Nobody online: the widget shows the away message and takes an email address for replies.
      expect(expectOk(await anonymous.chatWidget.getWidgetAvailability({ query: { siteKey: widget.siteKey } }))).toMatchObject({
        available: false,
        reason: "nobody_online"
      })
      expect(expectOk(await connect({ token: started.visitorToken }).chatVisitor.sayVisitorPresent()).reason).toBe("nobody_online")
      expect(
        expectOk(await connect({ token: started.visitorToken }).chatVisitor.leaveVisitorEmail({ body: { email: "visitor@example.com" } }))
      ).toEqual({ email: "visitor@example.com" })
      const workingHours = expectOk(
        await shopAdmin.chatWorkingHours.setWorkingHours({ body: { timezone: "Europe/Oslo", holidays: ["2026-12-25"], emailAfterMinutes: 15 } })
      )
      expect(workingHours).toMatchObject({ timezone: "Europe/Oslo", holidays: ["2026-12-25"], emailAfterMinutes: 15 })
      expect(expectOk(await connect({ dashboardToken: await shop.token("member") }).chatWorkingHours.getWorkingHours())).toEqual(workingHours)
      // Typing, told live and never stored, both ways.
      expectOk(await connect({ token: started.visitorToken }).chatVisitor.visitorTyping())
      expectOk(
        await shopAdmin.chatDashboard.agentTyping({ path: { tenantId: shop.id, id: started.conversation.id } })
      )
      const named = expectOk(
        await shopAdmin.chatAppearance.putAgentProfile({
          path: { tenantId: shop.id, agentId: "agent-ada" },
          body: { displayName: "Ada Lovelace" }
        })
      )
      expect(named).toMatchObject({ agentId: "agent-ada", initials: "AL" })
      expect(expectOk(await shopAdmin.chatAppearance.listAgentProfiles({ path: { tenantId: shop.id } })).data).toEqual([named])
      expectOk(await shopAdmin.chatAppearance.removeAgentProfile({ path: { tenantId: shop.id, agentId: "agent-ada" } }))
      const gone = expectError(
        await shopAdmin.chatAppearance.removeAgentProfile({ path: { tenantId: shop.id, agentId: "agent-ada" } }),
        404
      )
      expect(gone.code).toBe("agent_profile_not_found")

      const chat = await tenantWith("Visitors", ["chat"])
      const api = connect({ apiKey: await chat.key({ product: "chat", scopes: ["chat:read", "chat:write"] }) })
      const agent = connect({ dashboardToken: await chat.token("member") })
      // The agent's inbox follows every conversation of the tenant: live from its first `resync`.
      const inbox = agent.chatDashboard.followInbox({ path: { tenantId: chat.id } })
      expect((await nextEvent(inbox)).event).toBe("resync")
      const session = expectOk(await api.chat.mintSession({ body: { externalId: "visitor-1", name: "Help" } }))
      const visitor = connect({ token: session.visitorToken })
      const created = await nextEvent(inbox)
      expect(created.event).toBe("conversation")
      expect(schemas.componentProblems("Conversation", JSON.parse(created.data))).toEqual([])
      expect(JSON.parse(created.data)).toMatchObject({ id: session.conversationId, status: "open", messageCount: 0 })
      expect(expectOk(await visitor.chatVisitor.getVisitorConversation())).toMatchObject({
        id: session.conversationId,
        status: "open",
        csat: null
      })

      const stream = visitor.chatVisitor.followVisitorConversation()
      try {
        const first = await nextEvent(stream)
        expect(first.event).toBe("conversation")
        expect(schemas.componentProblems("VisitorConversation", JSON.parse(first.data))).toEqual([])
        const written = expectOk(await visitor.chatVisitor.postVisitorMessage({ body: { content: "Hello?" } }))
        expect(written).toMatchObject({ sequence: 1, authorType: "visitor", content: "Hello?" })
        // The message the visitor wrote comes back live, its id as the event id.
        const live = await until("the visitor's message on the stream", async () => {
          const event = await nextEvent(stream)
          return event.event === "message" ? event : undefined
        })
        expect(live.id).toBe(written.id)
        expect(JSON.parse(live.data)).toEqual(written)
        const inboxMessage = await nextEvent(inbox)
        expect(inboxMessage.event).toBe("message")
        expect(schemas.componentProblems("ChatMessage", JSON.parse(inboxMessage.data))).toEqual([])
        expect(JSON.parse(inboxMessage.data)).toMatchObject({ ...written, conversationId: session.conversationId })
        const counted = await nextEvent(inbox)
        expect(counted.event).toBe("conversation")
        expect(JSON.parse(counted.data)).toMatchObject({ id: session.conversationId, messageCount: 1 })
      } finally {
        stream.close()
        inbox.close()
      }
      expect(expectOk(await visitor.chatVisitor.listVisitorMessages()).data.map((message) => message.content)).toEqual([
        "Hello?"
      ])

      const early = expectError(await visitor.chatVisitor.rateConversation({ body: { rating: 5 } }), 409)
      expect(early.code).toBe("conversation_not_finished")
      const path = { tenantId: chat.id, id: session.conversationId }
      expectOk(await agent.chatDashboard.setConversationStatus({ path, body: { status: "resolved" } }))
      const rated = expectOk(await visitor.chatVisitor.rateConversation({ body: { rating: 5, comment: "Quick!" } }))
      expect(rated.csat).toMatchObject({ rating: 5, comment: "Quick!" })
      expect(expectOk(await agent.chatDashboard.getAgentConversation({ path })).csat).toEqual(rated.csat)
      // Presence: the agent says online; the dashboard and the key list who is here.
      expect(expectOk(await agent.chatPresenceDashboard.sayPresence({ path: { tenantId: chat.id }, body: { status: "online" } })).status).toBe(
        "online"
      )
      expect(expectOk(await agent.chatPresenceDashboard.listAgentPresence({ path: { tenantId: chat.id } })).data).toHaveLength(1)
      expect(expectOk(await api.chatPresence.listPresentAgents()).data.map((here) => here.status)).toEqual(["online"])
      // Assignment rules: read by key and agent, changed by key and admin (left manual: the conversation keeps its agent).
      expect(expectOk(await api.chatAssignment.getAssignment())).toEqual({ mode: "manual", capacity: 3 })
      expect(expectOk(await api.chatAssignment.setAssignment({ body: { capacity: 2 } })).capacity).toBe(2)
      expect(expectOk(await agent.chatAssignmentDashboard.getAgentAssignment({ path: { tenantId: chat.id } })).capacity).toBe(2)
      const notAllowed = expectError(
        await agent.chatAssignmentDashboard.setAgentAssignment({ path: { tenantId: chat.id }, body: { capacity: 4 } }),
        403
      )
      expect(notAllowed.code).toBe("admin_required")
      expect(
        expectOk(
          await connect({ dashboardToken: await chat.token("admin") }).chatAssignmentDashboard.setAgentAssignment({
            path: { tenantId: chat.id },
            body: { capacity: 4 }
          })
        )
      ).toEqual({ mode: "manual", capacity: 4 })
      // Labels, by key and by agent; the list by one.
      expect(
        expectOk(await api.chat.setLabels({ path: { id: session.conversationId }, body: { labels: ["Billing", "vip"] } })).labels
      ).toEqual(["billing", "vip"])
      expect(
        expectOk(await agent.chatDashboard.setAgentConversationLabels({ path, body: { labels: ["vip"] } })).labels
      ).toEqual(["vip"])
      expect(
        expectOk(await api.chat.listConversations({ query: { label: "VIP" } })).data.map((conversation) => conversation.id)
      ).toEqual([session.conversationId])
      // Search: by a word beginning in a message.
      expect(
        expectOk(await api.chat.listConversations({ query: { q: "HELL" } })).data.map((conversation) => conversation.id)
      ).toEqual([session.conversationId])
      expect(expectOk(await agent.chatDashboard.listAgentConversations({ path: { tenantId: chat.id }, query: { q: "nothing-like-it" } })).data).toEqual([])
      // Private notes, by the API and by an agent, listed newest first; the visitor's messages stay as they were.
      const byApi = expectOk(await api.chat.addNote({ path: { id: session.conversationId }, body: { content: "VIP customer" } }))
      expect(byApi).toMatchObject({ authorType: "api", authorId: null, content: "VIP customer" })
      const byAgent = expectOk(await agent.chatDashboard.addAgentNote({ path, body: { content: "Refund approved" } }))
      expect(byAgent).toMatchObject({ authorType: "agent", content: "Refund approved" })
      expect(expectOk(await agent.chatDashboard.listAgentNotes({ path })).data.map((note) => note.id)).toEqual([byAgent.id, byApi.id])
      expect(expectOk(await api.chat.listNotes({ path: { id: session.conversationId }, query: { limit: 1 } })).meta.nextCursor).toBe(
        byAgent.id
      )
      expect(expectOk(await visitor.chatVisitor.listVisitorMessages()).data.map((message) => message.content)).toEqual(["Hello?"])
      // The canned responses' library: by key and, changed by an admin, in the dashboard.
      const refund = expectOk(
        await api.chatCannedResponses.createCannedResponse({ body: { name: "Refunds", shortcut: "refund", content: "Five days." } })
      )
      expect(refund).toMatchObject({ shortcut: "refund", content: "Five days." })
      expect(
        expectOk(await api.chatCannedResponses.updateCannedResponse({ path: { id: refund.id }, body: { content: "Three days." } }))
      ).toMatchObject({ content: "Three days." })
      expect(expectOk(await api.chatCannedResponses.listCannedResponses()).data.map((each) => each.id)).toEqual([refund.id])
      const taken = expectError(
        await api.chatCannedResponses.createCannedResponse({ body: { name: "Again", shortcut: "refund", content: "x" } }),
        409
      )
      expect(taken.code).toBe("shortcut_taken")
      expectOk(await api.chatCannedResponses.removeCannedResponse({ path: { id: refund.id } }))
      const lead = connect({ dashboardToken: await chat.token("admin") })
      const hours = expectOk(
        await lead.chatCannedResponsesDashboard.createAgentCannedResponse({
          path: { tenantId: chat.id },
          body: { name: "Hours", shortcut: "hours", content: "9 to 5." }
        })
      )
      expect(
        expectOk(
          await lead.chatCannedResponsesDashboard.updateAgentCannedResponse({
            path: { tenantId: chat.id, id: hours.id },
            body: { name: "Opening hours" }
          })
        ).name
      ).toBe("Opening hours")
      expect(
        expectOk(await agent.chatCannedResponsesDashboard.listAgentCannedResponses({ path: { tenantId: chat.id } })).data
      ).toHaveLength(1)
      const notAdmin = expectError(
        await agent.chatCannedResponsesDashboard.removeAgentCannedResponse({ path: { tenantId: chat.id, id: hours.id } }),
        403
      )
      expect(notAdmin.code).toBe("admin_required")
      expectOk(await lead.chatCannedResponsesDashboard.removeAgentCannedResponse({ path: { tenantId: chat.id, id: hours.id } }))

      // Files: rules, uploads both ways and to the library, a message and a canned response carrying them, the download.
      const png = Uint8Array.from(
        atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
        (char) => char.charCodeAt(0)
      )
      expect(expectOk(await api.chatFiles.getFileRules()).kinds).toContain("images")
      expect(expectOk(await api.chatFiles.setFileRules({ body: { maxFileBytes: 2_000_000 } })).maxFileBytes).toBe(2_000_000)
      expect(expectOk(await agent.chatFilesDashboard.getAgentFileRules({ path: { tenantId: chat.id } })).maxFileBytes).toBe(2_000_000)
      expectOk(await lead.chatFilesDashboard.setAgentFileRules({ path: { tenantId: chat.id }, body: { kinds: ["images", "pdf"] } }))
      const fromVisitor = expectOk(await visitor.chatVisitor.uploadVisitorFile({ query: { name: "photo.png" }, body: png }))
      expect(fromVisitor).toMatchObject({ contentType: "image/png", size: png.byteLength, inline: true })
      const fromKey = expectOk(
        await api.chatFiles.uploadConversationFile({ path: { id: session.conversationId }, query: { name: "chart.png" }, body: png })
      )
      const fromAgent = expectOk(await agent.chatFilesDashboard.uploadAgentFile({ path, query: { name: "shot.png" }, body: png }))
      const library = expectOk(await api.chatFiles.uploadLibraryFile({ query: { name: "logo.png" }, body: png }))
      expectOk(await lead.chatFilesDashboard.uploadAgentLibraryFile({ path: { tenantId: chat.id }, query: { name: "map.png" }, body: png }))
      expect(expectOk(await api.chatFiles.getChatFile({ path: { id: library.id } })).name).toBe("logo.png")
      const withFiles = expectOk(
        await api.chat.postMessage({
          path: { id: session.conversationId },
          body: { content: "", fileIds: [fromVisitor.id, fromKey.id, fromAgent.id, library.id] }
        })
      )
      expect(withFiles.files.map((file) => file.name)).toEqual(["photo.png", "chart.png", "shot.png", "logo.png"])
      const logo = expectOk(
        await api.chatCannedResponses.createCannedResponse({ body: { name: "Logo", shortcut: "logo", content: "Ours", fileIds: [library.id] } })
      )
      expect(logo.files.map((file) => file.id)).toEqual([library.id])
      const link = new URL(withFiles.files[0]!.url)
      const downloaded = await connect().chatFileDownload.downloadChatFile({
        path: { id: fromVisitor.id },
        query: {
          tenant: link.searchParams.get("tenant")!,
          expires: link.searchParams.get("expires")!,
          signature: link.searchParams.get("signature")!
        }
      })
      expect(downloaded.status).toBe(200)
      expect(downloaded.response.headers.get("content-type")).toBe("image/png")

      const stranger = await connect({ token: `${session.visitorToken}x` }).chatVisitor.getVisitorConversation()
      const refused = expectError(stranger, 401)
      expect(refused.code).toBe("invalid_visitor_token")
      // A suspended tenant's links are refused with a 403 the document lists.
      if (stranger.error?.status === 403) expect(stranger.error.code).toBe("tenant_suspended")
    })

    it("subscribes to chat events, tests the subscription against a receiver that verifies it, and deletes it", async () => {
      const chat = await tenantWith("Hooks", ["chat"])
      const hooks = connect({ apiKey: await chat.key({ product: "chat", scopes: ["webhooks:manage"] }) })
      const tenant = { tenantId: chat.id }
      const created = expectOk(
        await hooks.webhooks.createWebhook({
          path: tenant,
          body: { url: receiver.url(), events: ["message.created"], description: "CRM" }
        })
      )
      expect(created.secret).toMatch(/^whsec_/)
      receiver.useSecret(created.secret)
      const path = { ...tenant, id: created.id }
      const { secret: _, ...shown } = created
      expect(expectOk(await hooks.webhooks.getWebhook({ path }))).toEqual(shown)
      expect(expectOk(await hooks.webhooks.listWebhooks({ path: tenant })).data).toEqual([shown])
      const updated = expectOk(
        await hooks.webhooks.updateWebhook({ path, body: { events: ["message.created", "csat.submitted"] } })
      )
      expect(updated).toMatchObject({ events: ["message.created", "csat.submitted"], description: "CRM" })

      const attempt = expectOk(await hooks.webhooks.testWebhook({ path }))
      // 200: the receiver verified the signature with the secret shown at creation.
      expect(attempt).toMatchObject({ event: "webhook.test", statusCode: 200, error: null })
      expect(receiver.verified.at(-1)).toMatchObject({ event: "webhook.test", eventId: attempt.eventId })
      expect(expectOk(await hooks.webhooks.listWebhookDeliveries({ path })).data).toEqual([attempt])
      // The same delivery once more, by hand: the next attempt, under the same delivery id.
      const retried = expectOk(
        await hooks.webhooks.retryWebhookDelivery({ path: { ...path, deliveryId: attempt.deliveryId } })
      )
      expect(retried).toMatchObject({ deliveryId: attempt.deliveryId, attempt: 2, statusCode: 200 })
      expect(receiver.verified.at(-1)).toMatchObject({ event: "webhook.test", eventId: attempt.eventId })
      const unknownDelivery = expectError(
        await hooks.webhooks.retryWebhookDelivery({ path: { ...path, deliveryId: UNKNOWN_ID } }),
        404
      )
      expect(unknownDelivery.code).toBe("webhook_delivery_not_found")
      // The delivery itself, with the body its attempts sent as signed.
      const delivery = expectOk(
        await hooks.webhooks.getWebhookDelivery({ path: { ...path, deliveryId: attempt.deliveryId } })
      )
      expect(delivery).toMatchObject({ id: attempt.deliveryId, event: "webhook.test", status: "succeeded", attempts: 2 })
      expect(JSON.parse(delivery.body)).toMatchObject({ event: "webhook.test", eventId: attempt.eventId })
      // Nothing failed: nothing to recover.
      const since = new Date(Date.now() - 60_000).toISOString()
      expect(expectOk(await hooks.webhooks.recoverWebhookDeliveries({ path, body: { since } }))).toEqual({ recovered: 0 })

      expect(expectOk(await hooks.webhooks.deleteWebhook({ path })).id).toBe(created.id)
      const gone = await hooks.webhooks.getWebhook({ path })
      const missing = expectError(gone, 404)
      expect(missing.code).toBe("webhook_not_found")
      // @ts-expect-error: getWebhook documents no template_not_found
      expect(missing.code === "template_not_found").toBe(false)
    })

    it("adds a sending domain, answers its records, verifies it against DNS, and deletes it", async () => {
      const acme = await tenantWith("Domains", ["transactional", "business_email"])
      const domains = connect({ apiKey: await acme.key({ product: "transactional", scopes: ["domains:manage"] }) })
      const domain = expectOk(await domains.mailDomains.addMailDomain({ body: { domain: "mail.contract.example" } }))
      expect(domain).toMatchObject({ domain: "mail.contract.example", status: "pending" })
      expect(expectOk(await domains.mailDomains.listMailDomains()).data).toEqual([domain])
      expect(expectOk(await domains.mailDomains.getMailDomain({ path: { id: domain.id } }))).toEqual(domain)
      const dkim = domain.records.find((record) => record.purpose === "dkim")!
      dns.setTxt(dkim.name, [dkim.value])
      const verified = expectOk(await domains.mailDomains.verifyMailDomain({ path: { id: domain.id } }))
      expect(verified).toMatchObject({ status: "verified", verifiedAt: expect.any(String) })
      const taken = expectError(await domains.mailDomains.addMailDomain({ body: { domain: "mail.contract.example" } }), 409)
      expect(taken.code).toBe("mail_domain_exists")
      expect(expectOk(await domains.mailDomains.deleteMailDomain({ path: { id: domain.id } }))).toBeUndefined()
      const gone = expectError(await domains.mailDomains.getMailDomain({ path: { id: domain.id } }), 404)
      expect(gone.code).toBe("mail_domain_not_found")
    })

    it("suppresses an address by hand, lists it, and takes it off again", async () => {
      const acme = await tenantWith("Suppressions", ["transactional", "business_email"])
      const lists = connect({ apiKey: await acme.key({ product: "transactional", scopes: ["suppressions:manage"] }) })
      const added = expectOk(await lists.suppressions.addSuppression({ body: { email: "Ada@Example.com", note: "asked" } }))
      expect(added).toMatchObject({ email: "ada@example.com", stream: "transactional", reason: "manual", detail: "asked" })
      const listed = expectOk(await lists.suppressions.listSuppressions({ query: { reason: "manual" } }))
      expect(listed).toEqual({ data: [added], meta: { limit: 50, nextCursor: null } })
      const again = expectError(await lists.suppressions.addSuppression({ body: { email: "ada@example.com" } }), 409)
      expect(again.code).toBe("suppression_exists")
      expect(expectOk(await lists.suppressions.removeSuppression({ path: { email: "ada@example.com" } }))).toBeUndefined()
      const gone = expectError(await lists.suppressions.removeSuppression({ path: { email: "ada@example.com" } }), 404)
      expect(gone.code).toBe("suppression_not_found")
    })

    it("reads a tenant's sending reputation, and the platform admin lists and resumes tenants", async () => {
      const acme = await tenantWith("Reputation", ["transactional", "business_email"])
      const reader = connect({ apiKey: await acme.key({ product: "transactional", scopes: ["reputation:read"] }) })
      const reputation = expectOk(await reader.reputation.getReputation())
      expect(reputation).toMatchObject({ status: "good", cause: null, since: null, sent: 0, bounceRate: 0 })
      const admin = connect({ token: ADMIN_TOKEN })
      expect(expectOk(await admin.reputationAdmin.getTenantReputation({ path: { tenantId: acme.id } }))).toEqual({
        tenantId: acme.id,
        ...reputation
      })
      expect(expectOk(await admin.reputationAdmin.listReputations({ query: { status: "paused" } })).data).not.toContainEqual(
        expect.objectContaining({ tenantId: acme.id })
      )
      // Resuming a tenant in good standing answers it unchanged.
      expect(expectOk(await admin.reputationAdmin.resumeTenantSending({ path: { tenantId: acme.id } }))).toMatchObject({
        tenantId: acme.id,
        status: "good"
      })
      const unknown = expectError(
        await admin.reputationAdmin.resumeTenantSending({ path: { tenantId: "00000000-0000-4000-8000-000000000000" } }),
        404
      )
      expect(unknown.code).toBe("tenant_not_found")
    })

    it("unsubscribes a broadcast recipient by the signed one-click link", async () => {
      const acme = await tenantWith("Broadcasts", ["transactional", "business_email"])
      const mail = connect({ apiKey: await acme.key({ product: "transactional", scopes: ["transactional:send"] }) })
      const sent = expectOk(
        await mail.transactional.sendMessage({
          body: { to: ["reader@example.com"], subject: "News", text: "Hello", stream: "broadcast" }
        })
      )
      const token = await served.kit.runtime.runPromise(
        Effect.map(SecretBox, (box) => messageToken(box, "unsubscribe", acme.id, sent.messages[0]!.id))
      )
      const recipient = connect()
      expect(expectOk(await recipient.unsubscribe.unsubscribe({ path: { token } }))).toEqual({
        unsubscribed: true,
        stream: "broadcast"
      })
      const altered = `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`
      const forged = expectError(await recipient.unsubscribe.unsubscribe({ path: { token: altered } }), 404)
      expect(forged.code).toBe("unsubscribe_link_invalid")
    })

    it("manages templates, renders them, sends mail that reaches the logs, and serves the dashboard", async () => {
      const acme = await tenantWith("Mail", ["transactional", "business_email"])
      const mail = connect({ apiKey: await acme.key({ product: "transactional", scopes: ["transactional:send"] }) })
      const dashboard = connect({ dashboardToken: await acme.token("member") })
      const welcome = {
        name: "welcome",
        bodyJson: {
          subject: "Welcome, {{user.name}}",
          html: "<p>Hello {{user.name}}, your code is <b>{{code}}</b>.</p>",
          text: "Hello {{user.name}}, your code is {{code}}."
        }
      }
      const template = expectOk(await mail.transactional.createTemplate({ body: welcome }))
      expect(template).toMatchObject({ name: "welcome", channel: "email", variables: ["user.name", "code"] })
      expect(expectOk(await mail.transactional.getTemplate({ path: { id: template.id } }))).toEqual(template)
      expect(expectOk(await mail.transactional.listTemplates()).data).toEqual([template])
      const patched = expectOk(
        await mail.transactional.updateTemplate({
          path: { id: template.id },
          body: { bodyJson: { text: "Code {{code}}" } }
        })
      )
      expect(patched.bodyJson).toEqual({ ...welcome.bodyJson, text: "Code {{code}}" })
      const rendered = expectOk(
        await mail.transactional.renderTemplate({
          path: { id: template.id },
          body: { variables: { user: { name: "<Ann>" } } }
        })
      )
      expect(rendered).toMatchObject({ subject: "Welcome, <Ann>", missingVariables: ["code"] })

      const send = {
        templateId: template.id,
        to: ["ann@example.com"],
        variables: { user: { name: "Ann" }, code: 4711 }
      }
      const sent = expectOk(
        await mail.transactional.sendMessage({ body: send, headers: { "idempotency-key": "welcome-ann" } })
      )
      expect(sent).toMatchObject({ test: false, messages: [{ to: "ann@example.com", status: "queued" }] })
      // The same key with another body is refused, typed with its own status.
      const reused = await mail.transactional.sendMessage({
        body: { ...send, to: ["bob@example.com"] },
        headers: { "idempotency-key": "welcome-ann" }
      })
      expect(expectError(reused, 422).code).toBe("idempotency_key_reused")
      const delivered = await until("the sent message in the logs", async () => {
        const logs = expectOk(await mail.transactional.listLogs({ query: { limit: 100 } }))
        return logs.data.find((row) => row.templateId === template.id && row.status === "sent")
      })
      expect(delivered).toMatchObject({
        recipient: "ann@example.com",
        subject: "Welcome, Ann",
        templateName: "welcome"
      })

      const taken = expectError(await mail.transactional.createTemplate({ body: welcome }), 409)
      expect(taken.code).toBe("template_name_taken")
      // @ts-expect-error: a 409 of createTemplate is never an idempotency conflict
      expect(taken.code === "idempotency_in_progress").toBe(false)

      const fromDashboard = expectOk(
        await dashboard.transactionalDashboard.createDashboardTemplate({ body: { ...welcome, name: "from-dashboard" } })
      )
      expect(
        expectOk(await dashboard.transactionalDashboard.listDashboardTemplates()).data.map((each) => each.id)
      ).toEqual([fromDashboard.id, template.id])
      expect(expectOk(await dashboard.transactionalDashboard.listDashboardLogs()).data.map((row) => row.id)).toContain(
        delivered.id
      )
      const statistics = expectOk(await dashboard.transactionalDashboard.getTransactionalStatistics())
      expect(statistics.byTemplate).toEqual([expect.objectContaining({ templateId: template.id })])
      expect(
        expectOk(await dashboard.transactionalDashboard.getDashboardTemplate({ path: { id: fromDashboard.id } }))
      ).toEqual(fromDashboard)
      const previewed = expectOk(
        await dashboard.transactionalDashboard.renderDashboardTemplate({
          path: { id: fromDashboard.id },
          body: { variables: { user: { name: "<b>Bo</b>" }, code: 7 } }
        })
      )
      expect(previewed).toMatchObject({
        html: "<p>Hello &lt;b&gt;Bo&lt;/b&gt;, your code is <b>7</b>.</p>",
        missingVariables: []
      })
      const retitled = expectOk(
        await dashboard.transactionalDashboard.updateDashboardTemplate({
          path: { id: fromDashboard.id },
          body: { name: "from-dashboard-renamed" }
        })
      )
      expect(retitled).toMatchObject({ id: fromDashboard.id, name: "from-dashboard-renamed" })
      expect(
        expectOk(await dashboard.transactionalDashboard.deleteDashboardTemplate({ path: { id: fromDashboard.id } })).id
      ).toBe(fromDashboard.id)

      expect(expectOk(await mail.transactional.deleteTemplate({ path: { id: template.id } })).id).toBe(template.id)
      expect(expectError(await mail.transactional.getTemplate({ path: { id: template.id } }), 404).code).toBe(
        "template_not_found"
      )
    })

    it("starts growth conversations by email, records replies, closes them", async () => {
      const acme = await tenantWith("Sales", ["business_email"])
      const sales = connect({ dashboardToken: await acme.token("member", "bo") })
      const created = expectOk(
        await sales.growthConversations.createGrowthConversation({
          body: { contact: { email: "ann@example.com", name: "Ann" }, subject: "Your quote", content: "Here it is." }
        })
      )
      expect(created).toMatchObject({ status: "open", messageCount: 1, createdBy: "bo" })
      const path = { id: created.id }
      const answer = expectOk(
        await sales.growthConversations.addGrowthMessage({ path, body: { content: "Thanks!", direction: "inbound" } })
      )
      expect(answer).toMatchObject({ sequence: 2, direction: "inbound", emailMessageId: null })
      expect(
        expectOk(await sales.growthConversations.getGrowthConversation({ path })).messages.map((m) => m.content)
      ).toEqual(["Here it is.", "Thanks!"])
      const closed = expectOk(
        await sales.growthConversations.updateGrowthConversation({ path, body: { status: "closed" } })
      )
      expect(closed).toMatchObject({ status: "closed", messageCount: 2 })
      expect(
        expectOk(await sales.growthConversations.listGrowthConversations({ query: { status: "closed" } })).data.map(
          (c) => c.id
        )
      ).toEqual([created.id])
    })

    it("creates, runs, approves, cancels and retries workflows, starts runs from a hook, and reads the readouts", async () => {
      const acme = await tenantWith("Runs", ["automations"])
      const sk = connect({ apiKey: await acme.key({ product: "automations", scopes: ["automations:manage"] }) })
      const manual = { schemaVersion: 1, type: "manual" }
      const gated = expectOk(
        await sk.automations.createWorkflow({
          body: {
            name: "Refunds",
            triggerJson: manual,
            stepsJson: [
              { type: "log", message: "refund {{payload.amount}}" },
              { type: "approval", title: "Refund?" }
            ]
          }
        })
      )
      expect(gated).toMatchObject({ name: "Refunds", active: true, revision: 1 })
      // Steps are typed by kind: a misspelled field does not compile, and the server refuses it as well.
      const misspelled = await sk.automations.createWorkflow({
        body: {
          name: "Typo",
          triggerJson: manual,
          // @ts-expect-error: an approval step has no field `tittle`
          stepsJson: [{ type: "approval", tittle: "Refund?" }]
        }
      })
      expect(expectError(misspelled, 400).details).toEqual([expect.objectContaining({ field: "stepsJson.0.tittle" })])
      const alias = expectOk(
        await sk.automations.createAutomation({
          body: { name: "Alias", triggerJson: manual, stepsJson: [{ type: "log", message: "hi" }] }
        })
      )
      const renamed = expectOk(
        await sk.automations.updateWorkflow({ path: { id: alias.id }, body: { name: "Alias, renamed" } })
      )
      expect(renamed).toMatchObject({ name: "Alias, renamed", revision: 2 })
      expect(
        expectOk(await sk.automations.listWorkflows())
          .data.map((w) => w.id)
          .sort()
      ).toEqual([gated.id, alias.id].sort())
      expect(
        expectOk(await sk.automations.listAutomations())
          .data.map((w) => w.id)
          .sort()
      ).toEqual([gated.id, alias.id].sort())
      expect(expectOk(await sk.automations.getFlow({ path: { id: gated.flowId } }))).toMatchObject({
        workflowId: gated.id,
        revision: 1
      })
      expect(expectOk(await sk.automations.listFlows()).data.map((flow) => flow.id)).toContain(gated.flowId)
      expect(expectOk(await sk.automations.deleteWorkflow({ path: { id: alias.id } })).id).toBe(alias.id)

      // Approved: the run goes on after the approval.
      const approvedRun = expectOk(
        await sk.automationRuns.runWorkflow({ path: { id: gated.id }, body: { payload: { amount: 30 } } })
      )
      expect(approvedRun).toMatchObject({ workflowId: gated.id, status: "queued" })
      await runIn(sk, approvedRun.id, ["waiting_approval"])
      const pending = expectOk(await sk.automationRuns.listApprovals({ query: { status: "pending" } }))
      const approval = found(
        pending.data.find((each) => each.runId === approvedRun.id),
        "the run's approval"
      )
      expect(approval).toMatchObject({ title: "Refund?", status: "pending" })
      const decided = expectOk(
        await sk.automationRuns.decideApproval({ path: { id: approval.id }, body: { decision: "approve" } })
      )
      expect(decided.status).toBe("approved")
      const succeeded = await runIn(sk, approvedRun.id, ["succeeded", "failed"])
      expect(succeeded.status).toBe("succeeded")
      expect(succeeded.stepsResultJson[0]).toMatchObject({ outputText: "refund 30" })

      // Cancelled while it waits, then retried: it asks for the approval again.
      const second = expectOk(await sk.automationRuns.runWorkflow({ path: { id: gated.id }, body: {} }))
      await runIn(sk, second.id, ["waiting_approval"])
      expect(expectOk(await sk.automationRuns.cancelRun({ path: { id: second.id } })).status).toBe("cancelled")
      expect(expectOk(await sk.automationRuns.retryRun({ path: { id: second.id } }))).toMatchObject({
        status: "queued",
        attempt: 2
      })
      const retried = await runIn(sk, second.id, ["waiting_approval", "succeeded", "failed"])
      // Nobody decided this try's approval: the run waits for a new one.
      expect(retried.status, "the retried run passed its approval step undecided").toBe("waiting_approval")
      const runs = expectOk(await sk.automationRuns.listRuns({ query: { workflowId: gated.id } }))
      expect(runs.data.map((run) => run.id).sort()).toEqual([approvedRun.id, second.id].sort())

      const finished = await sk.automationRuns.cancelRun({ path: { id: approvedRun.id } })
      if (finished.error?.code === "invalid_run_transition") expect(finished.error.status).toBe(409)
      const conflict = expectError(finished, 409)
      expect(conflict.code).toBe("invalid_run_transition")
      // @ts-expect-error: a 409 of cancelRun is never an approval's
      expect(conflict.code === "approval_decided").toBe(false)
      expect(expectError(await sk.automationRuns.getRun({ path: { id: UNKNOWN_ID } }), 404).code).toBe("run_not_found")

      // A partner starts a run with the workflow's token, no API key.
      const token = "hook-token-0123456789abcdef"
      const hooked = expectOk(
        await sk.automations.createWorkflow({
          body: {
            name: "Orders",
            triggerJson: { schemaVersion: 1, type: "webhook", webhook: { token } },
            stepsJson: [{ type: "log", message: "{{event.type}}: {{payload.id}}" }]
          }
        })
      )
      const partner = connect()
      const started = expectOk(
        await partner.automationHooks.inboundHook({
          headers: { "x-service-automation-token": token },
          body: { workflowId: hooked.id, event: "order.paid", payload: { id: 42 } }
        })
      )
      expect(started.trigger).toEqual({ type: "webhook", event: "order.paid" })
      expect((await runIn(sk, started.id, ["succeeded", "failed"])).stepsResultJson[0]).toMatchObject({
        outputText: "order.paid: 42"
      })

      // The readout counts the runs as the list shows them.
      const slo = expectOk(await sk.automationReadouts.getSlo())
      const all = expectOk(await sk.automationRuns.listRuns({ query: { limit: 100 } })).data
      expect(slo.runs.total).toBe(3)
      expect(slo.runs.succeeded).toBe(all.filter((run) => run.status === "succeeded").length)
      const onboarding = expectOk(await sk.automationReadouts.getOnboarding())
      expect(onboarding.steps.find((step) => step.id === "decide_approval")?.done).toBe(true)
      const logs = expectOk(await sk.automationReadouts.listLogs({ query: { runId: started.id } }))
      expect(logs.data).toHaveLength(1)
      expect(expectOk(await sk.automationReadouts.listMessages()).data).toEqual([])
    })

    it("keeps standing orders, model labels, tool profiles, memory, sessions, agents and channels", async () => {
      const acme = await tenantWith("Governance", ["automations"])
      const sk = connect({ apiKey: await acme.key({ product: "automations", scopes: ["automations:manage"] }) })
      const policy = expectOk(
        await sk.automationGovernance.putPolicy({ body: { standingOrders: "Never refund over 100 EUR." } })
      )
      expect(expectOk(await sk.automationGovernance.getPolicy())).toEqual(policy)
      expect(expectOk(await sk.automationGovernance.getModels())).toEqual({
        primary: "fast",
        failover: [],
        updatedAt: null,
        toolCalls: { fast: "text" }
      })
      const models = expectOk(
        await sk.automationGovernance.putModels({ body: { primary: "smart", failover: ["fast"] } })
      )
      expect(models.toolCalls).toEqual({ smart: "native", fast: "text" })
      expect(expectOk(await sk.automationGovernance.getModels())).toEqual(models)
      const profile = expectOk(
        await sk.automationGovernance.putToolProfile({
          body: { name: "ops", allow: ["log.write"], deny: ["memory.write"] }
        })
      )
      expect(expectOk(await sk.automationGovernance.listToolProfiles()).data).toEqual([profile])
      const entry = expectOk(
        await sk.automationGovernance.putMemory({ body: { key: "customer:ada", value: { tier: "gold" } } })
      )
      expect(expectOk(await sk.automationGovernance.listMemory({ query: { key: "customer:ada" } })).data).toEqual([
        entry
      ])
      const audit = expectOk(await sk.automationGovernance.listMemoryAudit({ query: { key: "customer:ada" } }))
      expect(audit.data.map((each) => each.action).sort()).toEqual(["read", "write"])

      const session = expectOk(await sk.automationSessions.openSession({ body: { scope: "dm", peer: "carol" } }))
      expect(expectOk(await sk.automationSessions.getSession({ path: { id: session.id } }))).toMatchObject({
        id: session.id,
        messages: []
      })
      expect(expectOk(await sk.automationSessions.listSessions({ query: { scope: "dm" } })).data).toEqual([session])

      const agent = expectOk(
        await sk.automationAgents.createAgent({
          body: { name: "Desk", instructions: "Answer briefly.", model: "fast", route_keys: ["peer:vip-1"] }
        })
      )
      const changed = expectOk(
        await sk.automationAgents.updateAgent({ path: { id: agent.id }, body: { model: null, toolProfile: "ops" } })
      )
      expect(changed).toMatchObject({ model: null, toolProfile: "ops" })
      expect(expectOk(await sk.automationAgents.listAgents()).data).toEqual([changed])
      expect(expectOk(await sk.automationAgents.deleteAgent({ path: { id: agent.id } })).id).toBe(agent.id)
      expect(expectError(await sk.automationAgents.deleteAgent({ path: { id: agent.id } }), 404).code).toBe(
        "agent_not_found"
      )

      // The channel's secret lets a partner post without a key; a workflow listening on it runs.
      const inboundSecret = "partner-secret-0123456789"
      const channel = expectOk(
        await sk.automationChannels.createChannel({
          body: { name: "Partner", type: "webhook", config_json: { url: receiver.url(), inboundSecret } }
        })
      )
      expect(channel).toMatchObject({ type: "webhook", hasInboundSecret: true })
      expect(JSON.stringify(expectOk(await sk.automationChannels.listChannels()))).not.toContain(inboundSecret)
      const listening = expectOk(
        await sk.automations.createWorkflow({
          body: {
            name: "Inbox",
            triggerJson: { schemaVersion: 1, type: "channel", channelId: channel.id },
            stepsJson: [{ type: "log", message: "{{payload.peer}} said {{payload.text}}" }]
          }
        })
      )
      const inbound = expectOk(
        await connect().automationChannelInbound.channelInbound({
          path: { id: channel.id },
          headers: { "x-service-channel-secret": inboundSecret },
          body: { text: "Where is my order?", peer: "erin" }
        })
      )
      expect(inbound.runs.map((run) => run.workflowId)).toEqual([listening.id])
      const heard = await runIn(sk, inbound.runs[0].id, ["succeeded", "failed"])
      expect(heard.stepsResultJson[0]).toMatchObject({ outputText: "erin said Where is my order?" })
      const wrong = await connect().automationChannelInbound.channelInbound({
        path: { id: channel.id },
        headers: { "x-service-channel-secret": "not-the-secret-000000" },
        body: { text: "x" }
      })
      expect(expectError(wrong, 401).code).toBe("invalid_channel_secret")
    })

    it("pairs a companion node, serves its device routes and socket, runs a node skill, and revokes it", async () => {
      const acme = await tenantWith("Nodes", ["automations"])
      const sk = connect({ apiKey: await acme.key({ product: "automations", scopes: ["automations:manage"] }) })
      const created = expectOk(await sk.automationNodes.createNode({ body: { name: "Laptop" } }))
      expect(created).toMatchObject({ status: "pending", pairingCode: expect.stringMatching(/^[A-Z2-9]{8}$/) })
      const claimed = expectOk(
        await connect().automationNodeClaim.claimNode({
          body: {
            pairingCode: created.pairingCode,
            platform: "linux x64",
            version: "1.0.0",
            capabilities: ["node.ping"]
          }
        })
      )
      expect(claimed).toMatchObject({ id: created.id, status: "paired", capabilities: ["node.ping"] })
      const device = connect({ token: claimed.deviceSecret })
      const path = { id: created.id }
      expect(
        expectOk(await device.automationNodeDevice.nodeHeartbeat({ path, body: { version: "1.0.1" } }))
      ).toMatchObject({
        id: created.id,
        capabilities: ["node.ping"]
      })
      const changed = expectOk(await sk.automationNodes.updateNode({ path, body: { name: "Front desk" } }))
      expect(changed).toMatchObject({ name: "Front desk", version: "1.0.1", status: "paired" })
      expect(expectOk(await sk.automationNodes.listNodes()).data).toEqual([changed])

      // The socket: the device secret in the URL the client gives; the first message is the node's settings.
      const url = await device.automationNodeDevice.nodeSocket({ path })
      const socket = await openSocket(url)
      recorder.socketOpened(url, socket.upgradeStatus)
      expect(socket.upgradeStatus).toBe(101)
      expect(JSON.parse(await socket.next())).toMatchObject({
        type: "settings",
        node: { id: created.id, name: "Front desk" }
      })
      socket.socket.close()

      // A run's node step waits for the device, which takes the command by long poll and answers it once.
      const pinging = expectOk(
        await sk.automations.createWorkflow({
          body: {
            name: "Ping",
            triggerJson: { schemaVersion: 1, type: "manual" },
            stepsJson: [{ type: "skill", skillId: "node.ping", input: { nodeId: created.id } }]
          }
        })
      )
      const run = expectOk(await sk.automationRuns.runWorkflow({ path: { id: pinging.id }, body: {} }))
      const command = await until("the node's command", async () => {
        const due = expectOk(await device.automationNodeDevice.nodeCommands({ path, query: { wait: 2 } }))
        return due.data[0]
      })
      expect(command).toMatchObject({ command: "node.ping" })
      const result = expectOk(
        await device.automationNodeDevice.nodeCommandResult({
          path: { id: created.id, commandId: command.id },
          body: { ok: true, output: "pong" }
        })
      )
      expect(result).toMatchObject({ id: command.id, status: "succeeded" })
      expect((await runIn(sk, run.id, ["succeeded", "failed"])).stepsResultJson[0]).toMatchObject({
        status: "succeeded",
        output: { ok: true, output: "pong" }
      })
      const again = await device.automationNodeDevice.nodeCommandResult({
        path: { id: created.id, commandId: command.id },
        body: { ok: true, output: "pong again" }
      })
      expect(expectError(again, 409).code).toBe("command_finished")

      expect(expectOk(await sk.automationNodes.revokeNode({ path }))).toMatchObject({ status: "revoked" })
      const refused = await device.automationNodeDevice.nodeHeartbeat({ path, body: {} })
      const unauthenticated = expectError(refused, 401)
      expect(unauthenticated.code).toBe("invalid_device_secret")
      // @ts-expect-error: a 401 is never a missing node
      expect(unauthenticated.code === "node_not_found").toBe(false)
    })

    it("serves the Automations dashboard routes to a tenant's users: members read, admins write", async () => {
      const acme = await tenantWith("Console", ["automations"])
      const admin = connect({ dashboardToken: await acme.token("admin") }).automationsDashboard
      const member = connect({ dashboardToken: await acme.token("member") }).automationsDashboard
      const workflow = expectOk(
        await admin.createDashboardWorkflow({
          body: {
            name: "From the console",
            triggerJson: { schemaVersion: 1, type: "manual" },
            stepsJson: [{ type: "log" }]
          }
        })
      )
      expect(expectOk(await member.listDashboardWorkflows()).data).toEqual([workflow])
      const sequence = expectOk(
        await admin.createDashboardSequence({
          body: { name: "Onboarding", stepsJson: [{ type: "log", message: "day one" }] }
        })
      )
      expect(expectOk(await member.listDashboardSequences()).data).toEqual([sequence])
      const agent = expectOk(
        await admin.createDashboardAgent({ body: { name: "Desk", instructions: "Answer briefly." } })
      )
      expect(expectOk(await member.listDashboardAgents()).data).toEqual([agent])
      const renamed = expectOk(
        await admin.updateDashboardResource({
          path: { resource: "workflows", id: workflow.id },
          body: { name: "Renamed" }
        })
      )
      expect(renamed).toMatchObject({ id: workflow.id, name: "Renamed" })
      expect(
        expectOk(await admin.deleteDashboardResource({ path: { resource: "agents", id: agent.id } }))
      ).toMatchObject({
        id: agent.id
      })
      expect(expectOk(await member.listDashboardAgents()).data).toEqual([])
      expect(expectOk(await member.getAutomationsConsole())).toMatchObject({ recentRuns: [], waitingApprovals: [] })
      expect(expectOk(await member.listDashboardRuns()).data).toEqual([])
      expect(expectOk(await member.listDashboardSessions()).data).toEqual([])
      expect(expectOk(await member.listDashboardApprovals()).data).toEqual([])
      expect(expectOk(await member.listDashboardChannels()).data).toEqual([])

      const refused = await member.createDashboardWorkflow({
        body: { name: "No", triggerJson: { schemaVersion: 1, type: "manual" }, stepsJson: [{ type: "log" }] }
      })
      if (refused.error?.code === "admin_required") expect(refused.error.status).toBe(403)
      expect(expectError(refused, 403).code).toBe("admin_required")
      const missing = await admin.deleteDashboardResource({ path: { resource: "agents", id: agent.id } })
      expect(expectError(missing, 404).code).toBe("agent_not_found")
    })

    it("runs sequences, and publishes, installs and makes workflows from skill packs", async () => {
      const acme = await tenantWith("Packs", ["automations", "business_email"])
      const sk = connect({ apiKey: await acme.key({ product: "automations", scopes: ["automations:manage"] }) })
      const sequence = expectOk(
        await sk.automationSequences.createSequence({
          body: {
            name: "Nurture",
            stepsJson: [
              { type: "log", message: "first" },
              { type: "wait", days: 2 }
            ]
          }
        })
      )
      expect(expectOk(await sk.automationSequences.listSequences()).data).toEqual([sequence])
      const updated = expectOk(
        await sk.automationSequences.updateSequence({
          path: { id: sequence.id },
          body: {
            stepsJson: [
              { type: "log", message: "hello {{payload.name}}" },
              { type: "wait", minutes: 5 }
            ]
          }
        })
      )
      expect(updated.revision).toBe(sequence.revision + 1)
      const run = expectOk(
        await sk.automationSequences.runSequence({ path: { id: sequence.id }, body: { payload: { name: "Ada" } } })
      )
      // The wait holds the run with no worker, after the first step ran.
      const waiting = await runIn(sk, run.id, ["waiting_timer", "failed"])
      expect(waiting.status).toBe("waiting_timer")
      expect(waiting.stepsResultJson.map((step) => [step.type, step.status, step.outputText])).toEqual([
        ["log", "succeeded", "hello Ada"],
        ["wait", "waiting_timer", null]
      ])
      expect(expectOk(await sk.automationSequences.deleteSequence({ path: { id: sequence.id } })).id).toBe(sequence.id)
      const gone = await sk.automationSequences.runSequence({ path: { id: sequence.id }, body: {} })
      expect(expectError(gone, 404).code).toBe("sequence_not_found")

      const sdk = expectOk(await sk.automationSkills.getSkillSdk())
      expect(sdk.skills.map((skill) => skill.id)).toContain("email.send")
      const pack = {
        packId: "acme.follow-up",
        version: "1.0.0",
        name: "Follow-up email",
        parameters: { recipients: { type: "array", items: { type: "string", format: "email" }, minItems: 1 } },
        templates: [
          {
            key: "send",
            name: "Send the follow-up",
            triggerJson: { schemaVersion: 1, type: "manual" },
            stepsJson: [
              {
                type: "skill",
                skillId: "email.send",
                input: { to: "{{params.recipients}}", subject: "Following up", text: "Hi" }
              }
            ]
          }
        ]
      }
      const published = expectOk(await sk.automationSkills.publishSkillPack({ body: pack }))
      expect(published).toMatchObject({ packId: "acme.follow-up", source: "account", requires: ["business_email"] })
      const changed = expectError(
        await sk.automationSkills.publishSkillPack({ body: { ...pack, name: "Changed" } }),
        409
      )
      expect(changed.code).toBe("pack_version_exists")
      // @ts-expect-error: a 409 of publishSkillPack is never a pack that is not installed
      expect(changed.code === "pack_not_installed").toBe(false)
      expect(expectOk(await sk.automationSkills.listSkillPacks({ query: { source: "account" } })).data).toEqual([
        published
      ])
      const installed = expectOk(await sk.automationSkills.installSkillPack({ body: { packId: "acme.follow-up" } }))
      expect(installed.installed).toMatchObject({ version: "1.0.0", digest: published.digest })
      const workflow = expectOk(
        await sk.automationSkills.createWorkflowFromPack({
          path: { packId: "acme.follow-up" },
          body: { parameters: { recipients: ["grace@example.test"] } }
        })
      )
      expect(workflow).toMatchObject({ name: "Send the follow-up", active: true })
      expect(workflow.stepsJson[0]).toMatchObject({ input: { to: ["grace@example.test"] } })
    })

    it("serves the console's dashboard twins of runs, approvals, nodes, skill packs, governance and sessions", async () => {
      const acme = await tenantWith("Console twins", ["automations", "business_email"])
      const board = connect({ dashboardToken: await acme.token("admin") }).automationsDashboard
      const sk = connect({ apiKey: await acme.key({ product: "automations", scopes: ["automations:manage"] }) })

      // A gated run started, read, approved and finished from the dashboard; another cancelled and retried.
      const gated = expectOk(
        await board.createDashboardWorkflow({
          body: {
            name: "Gated",
            triggerJson: { schemaVersion: 1, type: "manual" },
            stepsJson: [{ type: "approval", title: "Ship it?" }]
          }
        })
      )
      const started = expectOk(await board.runDashboardWorkflow({ path: { id: gated.id }, body: {} }))
      await runIn(sk, started.id, ["waiting_approval"])
      expect(expectOk(await board.getDashboardRun({ path: { id: started.id } }))).toMatchObject({
        id: started.id,
        status: "waiting_approval"
      })
      const approval = found(
        expectOk(await board.listDashboardApprovals()).data.find((each) => each.runId === started.id),
        "the run's approval"
      )
      const decided = expectOk(
        await board.decideDashboardApproval({ path: { id: approval.id }, body: { decision: "approve", note: "fine" } })
      )
      expect(decided).toMatchObject({ status: "approved", note: "fine" })
      expect((await runIn(sk, started.id, ["succeeded", "failed"])).status).toBe("succeeded")
      const second = expectOk(await board.runDashboardWorkflow({ path: { id: gated.id }, body: {} }))
      await runIn(sk, second.id, ["waiting_approval"])
      expect(expectOk(await board.cancelDashboardRun({ path: { id: second.id } })).status).toBe("cancelled")
      expect(expectOk(await board.retryDashboardRun({ path: { id: second.id } }))).toMatchObject({
        status: "queued",
        attempt: 2
      })

      const node = expectOk(await board.createDashboardNode({ body: { name: "Laptop" } }))
      expect(node.pairingCode).toEqual(expect.any(String))
      expect(expectOk(await board.listDashboardNodes()).data.map((each) => each.id)).toEqual([node.id])

      // Governance written from the dashboard is what the key routes read.
      const policy = expectOk(await board.putDashboardPolicy({ body: { standingOrders: "Be brief." } }))
      expect(expectOk(await board.getDashboardPolicy())).toEqual(policy)
      expect(expectOk(await sk.automationGovernance.getPolicy())).toEqual(policy)
      const models = expectOk(await board.putDashboardModels({ body: { primary: "smart", failover: ["fast"] } }))
      expect(expectOk(await board.getDashboardModels())).toEqual(models)
      const profile = expectOk(
        await board.putDashboardToolProfile({ body: { name: "ops", allow: ["log.write"], deny: ["memory.write"] } })
      )
      expect(expectOk(await board.listDashboardToolProfiles()).data).toEqual([profile])
      const entry = expectOk(await board.putDashboardMemory({ body: { key: "customer:ada", value: { tier: "gold" } } }))
      expect(expectOk(await board.listDashboardMemory({ query: { key: "customer:ada" } })).data).toEqual([entry])
      const audit = expectOk(await board.listDashboardMemoryAudit({ query: { key: "customer:ada" } }))
      expect(audit.data.map((each) => each.action).sort()).toEqual(["read", "write"])

      const session = expectOk(await sk.automationSessions.openSession({ body: { scope: "dm", peer: "carol" } }))
      expect(expectOk(await board.getDashboardSession({ path: { id: session.id } }))).toMatchObject({
        id: session.id,
        messages: []
      })

      // A pack published with the key, installed and made into a workflow from the dashboard.
      expectOk(
        await sk.automationSkills.publishSkillPack({
          body: {
            packId: "acme.console-follow-up",
            version: "1.0.0",
            name: "Follow-up email",
            parameters: { recipients: { type: "array", items: { type: "string", format: "email" }, minItems: 1 } },
            templates: [
              {
                key: "send",
                name: "Send the follow-up",
                triggerJson: { schemaVersion: 1, type: "manual" },
                stepsJson: [
                  {
                    type: "skill",
                    skillId: "email.send",
                    input: { to: "{{params.recipients}}", subject: "Following up", text: "Hi" }
                  }
                ]
              }
            ]
          }
        })
      )
      expect(
        expectOk(await board.listDashboardSkillPacks({ query: { source: "account" } })).data.map((each) => each.packId)
      ).toEqual(["acme.console-follow-up"])
      const installed = expectOk(await board.installDashboardSkillPack({ body: { packId: "acme.console-follow-up" } }))
      expect(installed.installed).toMatchObject({ version: "1.0.0" })
      const fromPack = expectOk(
        await board.createDashboardWorkflowFromPack({
          path: { packId: "acme.console-follow-up" },
          body: { parameters: { recipients: ["grace@example.test"] } }
        })
      )
      expect(fromPack.stepsJson[0]).toMatchObject({ input: { to: ["grace@example.test"] } })
    })

    it("got no answer, success or error, that the document does not describe", async () => {
      expect(await recorder.problems()).toEqual([])
    })

    it("answered every operation of the document with success at least once", () => {
      const succeeded = (id: OperationId, status: number) =>
        (status >= 200 && status < 300) ||
        status === 101 ||
        // A planned route documents no success: its documented 501 is its answer.
        (status === 501 && !schemas.documents(id, 200) && schemas.documents(id, 501))
      const answeredWell = [...recorder.answered]
        .filter(([id, statuses]) => [...statuses].some((status) => succeeded(id, status)))
        .map(([id]) => id)
      expect(answeredWell.sort()).toEqual(Object.keys(routes).sort())
    })
  })
