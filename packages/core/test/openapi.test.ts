import { ErrorBody } from "@servicekit/core"
import { Schema } from "effect"
import { errorType } from "../src/platform/Errors.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type TestKit, callRecord, makeTestKit } from "./support.js"

type Spec = Record<string, any>

const METHODS = ["get", "post", "put", "patch", "delete"]

/** Every operation of the document with its path and method. */
const operationsOf = (spec: Spec) =>
  Object.entries(spec.paths as Record<string, Spec>).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => ({ path, method, operation: item[method] }))
  )

/** The path template of the document that a concrete request path (under /api) falls on. */
const templateOf = (spec: Spec, requestPath: string) => {
  const relative = requestPath.replace(/^\/api/, "").split("?")[0]
  return Object.keys(spec.paths).find((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(relative)
  )
}

const isErrorBody = Schema.is(ErrorBody)

/** The error components a response of an operation refers to (one, or several as `anyOf`). */
const errorsOf = (spec: Spec, operation: Spec, status: string): Array<Spec> => {
  const schema = operation.responses[status]?.content?.["application/json"]?.schema ?? {}
  const refs: Array<{ $ref: string }> = schema.anyOf ?? [schema]
  return refs.map(({ $ref }) => spec.components.schemas[$ref.split("/").at(-1)!])
}

/** Every code the operation documents for a status. */
const codesOf = (spec: Spec, operation: Spec, status: string): Array<string> =>
  errorsOf(spec, operation, status).flatMap((error) => error.properties.error.properties.code.enum)

describe("the OpenAPI document", () => {
  let t: TestKit
  let spec: Spec
  let tenantId: string
  let key: string
  let chatKey: string
  let limitedKey: string
  let callId: string
  beforeAll(async () => {
    t = makeTestKit({ keyRateLimit: { limit: 20, windowMs: 60_000 } })
    spec = (await t.request("/api/v1/openapi.json")).body
    tenantId = (await t.createTenant(["voice", "chat"])).id
    key = (await t.createKey(tenantId)).key
    chatKey = (await t.createKey(tenantId, "chat")).key
    limitedKey = (await t.createKey(tenantId)).key
    callId = "5f0b7c1e-8d2a-4b6c-9e1f-2a3b4c5d6e7f"
    await t.ingest(tenantId, [callRecord({ id: callId })])
  })
  afterAll(() => t.dispose())

  it("describes query and path parameters as what they are: bounded integers with a default, uuids", () => {
    const parameters = (path: string, method = "get") =>
      Object.fromEntries(spec.paths[path][method].parameters.map((p: Spec) => [p.name, p.schema]))
    const listCalls = parameters("/v1/voice/calls")
    expect(listCalls.limit).toEqual({ type: "integer", minimum: 1, maximum: 100, default: 25 })
    expect(listCalls.cursor).toMatchObject({ type: "string", format: "uuid" })
    expect(listCalls.result).toMatchObject({ type: "string", minLength: 1, maxLength: 64 })
    expect(parameters("/v1/voice/calls/{id}").id).toEqual({ type: "string", format: "uuid" })
    expect(parameters("/tenants/{tenantId}/api-keys/{id}", "delete")).toEqual({
      tenantId: { type: "string", format: "uuid" },
      id: { type: "string", format: "uuid" }
    })
    const { Call, CallPage, VoiceUsage } = spec.components.schemas
    expect(Call.properties.id).toEqual({ type: "string", format: "uuid" })
    expect(CallPage.properties.meta.properties.limit).toEqual({ type: "integer" })
    expect(VoiceUsage.properties.inboundAnswered7d).toEqual({ type: "integer" })
  })

  it("marks a body optional where every field is, as the engine reads no body as an empty object", () => {
    expect(spec.paths["/v1/automations/workflows/{id}/run"].post.requestBody.required).toBe(false)
    expect(spec.paths["/v1/automations/workflows"].post.requestBody.required).toBe(true)
  })

  it("names the products, entitlements and scopes of the admin API as closed lists", async () => {
    const admin = makeTestKit({ adminToken: "a-platform-admin-token-of-32-characters" })
    try {
      const document = (await admin.request("/api/v1/openapi.json")).body
      const bodyOf = (path: string) => document.paths[path].post.requestBody.content["application/json"].schema
      const products = ["chat", "voice", "transactional", "business_email", "marketing", "automations", "ai_agent"]
      expect(bodyOf("/admin/tenants").properties.entitlements.items).toEqual({ type: "string", enum: products })
      const key = bodyOf("/admin/tenants/{tenantId}/api-keys").properties
      expect(key.product.enum).toEqual(["chat", "voice", "transactional", "automations"])
      expect(key.scopes.items.enum).toEqual([
        "chat:read",
        "chat:write",
        "visitors:read",
        "voice:read",
        "transactional:send",
        "automations:manage",
        // Shared: a key of any product may carry them.
        "webhooks:manage",
        "domains:manage",
        "suppressions:manage",
        "reputation:read",
        "retention:manage"
      ])
    } finally {
      await admin.dispose()
    }
  })

  it("names no Effect-internal schema, and every reference resolves", () => {
    const text = JSON.stringify(spec)
    for (const internal of ["Lowercase", "Int", "PropertyKey", "Issue", "HttpApiDecodeError"]) {
      expect(Object.keys(spec.components.schemas)).not.toContain(internal)
      expect(text).not.toContain(`/${internal}"`)
    }
    for (const [, section, name] of text.matchAll(/"#\/components\/([^/"]+)\/([^"]+)"/g)) {
      expect(spec.components[section]?.[name], `${section}/${name}`).toBeDefined()
    }
  })

  it("lists every status each operation can answer, each error with the common error body", () => {
    for (const { path, method, operation } of operationsOf(spec)) {
      const name = `${method.toUpperCase()} ${path}`
      const statuses = Object.keys(operation.responses)
      const expected = ["400", "405", "500"]
      const schemes = (operation.security as Array<Record<string, unknown>>).flatMap(Object.keys)
      if (schemes.length > 0) expected.push("401")
      // Keys and dashboard tokens may be valid yet not allowed here; a visitor token or a device secret opens one thing.
      if (schemes.some((scheme) => ["bearerKey", "dashboardToken", "dashboardQueryToken"].includes(scheme))) {
        expected.push("403")
      }
      if (operation.requestBody !== undefined) expected.push("413")
      if (path.startsWith("/v1/")) expected.push("429")
      expect(statuses, name).toEqual(expect.arrayContaining(expected))
      for (const status of statuses.filter((status) => Number(status) >= 400)) {
        const errors = errorsOf(spec, operation, status)
        expect(errors.length, `${name} ${status}`).toBeGreaterThan(0)
        for (const error of errors) {
          // The common error body, narrowed: the family by status and the codes this error answers with.
          expect(error.required, `${name} ${status}`).toEqual(["error"])
          expect(error.properties.error.properties.type.enum, `${name} ${status}`).toEqual([errorType(Number(status))])
          expect(error.properties.error.properties.code.enum?.length, `${name} ${status}`).toBeGreaterThan(0)
        }
        expect(operation.responses[status].description, `${name} ${status}`).not.toMatch(/^(Error|[A-Z]\w+)$/)
      }
    }
    // The planned route only ever answers 501: no success is promised.
    const numbers = Object.keys(spec.paths["/v1/voice/numbers"].get.responses)
    expect(numbers.filter((status) => Number(status) < 400)).toEqual([])
    expect(numbers).toContain("501")
  })

  it("documents the request-id header on every response, the rate-limit headers on public ones", () => {
    expect(Object.keys(spec.components.headers).sort()).toEqual(
      ["Allow", "Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Request-ID"].sort()
    )
    const ref = (name: string) => ({ $ref: `#/components/headers/${name}` })
    for (const { path, operation } of operationsOf(spec)) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Spec>)) {
        const name = `${path} ${status}`
        expect(response.headers["X-Request-ID"], name).toEqual(ref("X-Request-ID"))
        for (const header of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"]) {
          expect(response.headers[header], name).toEqual(path.startsWith("/v1/") ? ref(header) : undefined)
        }
        expect(response.headers["Retry-After"], name).toEqual(status === "429" ? ref("Retry-After") : undefined)
        expect(response.headers.Allow, name).toEqual(status === "405" ? ref("Allow") : undefined)
      }
    }
  })

  it("derives its one server from the mount path, with paths relative to it", async () => {
    expect(spec.servers).toEqual([{ url: "/api", description: expect.any(String) }])
    const mounted = makeTestKit({ mountPath: "/platform" })
    try {
      const moved = (await mounted.request("/platform/v1/openapi.json")).body
      expect(moved.servers).toEqual([{ url: "/platform", description: expect.any(String) }])
      expect(Object.keys(moved.paths)).toEqual(Object.keys(spec.paths))
    } finally {
      await mounted.dispose()
    }
  })

  it("answers each representative request with a status its operation documents, in the documented body and headers", async () => {
    const admin = t.adminToken(tenantId)
    const member = t.adminToken(tenantId, "member")
    for (let i = 0; i < 20; i++) await t.request("/api/v1/voice/usage", { key: limitedKey })
    const unknownId = "00000000-0000-4000-8000-000000000000"
    const cases: Array<[string, Parameters<TestKit["request"]>[1], number]> = [
      ["/api/v1/voice/calls?limit=10&result=completed", { key }, 200],
      [`/api/v1/voice/calls?cursor=${unknownId}`, { key }, 400],
      ["/api/v1/voice/calls?limit=0", { key }, 400],
      ["/api/v1/voice/calls", {}, 401],
      ["/api/v1/voice/calls", { key: "svk_live_voice_abcdefgh_notarealsecret" }, 401],
      ["/api/v1/voice/calls", { key: chatKey }, 403],
      [`/api/v1/voice/calls/${callId}`, { key }, 200],
      [`/api/v1/voice/calls/${unknownId}`, { key }, 404],
      ["/api/v1/voice/calls", { key, method: "POST", body: {} }, 405],
      ["/api/v1/voice/usage", { key: limitedKey }, 429],
      ["/api/v1/voice/numbers", { key }, 501],
      [`/api/tenants/${tenantId}/api-keys`, { token: admin }, 200],
      [`/api/tenants/${tenantId}/api-keys`, { token: member }, 403],
      [`/api/tenants/${tenantId}/api-keys`, { method: "POST", token: admin, body: { product: "fax" } }, 400],
      [`/api/tenants/${tenantId}/api-keys/${unknownId}`, { method: "DELETE", token: admin }, 404],
      ["/api/growth/entitlements", {}, 401],
      ["/api/healthz", {}, 200]
    ]
    for (const [path, options, status] of cases) {
      const name = `${options?.method ?? "GET"} ${path}`
      const response = await t.request(path, options)
      expect(response.status, name).toBe(status)
      const template = templateOf(spec, path)!
      // A 405 answers a method the path lacks: it is documented on the path's operations.
      const method = status === 405 ? "get" : (options?.method ?? "GET").toLowerCase()
      const documented = spec.paths[template][method].responses[String(status)]
      expect(documented, `${name}: ${status} is not documented`).toBeDefined()
      for (const [header, { $ref }] of Object.entries(documented.headers as Record<string, { $ref: string }>)) {
        const declared = spec.components.headers[$ref.split("/").at(-1)!]
        if (declared.required === true) expect(response.headers.get(header), `${name} ${header}`).not.toBeNull()
      }
      if (status >= 400) {
        expect(isErrorBody(response.body), `${name}: ${response.text}`).toBe(true)
        expect(codesOf(spec, spec.paths[template][method], String(status)), name).toContain(response.body.error.code)
      }
    }
  })
})
