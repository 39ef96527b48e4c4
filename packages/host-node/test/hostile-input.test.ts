import { mkdtempSync, rmSync } from "node:fs"
import { request } from "node:http"
import { connect } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { createKey, expectRefusal, keyCount, kitOn, memoryKit, serve, storageInputSuite } from "./hostileInput.js"

const nested = (depth: number, inner = "") => "[".repeat(depth) + inner + "]".repeat(depth)

describe("bad input never crashes, never 5xx, never leaks (node:http, memory)", () => {
  const served = serve(() => memoryKit())
  const get = (path: string, init: RequestInit = {}) =>
    fetch(`${served.url}${path}`, { ...init, headers: { authorization: `Bearer ${served.key}`, ...init.headers } })

  it.each([
    ["5,000 nested arrays as the body", nested(5_000)],
    ["5,000 nested arrays in a field", `{"name":${nested(5_000)},"product":"voice"}`],
    ["5,000 nested objects", '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000)],
    ["65 levels, one past the limit", `{"name":${nested(64)}}`]
  ])("%s → 400 invalid_body, nothing stored, the server still up", async (_, body) => {
    const before = await keyCount(served)
    const error = await expectRefusal(await createKey(served, body), 400, "invalid_body")
    expect(error.message).toBe("The request body nests deeper than 64 levels.")
    expect(await keyCount(served)).toBe(before)
  })

  it("lets a body within the nesting limit reach validation", async () => {
    const error = await expectRefusal(await createKey(served, `{"name":${nested(62)}}`), 400, "validation_failed")
    expect(error.details).toEqual([{ field: "name", reason: "must be one of a string, null" }])
  })

  it("never echoes the body or the schema's internals in a validation error", async () => {
    const secret = "s3cret-value-that-must-not-come-back"
    const response = await createKey(
      served,
      JSON.stringify({ name: secret, product: secret, environment: "live", scopes: ["voice:read"] })
    )
    const text = await response.clone().text()
    const error = await expectRefusal(response, 400, "validation_failed")
    expect(error.details).toEqual([
      { field: "product", reason: "must be one of chat, voice, transactional, automations" }
    ])
    expect(text).not.toContain(secret)
    expect(text).not.toMatch(/Expected|actual|Schema|Lowercase|PropertyKey|readonly/)

    const wrongType = await expectRefusal(
      await createKey(served, `{"name":{"deep":[1,2,3]}}`),
      400,
      "validation_failed"
    )
    expect(JSON.stringify(wrongType)).not.toMatch(/deep|Expected|actual/)
  })

  it.each(["1e2", "0x10", "%205", "5.0", "+5", "-1", "0", "101", "99999999999999999999", "", "5%00"])(
    "refuses limit=%s: plain decimal integers from 1 to 100 only",
    async (limit) => {
      const error = await expectRefusal(await get(`/api/v1/voice/calls?limit=${limit}`), 400, "validation_failed")
      expect(error.details?.[0].field).toBe("limit")
    }
  )

  it("takes limit=05 as 5", async () => {
    const response = await get("/api/v1/voice/calls?limit=05")
    expect(response.status).toBe(200)
    expect((await response.json()).meta.limit).toBe(5)
  })

  it("answers HEAD like GET without the body, and a known path's wrong method with 405 and Allow", async () => {
    const full = await get("/api/v1/voice/calls")
    const head = await get("/api/v1/voice/calls", { method: "HEAD" })
    expect(head.status).toBe(200)
    expect(head.headers.get("content-length")).toBe(String((await full.arrayBuffer()).byteLength))
    expect(await head.text()).toBe("")

    const wrong = await get("/api/v1/voice/calls", { method: "DELETE" })
    expect(wrong.headers.get("allow")).toBe("GET, HEAD")
    await expectRefusal(wrong, 405, "method_not_allowed")
    const keys = await fetch(`${served.url}/api/tenants/${served.tenantId}/api-keys`, {
      method: "PUT",
      headers: { authorization: `Bearer ${served.admin}` }
    })
    expect(keys.headers.get("allow")).toBe("GET, POST, HEAD")
    await expectRefusal(keys, 405, "method_not_allowed")
    await expectRefusal(await get("/api/v1/voice/nothing", { method: "DELETE" }), 404, "route_not_found")
  })
})

describe("requests node:http's parser refuses", () => {
  const served = serve(() => memoryKit())

  /** Sends raw bytes and reads the whole answer until the server closes the connection. */
  const raw = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const { hostname, port } = new URL(served.url)
      const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(bytes))
      let answer = ""
      socket.setEncoding("utf8")
      socket.on("data", (chunk) => (answer += chunk))
      socket.on("close", () => resolve(answer))
      socket.on("error", reject)
    })

  it.each([
    [
      "headers over node's limit",
      `GET /api/v1/voice/calls HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      431,
      "headers_too_large"
    ],
    ["a malformed request line", "GARBAGE\r\n\r\n", 400, "malformed_request"],
    ["bare LF line endings", "GET /api/v1/voice/calls HTTP/1.1\nHost: x\n\n", 400, "malformed_request"],
    ["a header without a colon", "GET /api/v1/voice/calls HTTP/1.1\r\nHost x\r\n\r\n", 400, "malformed_request"]
  ])("answers %s in the common error body with an X-Request-ID, and closes", async (_, bytes, status, code) => {
    const answer = await raw(bytes)
    const [head, body] = answer.split("\r\n\r\n")
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `))
    const requestId = /\r\nX-Request-ID: ([0-9a-f-]{36})/i.exec(head)?.[1]
    expect(requestId).toBeDefined()
    expect(head).toMatch(/\r\nConnection: close/i)
    expect(JSON.parse(body)).toEqual({
      error: { type: "invalid_request", code, message: expect.any(String), requestId }
    })
    // The server carries on.
    const after = await fetch(`${served.url}/api/v1/voice/calls`, { headers: { authorization: `Bearer ${served.key}` } })
    expect(after.status).toBe(200)
  })
})

describe("one normalised path for routing, limits and authentication", () => {
  // Six requests per minute per IP under /v1/.
  const served = serve(() =>
    memoryKit({ settings: { ipRateLimits: [{ pathPrefix: "/v1/", limit: 6, windowMs: 60_000 }] } })
  )
  // node:http sends the path as written; fetch would resolve the dot segments itself.
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const { hostname, port } = new URL(served.url)
      request({ host: hostname, port, path, headers: { authorization: `Bearer ${served.key}` } }, (response) => {
        response.resume()
        resolve(response.statusCode!)
      })
        .on("error", reject)
        .end()
    })

  it("routes and rate-limits one normalised path: extra slashes and dot segments do not skip the IP limit", async () => {
    const spellings = [
      "//api/v1/voice/calls",
      "/api/v1//voice/calls",
      "/api//v1/voice/calls",
      "/api/./v1/voice/calls",
      "/api/v1/voice/../voice/calls",
      "///api///v1///voice///calls"
    ]
    const statuses: Array<number> = []
    for (const path of spellings) statuses.push(await get(path))
    // Each spelling reaches the calls list, and each counts against the one limit.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200])
    expect(await get("/api/v1/voice/calls")).toBe(429)
    const limited = await fetch(`${served.url}/api/v1/voice/calls`, {
      headers: { authorization: `Bearer ${served.key}` }
    })
    expect(limited.headers.get("retry-after")).not.toBeNull()
    await expectRefusal(limited, 429, "rate_limited")
  })
})

storageInputSuite("memory", () => memoryKit())

const dataDir = mkdtempSync(join(tmpdir(), "servicekit-hostile-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
storageInputSuite("PGlite", () => kitOn({ SERVICEKIT_DATA_DIR: dataDir }))
