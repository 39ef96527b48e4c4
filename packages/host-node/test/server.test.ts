import { ApiKeyService, ServiceKit, TenantService } from "@servicekit/core"
import { layerMemory, testDashboardToken } from "@servicekit/core/testing"
import { Effect } from "effect"
import { connect, type Socket } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listen, type RunningServer } from "../src/Server.js"

describe("node:http host", () => {
  const kit = ServiceKit.make(layerMemory())
  let server: RunningServer
  let key: string
  let tenantId: string

  beforeAll(async () => {
    server = await listen(kit, { port: 0 })
    ;({ key, tenantId } = await kit.runtime.runPromise(
      Effect.gen(function* () {
        const tenant = yield* (yield* TenantService).create({ name: "Node host", entitlements: ["voice"] })
        const created = yield* (yield* ApiKeyService).create({ tenantId: tenant.id, product: "voice", environment: "live", scopes: ["voice:read"] })
        return { key: created.key, tenantId: tenant.id }
      })
    ))
  })
  afterAll(async () => {
    await server.close()
    await kit.dispose()
  })

  it("serves the API on a random loopback port", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const response = await fetch(`${server.url}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${key}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/json")
    expect(await response.json()).toEqual({ data: [], meta: { limit: 25, nextCursor: null } })
  })

  it("answers 400, not 500, for a malformed escape in a path parameter", async () => {
    const response = await fetch(`${server.url}/api/v1/voice/calls/%E0%A4%A`, { headers: { authorization: `Bearer ${key}` } })
    expect(response.status).toBe(400)
    expect((await response.json()).error.details).toEqual([{ field: "id", reason: "must be a uuid" }])
  })

  it("refuses bodies over 1 MiB with 413 and the common error body", async () => {
    const response = await fetch(`${server.url}/api/tenants/${tenantId}/api-keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${testDashboardToken({ tenantId, role: "admin", sub: "u" })}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024), product: "voice", environment: "live", scopes: ["voice:read"] })
    })
    expect(response.status).toBe(413)
    expect((await response.json()).error.code).toBe("body_too_large")
    const listed = await fetch(`${server.url}/api/tenants/${tenantId}/api-keys`, {
      headers: { authorization: `Bearer ${testDashboardToken({ tenantId, role: "admin", sub: "u" })}` }
    })
    expect((await listed.json()).data).toHaveLength(1)
  })

  it("pairs every response with its request when many arrive at once, pipelined or not", async () => {
    const routes = [
      { path: "/api/v1/voice/calls", status: 200 },
      { path: "/api/v1/voice/numbers", status: 501 },
      { path: "/api/v1/voice/nothing", status: 404 }
    ]
    const { port } = new URL(server.url)
    const sockets = await Promise.all(
      Array.from({ length: 40 }, () => {
        const socket = connect(Number(port), "127.0.0.1")
        return new Promise<Socket>((resolve) => socket.once("connect", () => resolve(socket)))
      })
    )
    const perSocket = 3
    const received = sockets.map((socket, s) => {
      const expected = Array.from({ length: perSocket }, (_, r) => ({ id: `req-${s}-${r}`, route: routes[(s + r) % routes.length] }))
      // Pipelined and written in one go: the server finishes them in the same event-loop turn.
      socket.write(
        expected
          .map(({ id, route }) => `GET ${route.path} HTTP/1.1\r\nHost: test\r\nX-API-Key: ${key}\r\nX-Request-ID: ${id}\r\n\r\n`)
          .join("")
      )
      return readResponses(socket, perSocket).then((responses) => ({ expected, responses }))
    })
    for (const { expected, responses } of await Promise.all(received)) {
      expect(responses.map((r) => [r.status, r.requestId])).toEqual(expected.map(({ id, route }) => [route.status, id]))
      for (const response of responses.filter((r) => r.status !== 200)) {
        expect(JSON.parse(response.body).error.requestId).toBe(response.requestId)
      }
    }
    sockets.forEach((socket) => socket.destroy())
  })

  it("finishes in-flight requests when closing, then stops accepting", async () => {
    // Closed once the server has the request, however long the request takes to get there.
    let received!: () => void
    const requestReceived = new Promise<void>((resolve) => (received = resolve))
    const watched = await listen(
      {
        ...kit,
        dispatch: (request) => {
          received()
          return kit.dispatch(request)
        }
      },
      { port: 0 }
    )
    const inFlight = fetch(`${watched.url}/api/v1/voice/usage`, { headers: { "x-api-key": key } })
    await requestReceived
    await watched.close()
    expect((await inFlight).status).toBe(200)
    await expect(fetch(`${watched.url}/api/v1/voice/usage`, { headers: { "x-api-key": key } })).rejects.toThrow()
  })
})

interface RawResponse {
  readonly status: number
  readonly requestId: string | undefined
  readonly body: string
}

/** Reads `count` HTTP/1.1 responses (framed by Content-Length) from a socket. */
const readResponses = (socket: Socket, count: number): Promise<Array<RawResponse>> =>
  new Promise((resolve, reject) => {
    let buffered = ""
    const responses: Array<RawResponse> = []
    socket.setEncoding("utf8")
    socket.on("error", reject)
    socket.on("data", (chunk: string) => {
      buffered += chunk
      for (;;) {
        const headEnd = buffered.indexOf("\r\n\r\n")
        if (headEnd === -1) return
        const head = buffered.slice(0, headEnd).split("\r\n")
        const header = (name: string) =>
          head.find((line) => line.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim()
        const length = Number(header("content-length"))
        if (buffered.length < headEnd + 4 + length) return
        responses.push({
          status: Number(head[0].split(" ")[1]),
          requestId: header("x-request-id"),
          body: buffered.slice(headEnd + 4, headEnd + 4 + length)
        })
        buffered = buffered.slice(headEnd + 4 + length)
        if (responses.length === count) resolve(responses)
      }
    })
  })
