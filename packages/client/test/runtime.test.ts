import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http"
import type { AddressInfo } from "node:net"
import {
  ServiceKitApiError,
  ServiceKitConnectionError,
  ServiceKitUnexpectedResponse,
  createClient
} from "@servicekit/client"
import { ServiceKit } from "@servicekit/core"
import { layerMemory } from "@servicekit/core/testing"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"

/** What the scripted server saw of one request. */
interface Seen {
  readonly method: string
  readonly url: string
  readonly headers: IncomingMessage["headers"]
  readonly body: string
}

type Answer = (request: Seen, response: ServerResponse) => void

/** A server that answers each request with the next scripted answer and records what it was sent. */
const scripted = () => {
  const seen: Array<Seen> = []
  let answers: Array<Answer> = []
  let server: Server
  const state = {
    seen,
    url: "",
    script: (...next: Array<Answer>) => {
      seen.length = 0
      answers = next
    }
  }
  beforeAll(async () => {
    server = createServer(async (request, response) => {
      let body = ""
      for await (const chunk of request) body += chunk
      const record = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body }
      seen.push(record)
      const answer = answers.shift()
      if (answer === undefined) response.writeHead(599).end("unscripted")
      else answer(record, response)
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
  })
  afterAll(() => {
    server.closeAllConnections()
    return new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return state
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (_, response) =>
    response
      .writeHead(status, { "content-type": "application/json", "x-request-id": "req-1", ...headers })
      .end(JSON.stringify(body))

const errorBody = (code: string, type = "not_found") => ({
  error: { type, code, message: `A ${code}.`, requestId: "req-1" }
})

/** Never answers: the client must give up on its own. */
const hang: Answer = () => {}

/** Drops the connection without an answer. */
const drop: Answer = (_, response) => response.socket?.destroy()

const page = { data: [], meta: { limit: 25, nextCursor: null } }
const sendBody = { to: ["a@example.com"], subject: "Hi", text: "Hello" }
const sent = { test: false, messages: [{ id: "m1", to: "a@example.com", status: "queued" }] }

describe("the client's requests", () => {
  const server = scripted()
  const client = (options: { maxRetries?: number; timeoutMs?: number; maxRetryDelayMs?: number } = {}) =>
    createClient({ baseUrl: server.url, apiKey: "svk_live_voice_abc", ...options })
  afterEach(() => server.script())

  it("sends the path, query, JSON body and credential the operation takes, and answers the body with the answer's headers", async () => {
    server.script(
      json(200, page, { "x-ratelimit-limit": "600", "x-ratelimit-remaining": "599", "x-ratelimit-reset": "1795766400" })
    )
    const result = await client().calling.listCalls({ query: { limit: 10, direction: "inbound" } })
    expect(result.error).toBeUndefined()
    expect(result.data).toEqual(page)
    expect(result.status).toBe(200)
    expect(result.requestId).toBe("req-1")
    expect(result.rateLimit).toEqual({ limit: 600, remaining: 599, reset: 1795766400 })
    expect(server.seen[0]).toMatchObject({ method: "GET", url: "/api/v1/voice/calls?limit=10&direction=inbound" })
    expect(server.seen[0].headers.authorization).toBe("Bearer svk_live_voice_abc")

    server.script(json(200, sent))
    await client().transactional.sendMessage({ body: sendBody })
    expect(server.seen[0].method).toBe("POST")
    expect(server.seen[0].headers["content-type"]).toBe("application/json")
    expect(JSON.parse(server.seen[0].body)).toEqual(sendBody)

    server.script(json(200, { id: "x" }))
    await client().automations.deleteWorkflow({ path: { id: "a/b?c" } })
    expect(server.seen[0]).toMatchObject({ method: "DELETE", url: "/api/v1/automations/workflows/a%2Fb%3Fc" })
  })

  it("answers a documented error as { error } with its status and code, and throws on an answer the operation does not document", async () => {
    server.script(json(404, errorBody("call_not_found")))
    const missing = await client().calling.getCall({ path: { id: "00000000-0000-4000-8000-000000000000" } })
    expect(missing.data).toBeUndefined()
    expect(missing.error).toEqual({ ...errorBody("call_not_found").error, status: 404 })
    if (missing.error?.status === 404) expect(missing.error.code).toBe("call_not_found")

    // listCalls documents no 404: a kit answering route_not_found means baseUrl misses the mount path.
    server.script(json(404, errorBody("route_not_found")))
    const wrongMount = await client().calling.listCalls().catch((error: unknown) => error)
    expect(wrongMount).toBeInstanceOf(ServiceKitUnexpectedResponse)
    expect((wrongMount as ServiceKitUnexpectedResponse).status).toBe(404)
    expect((wrongMount as ServiceKitUnexpectedResponse).message).toContain("route_not_found")

    // A proxy's page in place of the common error body.
    server.script((_, response) => response.writeHead(500, { "content-type": "text/html" }).end("<h1>oops</h1>"))
    await expect(client({ maxRetries: 0 }).calling.listCalls()).rejects.toBeInstanceOf(ServiceKitUnexpectedResponse)
  })

  it("retries a GET after 502, 503, a dropped connection and a timeout, and gives up with a connection error", async () => {
    server.script(json(503, {}), json(502, {}), json(200, page))
    expect((await client().calling.listCalls()).data).toEqual(page)
    expect(server.seen).toHaveLength(3)

    server.script(drop, json(200, page))
    expect((await client().calling.listCalls()).data).toEqual(page)
    expect(server.seen).toHaveLength(2)

    server.script(hang, hang)
    const timedOut = await client({ maxRetries: 1, timeoutMs: 100 })
      .calling.listCalls()
      .catch((error: unknown) => error)
    expect(timedOut).toBeInstanceOf(ServiceKitConnectionError)
    expect((timedOut as ServiceKitConnectionError).timedOut).toBe(true)
    expect(server.seen).toHaveLength(2)
  })

  it("never sends a POST again after a failure it may have caused, unless it carries an Idempotency-Key", async () => {
    server.script(drop, json(200, sent))
    const dropped = await client()
      .transactional.sendMessage({ body: sendBody })
      .catch((error: unknown) => error)
    expect(dropped).toBeInstanceOf(ServiceKitConnectionError)
    expect((dropped as ServiceKitConnectionError).timedOut).toBe(false)
    expect(server.seen).toHaveLength(1)

    server.script(json(503, errorBody("unavailable", "unavailable")), json(200, sent))
    await expect(client().transactional.sendMessage({ body: sendBody })).rejects.toBeInstanceOf(
      ServiceKitUnexpectedResponse
    )
    expect(server.seen).toHaveLength(1)

    server.script(drop, json(503, {}), json(200, sent))
    const keyed = await client().transactional.sendMessage({ body: sendBody, headers: { "idempotency-key": "order-7" } })
    expect(keyed.data).toEqual(sent)
    expect(server.seen.map((request) => request.headers["idempotency-key"])).toEqual(["order-7", "order-7", "order-7"])
    expect(server.seen.map((request) => request.body)).toEqual(Array(3).fill(JSON.stringify(sendBody)))
  })

  it("retries a 429 of any method after its Retry-After, but answers it when the wait is longer than allowed", async () => {
    const limited = json(429, errorBody("rate_limited", "rate_limit"), { "retry-after": "1" })
    server.script(limited, json(200, sent))
    expect((await client().transactional.sendMessage({ body: sendBody })).data).toEqual(sent)
    expect(server.seen).toHaveLength(2)

    server.script(json(429, errorBody("rate_limited", "rate_limit"), { "retry-after": "120" }))
    const refused = await client().calling.listCalls()
    expect(server.seen).toHaveLength(1)
    expect(refused.error).toMatchObject({ status: 429, code: "rate_limited" })
    expect(refused.response.headers.get("retry-after")).toBe("120")

    server.script(limited)
    expect((await client({ maxRetries: 0 }).calling.listCalls()).error?.status).toBe(429)
    expect(server.seen).toHaveLength(1)
  })

  it("stops at once when the caller aborts, without a retry", async () => {
    server.script(hang, json(200, page))
    const controller = new AbortController()
    const pending = client().calling.listCalls(undefined, { signal: controller.signal })
    setTimeout(() => controller.abort(new Error("the user left")), 50)
    await expect(pending).rejects.toThrow("the user left")
    expect(server.seen).toHaveLength(1)
  })

  it("asks a credential function for each request, and takes only one kind of credential", async () => {
    let issued = 0
    const renewing = createClient({ baseUrl: server.url, dashboardToken: async () => `token-${++issued}` })
    server.script(json(200, { products: [] }), json(200, { products: [] }))
    await renewing.developers.getEntitlements()
    await renewing.developers.getEntitlements()
    expect(server.seen.map((request) => request.headers.authorization)).toEqual(["Bearer token-1", "Bearer token-2"])
    expect(() => createClient({ baseUrl: server.url, apiKey: "a", dashboardToken: "b" })).toThrow(TypeError)
  })

  it("follows nextCursor through every page of a list", async () => {
    const call = (id: string) => ({ id })
    server.script(
      json(200, { data: [call("1"), call("2")], meta: { limit: 2, nextCursor: "c2" } }),
      json(200, { data: [call("3")], meta: { limit: 2, nextCursor: null } })
    )
    const ids: Array<string> = []
    for await (const item of client().calling.listCalls.all({ query: { limit: 2 } })) ids.push(item.id)
    expect(ids).toEqual(["1", "2", "3"])
    expect(server.seen.map((request) => request.url)).toEqual([
      "/api/v1/voice/calls?limit=2",
      "/api/v1/voice/calls?limit=2&cursor=c2"
    ])

    // The dashboard's list pages with `items` and a top-level `nextCursor`.
    server.script(
      json(200, { items: [call("a")], nextCursor: "n" }),
      json(200, { items: [call("b")], nextCursor: null })
    )
    const dashboard = createClient({ baseUrl: server.url, dashboardToken: "jwt" })
    const items: Array<string> = []
    for await (const item of dashboard.callsDashboard.listDashboardCalls.all()) items.push(item.id)
    expect(items).toEqual(["a", "b"])

    server.script(json(200, { data: [call("1")], meta: { limit: 1, nextCursor: "c2" } }), json(400, errorBody("invalid_cursor", "invalid_request")))
    const iterated: Array<string> = []
    const failed = await (async () => {
      for await (const item of client().calling.listCalls.all()) iterated.push(item.id)
    })().catch((error: unknown) => error)
    expect(iterated).toEqual(["1"])
    expect(failed).toBeInstanceOf(ServiceKitApiError)
    expect((failed as ServiceKitApiError<{ code: string; status: number }>).error).toMatchObject({ status: 400, code: "invalid_cursor" })
  })

  it("gives WebSocket routes as ws:// URLs, the credential in the query parameter the route reads", async () => {
    const dashboard = createClient({ baseUrl: server.url, dashboardToken: "jwt.token" })
    expect(await dashboard.softphone.connectSoftphone()).toBe(`${server.url.replace("http:", "ws:")}/sip/ws?token=jwt.token`)
    const device = createClient({ baseUrl: server.url.replace("http:", "https:"), token: "s3cret" })
    expect(await device.automationNodeDevice.nodeSocket({ path: { id: "n1" } })).toBe(
      `${server.url.replace("http:", "wss:")}/v1/automations/nodes/n1/ws?secret=s3cret`
    )
  })
})

describe("the client's event streams", () => {
  const server = scripted()
  afterEach(() => server.script())

  /** Writes the events, then ends the stream (the connection drops). */
  const events =
    (...blocks: Array<string>): Answer =>
    (_, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" })
      for (const block of blocks) response.write(block)
      response.end()
    }

  it("reads events, reconnects with Last-Event-ID after the connection drops, and stops when refused", async () => {
    server.script(
      // Split across writes mid-line and mid "\r\n", with a comment and the server's retry advice.
      events("retry: 5\n: keep-alive\n\nevent: conversation\ndata: {\"a\":1}\n\n", "id: m1\nevent: message\ndata: one\r", "\n\r\n"),
      json(503, {}),
      events("id: m2\nevent: message\ndata: two\ndata: lines\n\n"),
      json(401, errorBody("invalid_visitor_token", "authentication"))
    )
    const visitor = createClient({ baseUrl: server.url, token: "svt_x" })
    const received: Array<unknown> = []
    const ended = await (async () => {
      for await (const event of visitor.chatVisitor.followVisitorConversation()) received.push(event)
    })().catch((error: unknown) => error)
    expect(received).toEqual([
      { event: "conversation", data: '{"a":1}', id: undefined },
      { event: "message", data: "one", id: "m1" },
      { event: "message", data: "two\nlines", id: "m2" }
    ])
    expect(server.seen.map((request) => request.headers["last-event-id"])).toEqual([undefined, "m1", "m1", "m2"])
    expect(server.seen.every((request) => request.headers.accept === "text/event-stream")).toBe(true)
    expect(ended).toBeInstanceOf(ServiceKitApiError)
    expect((ended as ServiceKitApiError<{ code: string; status: number }>).error).toMatchObject({
      status: 401,
      code: "invalid_visitor_token"
    })
  })

  it("ends quietly when closed while it waits", async () => {
    server.script((_, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" })
      response.write("data: first\n\n")
    })
    const stream = createClient({ baseUrl: server.url, token: "svt_x" }).chatVisitor.followVisitorConversation()
    const first = await stream.next()
    expect(first.value).toEqual({ event: "message", data: "first", id: undefined })
    const next = stream.next()
    stream.close()
    expect(await next).toEqual({ done: true, value: undefined })
    expect(server.seen).toHaveLength(1)
  })
})

describe("the client over an embedded kit's handler", () => {
  it("calls the kit in-process, its errors typed as over the network", async () => {
    const kit = ServiceKit.make(layerMemory())
    try {
      const tenant = await kit.admin.createTenant({ name: "In-process", entitlements: ["voice"] })
      const { key } = await kit.admin.createKey({
        tenantId: tenant.id,
        product: "voice",
        environment: "live",
        scopes: ["voice:read"]
      })
      const servicekit = createClient({
        baseUrl: "http://kit/api",
        apiKey: key,
        fetch: (request, init) => kit.handler(new Request(request, init), { remoteAddress: "127.0.0.1" })
      })
      expect((await servicekit.calling.listCalls()).data).toEqual({ data: [], meta: { limit: 25, nextCursor: null } })
      const missing = await servicekit.calling.getCall({ path: { id: "00000000-0000-4000-8000-000000000000" } })
      expect(missing.error).toMatchObject({ status: 404, type: "not_found", code: "call_not_found" })
    } finally {
      await kit.dispose()
    }
  })
})
