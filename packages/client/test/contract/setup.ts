import { createSocket } from "node:dgram"
import { mkdtempSync, rmSync } from "node:fs"
import { type Server, createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type Client, type EventStream, type OperationId, type Schema, createClient } from "@servicekit/client"
import { type WebhookEvent, verifyWebhook } from "@servicekit/client/webhooks"
import { type KeyAccess } from "@servicekit/core"
import { afterAll, beforeAll, expect } from "vitest"
import WebSocket from "ws"
import { until } from "../../../host-node/test/automationsClient.js"
import { documentSchemas, pointerSegment } from "../../../host-node/test/documentSchemas.js"
import { startDnsServer } from "../../../host-node/test/fixtures/dnsServer.js"
import { type Served, kitOn, serve } from "../../../host-node/test/hostileInput.js"
import { routes } from "../../src/generated/index.js"

/** Where the suite's kit keeps its data: the embedded default's PGlite, or PostgreSQL and Redis. */
export interface ContractStorage {
  /** Named in the suite's title. */
  readonly storage: string
  /** The storage's environment, read when the kit is made (after the file's own `beforeAll`s). */
  readonly env: () => Record<string, string>
}

export const ADMIN_TOKEN = "contract-suite-platform-admin-token-0123456789"
export const TWILIO_AUTH_TOKEN = "contract-suite-twilio-auth-token"
/** Where the platform says it is reached: Twilio signs that address, not the loopback one. */
export const PUBLIC_URL = "https://platform.example"
// Low enough for one key to be driven to 429 in a moment, high enough for every other key of the suite.
export const KEY_RATE_LIMIT = 150
export const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000"

/** `value`, which the test needs to go on; a failure naming `what` otherwise. */
export const found = <A>(value: A | undefined, what: string): A => {
  if (value === undefined) throw new Error(`found no ${what}`)
  return value
}

/** The stream's next event; a failure when it ended instead. */
export const nextEvent = async (stream: EventStream) => {
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
export const openSocket = (url: string, protocols: Array<string> = []) =>
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
 * What the tests share, made inside the suite's `describe`: the live server on `setting`'s storage,
 * its neighbours (carrier, webhook receiver, DNS) and the helpers that call it and check its answers.
 */
export const contractContext = (setting: ContractStorage) => {
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

  return {
    served,
    receiver,
    recorder,
    // Set in `beforeAll`: read when a test runs, not when it is registered.
    get dns() {
      return dns
    },
    get schemas() {
      return schemas
    },
    connect,
    tenantWith,
    expectOk,
    expectError,
    runIn
  }
}

/** What the tests of each product read: see `contractContext`. */
export type ContractContext = ReturnType<typeof contractContext>
