import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { type Started, start } from "./spawn.js"
import { clearOfMinuteTurn } from "./minuteTurn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))

/** The standalone server with `env`, its URL, the development tenant's voice key and its output so far. */
const serveWith = (env: Record<string, string>) => {
  const dataDir = mkdtempSync(join(tmpdir(), "servicekit-observability-"))
  let server: Started | undefined
  afterAll(async () => {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })
  const served = { url: "", key: "", tenantId: "", output: () => server?.output() ?? "" }
  return {
    served,
    started: async () => {
      server = start(process.execPath, [cli, "serve", "--port", "0", "--host", "127.0.0.1", "--json"], {
        SERVICEKIT_DATA_DIR: dataDir,
        DATABASE_URL: "",
        REDIS_URL: "",
        ...env
      })
      const [line] = await server.waitFor(/\{"listening".*\}/)
      const { listening, development } = JSON.parse(line)
      served.url = listening
      served.tenantId = development.tenantId
      served.key = development.keys.find((key: { product: string }) => key.product === "voice").key
      return served
    }
  }
}

/** The log lines in JSON. */
const jsonLines = (output: string): Array<Record<string, unknown>> =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{") && !line.startsWith('{"listening"'))
    .map((line) => JSON.parse(line))

const eventually = async <A>(find: () => A | undefined): Promise<A> => {
  for (let i = 0; i < 100; i++) {
    const found = find()
    if (found !== undefined) return found
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error("not logged")
}

describe("JSON request logs and Prometheus metrics behind a token", () => {
  const token = "metrics-token-of-some-length"
  const { served, started } = serveWith({
    SERVICEKIT_LOG_FORMAT: "json",
    SERVICEKIT_METRICS: "on",
    SERVICEKIT_METRICS_TOKEN: token,
    SERVICEKIT_KEY_RATE_LIMIT: "3"
  })

  it("logs one JSON line per request with its route, status, duration and ids, never a key or the query", async () => {
    await started()
    const ok = await fetch(`${served.url}/api/v1/voice/calls?limit=5&direction=inbound`, {
      headers: { authorization: `Bearer ${served.key}`, "x-request-id": "trace-ok-1" }
    })
    expect(ok.headers.get("x-request-id")).toBe("trace-ok-1")
    const guessed = "svk_live_voice_abcdefgh_0123456789abcdefghijklmnopqrstuv"
    const refused = await fetch(`${served.url}/api/v1/voice/calls/00000000-0000-4000-8000-000000000000`, {
      headers: { "x-api-key": guessed }
    })
    expect(refused.status).toBe(401)
    const refusedId = refused.headers.get("x-request-id")

    const lines = await eventually(() => {
      const found = jsonLines(served.output()).filter((line) => line.message === "request")
      return found.length >= 2 ? found : undefined
    })
    expect(lines.find((line) => line.requestId === "trace-ok-1")).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      level: "INFO",
      message: "request",
      method: "GET",
      path: "/api/v1/voice/calls",
      route: "/api/v1/voice/calls",
      status: 200,
      durationMs: expect.any(Number),
      requestId: "trace-ok-1",
      tenantId: served.tenantId,
      clientIp: "127.0.0.1"
    })
    expect(lines.find((line) => line.requestId === refusedId)).toMatchObject({
      path: "/api/v1/voice/calls/00000000-0000-4000-8000-000000000000",
      route: "/api/v1/voice/calls/:id",
      status: 401
    })
    expect(lines.find((line) => line.requestId === refusedId)).not.toHaveProperty("tenantId")
    // The development tenant's keys are printed once at start; no log line holds a key or a query.
    const logs = served
      .output()
      .split("\n")
      .filter((line) => !line.startsWith('{"listening"'))
      .join("\n")
    expect(logs).not.toContain(guessed)
    expect(logs).not.toContain(served.key)
    expect(logs).not.toContain("direction=inbound")
  })

  it("serves metrics only with the token: requests by route and status, rate-limit refusals, key-cache hits", async () => {
    const denied = await fetch(`${served.url}/api/metrics`, { headers: { authorization: "Bearer wrong" } })
    expect(denied.status).toBe(401)
    expect((await denied.json()).error.code).toBe("invalid_credentials")
    expect((await fetch(`${served.url}/api/metrics`)).status).toBe(401)

    // The key allows 3 requests per clock minute. The four below go in one minute (started clear of its
    // turn); the first test's request counts too when it fell in the same minute, which the first
    // answer's remaining count tells.
    await clearOfMinuteTurn()
    const statuses: Array<number> = []
    let remaining = -1
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${served.url}/api/v1/voice/calls`, {
        headers: { authorization: `Bearer ${served.key}` }
      })
      if (i === 0) remaining = Number(response.headers.get("x-ratelimit-remaining"))
      statuses.push(response.status)
    }
    expect([1, 2]).toContain(remaining)
    const allowed = 1 + remaining
    const refused = 4 - allowed
    expect(statuses).toEqual([...Array(allowed).fill(200), ...Array(refused).fill(429)])

    const response = await fetch(`${served.url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8")
    const text = await response.text()
    expect(text).toContain("# TYPE servicekit_http_requests_total counter")
    expect(text).toContain(
      `servicekit_http_requests_total{method="GET",route="/api/v1/voice/calls",status="200"} ${1 + allowed}`
    )
    expect(text).toContain(
      `servicekit_http_requests_total{method="GET",route="/api/v1/voice/calls",status="429"} ${refused}`
    )
    expect(text).toContain(
      'servicekit_http_requests_total{method="GET",route="/api/v1/voice/calls/:id",status="401"} 1'
    )
    expect(text).toContain(`servicekit_rate_limit_rejections_total{limit="key"} ${refused}`)
    expect(text).toContain("# TYPE servicekit_http_request_duration_seconds histogram")
    expect(text).toMatch(
      /servicekit_http_request_duration_seconds_bucket\{method="GET",route="\/api\/v1\/voice\/calls",le="\+Inf"\} 5\n/
    )
    // One miss to load the key, then hits; the guessed key missed once. The key is cached for 10 s,
    // so a wait for the minute's turn (up to 15 s) may load it once more.
    const lookups = (result: string) =>
      Number(new RegExp(`servicekit_api_key_cache_lookups_total\\{result="${result}"\\} (\\d+)`).exec(text)?.[1])
    expect([2, 3]).toContain(lookups("miss"))
    expect(lookups("hit") + lookups("miss")).toBe(6)
  })
})

describe("readable request logs, metrics off by default", () => {
  const { served, started } = serveWith({})

  it("writes one readable line per request and has no metrics endpoint", async () => {
    await started()
    await fetch(`${served.url}/api/v1/voice/calls`, {
      headers: { authorization: `Bearer ${served.key}`, "x-request-id": "trace-text-1" }
    })
    const line = await eventually(() =>
      served
        .output()
        .split("\n")
        .find((l) => l.includes("trace-text-1"))
    )
    expect(line).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT\\S+ INFO  GET /api/v1/voice/calls 200 route=/api/v1/voice/calls durationMs=[\\d.]+ requestId=trace-text-1 tenantId=${served.tenantId} clientIp=127\\.0\\.0\\.1$`
      )
    )
    expect((await fetch(`${served.url}/api/metrics`)).status).toBe(404)
  })
})

describe("the log level", () => {
  const { served, started } = serveWith({ SERVICEKIT_LOG_LEVEL: "warn" })

  it("leaves request lines out below info", async () => {
    await started()
    const response = await fetch(`${served.url}/api/v1/voice/calls`, {
      headers: { authorization: `Bearer ${served.key}` }
    })
    expect(response.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(served.output()).not.toContain("/api/v1/voice/calls 200")
  })
})
