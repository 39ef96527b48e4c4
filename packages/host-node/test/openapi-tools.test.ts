import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { ApiKeyService, CallingService } from "@servicekit/core"
import { testDashboardToken } from "@servicekit/core/testing"
import { Effect } from "effect"
import ts from "typescript"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { memoryKit, serve } from "./hostileInput.js"
import { type Started, run, start } from "./spawn.js"

const bin = (name: string) => fileURLToPath(new URL(`../../../node_modules/.bin/${name}`, import.meta.url))

// The tools must not reach for the network: there is none in CI.
const quietTools = { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" }

const folder = mkdtempSync(join(tmpdir(), "servicekit-openapi-"))
const documentPath = join(folder, "openapi.json")
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe("the served OpenAPI document, as API tooling reads it", () => {
  // A low per-key limit, so one key can be driven to 429; the others stay far below it.
  const served = serve(() => memoryKit({ settings: { keyRateLimit: { limit: 30, windowMs: 60_000 } } }))
  const callId = "7c9e6679-7425-40de-944b-e07fc1f90ae7"

  const newKey = (ipAllowlist?: ReadonlyArray<string>) =>
    served.kit.runtime.runPromise(
      Effect.flatMap(ApiKeyService, (keys) =>
        keys.create({
          tenantId: served.tenantId,
          product: "voice",
          environment: "live",
          scopes: ["voice:read"],
          ipAllowlist
        })
      )
    )

  beforeAll(async () => {
    const response = await fetch(`${served.url}/api/v1/openapi.json`)
    writeFileSync(documentPath, await response.text())
    await served.kit.runtime.runPromise(
      Effect.flatMap(CallingService, (calling) =>
        calling.ingest(
          served.tenantId,
          Array.from({ length: 12 }, (_, i) => ({
            ...(i === 0 ? { id: callId, endedAt: "2026-11-20T08:01:00Z", callSid: "CA1", mosScore: 4.2 } : {}),
            fromId: "+15550000001",
            toId: "+15550000002",
            direction: i % 2 === 0 ? "inbound" : "outbound",
            durationSecs: 60,
            result: ["completed", "no-answer", "in-progress"][i % 3],
            startedAt: new Date(Date.UTC(2026, 10, 20, 8, i)).toISOString()
          }))
        )
      )
    )
  })

  it("passes redocly's recommended lint with no error", async () => {
    const linted = await run(bin("redocly"), ["lint", "--format=json", documentPath], quietTools)
    const report = JSON.parse(linted.stdout) as {
      totals: { errors: number }
      problems: Array<{ ruleId: string; severity: string; location: Array<{ pointer: string }> }>
    }
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}`)
    expect(report.totals.errors, problems.join("\n")).toBe(0)
    expect(linted.code).toBe(0)
    // The accepted warnings: the planned route has no success to document (docs/decisions.md), and
    // the WebSockets (the softphone's, a node's) succeed with 101 Switching Protocols, which is no 2xx.
    expect(problems.sort()).toEqual([
      "warn operation-2xx-response #/paths/~1sip~1ws/get/responses",
      "warn operation-2xx-response #/paths/~1v1~1automations~1nodes~1{id}~1ws/get/responses",
      "warn operation-2xx-response #/paths/~1v1~1voice~1numbers/get/responses"
    ])
  })

  describe("through prism's contract-validating proxy", () => {
    let prism: Started
    let proxy: string
    beforeAll(async () => {
      prism = start(
        bin("prism"),
        ["proxy", documentPath, `${served.url}/api`, "--errors", "--host", "127.0.0.1", "--port", "0"],
        quietTools
      )
      const [, url] = await prism.waitFor(/Prism is listening on (http:\/\/127\.0\.0\.1:\d+)/, 30_000)
      proxy = url
    }, 40_000)
    afterAll(() => prism?.stop())

    /** Sends a request through prism: it must reach ServiceKit and come back without a violation. */
    const viaProxy = async (path: string, expected: number, init: RequestInit = {}) => {
      const response = await fetch(`${proxy}${path}`, init)
      const text = await response.text()
      const name = `${init.method ?? "GET"} ${path}`
      // With --errors prism answers a violating request or response itself, in problem+json.
      expect(response.headers.get("content-type"), `${name}: ${text}`).not.toContain("problem+json")
      expect(response.headers.get("sl-violations"), name).toBeNull()
      expect(response.status, `${name}: ${text}`).toBe(expected)
      expect(response.headers.get("x-request-id"), name).toMatch(/^[A-Za-z0-9._:-]{1,128}$/)
      return text.length === 0 ? undefined : JSON.parse(text)
    }

    const json = (token: string, body: unknown): RequestInit => ({
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body)
    })

    it("carries successes on every route unchanged", async () => {
      const voice = { headers: { authorization: `Bearer ${served.key}` } }
      const admin = { headers: { authorization: `Bearer ${served.admin}` } }
      expect(await viaProxy("/healthz", 200)).toEqual({ status: "ok" })
      expect(await viaProxy("/readyz", 200)).toEqual({ status: "ready", checks: {} })
      const page = await viaProxy("/v1/voice/calls?limit=10&direction=inbound", 200, voice)
      expect(page.data).toHaveLength(6)
      expect((await viaProxy("/v1/voice/calls?result=no-answer", 200, voice)).data).toHaveLength(4)
      expect(await viaProxy(`/v1/voice/calls/${callId}`, 200, voice)).toMatchObject({ id: callId, mosScore: 4.2 })
      expect(await viaProxy("/v1/voice/usage", 200, voice)).toHaveProperty("inboundOffered7d")
      const created = await viaProxy(
        `/tenants/${served.tenantId}/api-keys`,
        200,
        json(served.admin, { name: "ci", product: "voice", environment: "test", scopes: ["voice:read"] })
      )
      expect((await viaProxy(`/tenants/${served.tenantId}/api-keys`, 200, admin)).data.length).toBeGreaterThan(1)
      await viaProxy(`/tenants/${served.tenantId}/api-keys/${created.id}`, 200, { ...admin, method: "DELETE" })
      expect(await viaProxy("/growth/entitlements", 200, admin)).toEqual({
        tenantId: served.tenantId,
        entitlements: ["voice"]
      })
    })

    it("carries each error status in the documented error body", async () => {
      const voice = { headers: { authorization: `Bearer ${served.key}` } }
      const unknownId = "00000000-0000-4000-8000-000000000000"
      const code = async (...args: Parameters<typeof viaProxy>) => (await viaProxy(...args)).error.code
      expect(await code(`/v1/voice/calls?cursor=${unknownId}`, 400, voice)).toBe("invalid_cursor")
      expect(
        await code(
          `/tenants/${served.tenantId}/api-keys`,
          400,
          json(served.admin, { product: "voice", environment: "live", scopes: ["chat:read"] })
        )
      ).toBe("validation_failed")
      const unknownKey = {
        headers: { authorization: "Bearer svk_live_voice_abcdefgh_0123456789abcdefghijklmnopqrstuv" }
      }
      expect(await code("/v1/voice/usage", 401, unknownKey)).toBe("invalid_key")
      const elsewhere = { headers: { authorization: `Bearer ${(await newKey(["10.0.0.0/8"])).key}` } }
      expect(await code("/v1/voice/usage", 403, elsewhere)).toBe("ip_not_allowed")
      const member = testDashboardToken({ tenantId: served.tenantId, role: "member", sub: "member-1" })
      expect(
        await code(`/tenants/${served.tenantId}/api-keys`, 403, { headers: { authorization: `Bearer ${member}` } })
      ).toBe("admin_required")
      expect(await code(`/v1/voice/calls/${unknownId}`, 404, voice)).toBe("call_not_found")
      expect(
        await code(`/tenants/${served.tenantId}/api-keys/${unknownId}`, 404, {
          method: "DELETE",
          headers: { authorization: `Bearer ${served.admin}` }
        })
      ).toBe("api_key_not_found")
      const oversized = { name: "x".repeat(1_100_000), product: "voice", environment: "live", scopes: ["voice:read"] }
      expect(await code(`/tenants/${served.tenantId}/api-keys`, 413, json(served.admin, oversized))).toBe(
        "body_too_large"
      )
      const limited = { headers: { authorization: `Bearer ${(await newKey()).key}` } }
      // Key limits count in fixed minutes: the 31 requests start with 20 s of their minute left, so they share it.
      const intoMinute = Date.now() % 60_000
      if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_100 - intoMinute))
      for (let i = 0; i < 30; i++) await fetch(`${served.url}/api/v1/voice/usage`, limited)
      expect(await code("/v1/voice/usage", 429, limited)).toBe("rate_limited")
    })
  })

  it("generates types a client can call list-calls with, limit: 10 included, and nothing else", async () => {
    const generated = await run(bin("openapi-typescript"), [documentPath, "-o", join(folder, "servicekit-api.d.ts")])
    expect(generated.code, generated.stderr).toBe(0)
    writeFileSync(
      join(folder, "client.ts"),
      `import type { paths } from "./servicekit-api"

type ListCalls = paths["/v1/voice/calls"]["get"]
export type Query = NonNullable<ListCalls["parameters"]["query"]>
type Page = ListCalls["responses"][200]["content"]["application/json"]

/** A minimal typed client: path, query and answer types all come from the document. */
export const listCalls = async (baseUrl: string, key: string, query: Query): Promise<Page> => {
  const search = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]))
  const response = await fetch(\`\${baseUrl}/v1/voice/calls?\${search}\`, { headers: { authorization: \`Bearer \${key}\` } })
  return (await response.json()) as Page
}

export const firstTen = async (baseUrl: string, key: string) => {
  const page = await listCalls(baseUrl, key, { limit: 10 })
  const results: Array<string> = page.data.map((call) => call.result)
  const next: string | null = page.meta.nextCursor
  return { results, next }
}
`
    )
    const misuses = [
      `listCalls("", "", { limit: "10" })`,
      `listCalls("", "", { direction: "sideways" })`,
      `listCalls("", "", { limits: 10 })`
    ]
    writeFileSync(
      join(folder, "misuse.ts"),
      `import { listCalls } from "./client"\n${misuses.map((line) => `export const call${misuses.indexOf(line)} = ${line}\n`).join("")}`
    )
    const program = ts.createProgram([join(folder, "client.ts"), join(folder, "misuse.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
      types: []
    })
    const errorsIn = (file: string) =>
      ts
        .getPreEmitDiagnostics(program, program.getSourceFile(join(folder, file)))
        .map((d) => ({
          line: d.file?.getLineAndCharacterOfPosition(d.start ?? 0).line,
          text: ts.flattenDiagnosticMessageText(d.messageText, " ")
        }))
    expect(errorsIn("client.ts")).toEqual([])
    // Each misuse is refused on its own line: a string limit, an unknown direction, an unknown parameter.
    expect(errorsIn("misuse.ts").map((error) => error.line)).toEqual([1, 2, 3])

    // The same client, compiled, lists ten calls from the running server.
    const compiled = ts.transpileModule(ts.sys.readFile(join(folder, "client.ts"))!, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 }
    })
    writeFileSync(join(folder, "client.mjs"), compiled.outputText)
    const client = await import(pathToFileURL(join(folder, "client.mjs")).href)
    const { next, results } = await client.firstTen(`${served.url}/api`, served.key)
    expect(results).toHaveLength(10)
    expect(next).toMatch(/^[0-9a-f-]{36}$/)
  })
})
