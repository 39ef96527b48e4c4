import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ApiError } from "../src/http/ApiError.js"
import { rateLimitedError, unauthenticated } from "../src/platform/Errors.js"
import { type TestKit, expectError, makeTestKit } from "./support.js"

describe("HTTP contract", () => {
  let t: TestKit
  beforeAll(() => {
    t = makeTestKit()
  })
  afterAll(() => t.dispose())

  it("echoes a well-formed X-Request-ID and replaces a malformed one", async () => {
    const echoed = await t.request("/api/v1/voice/usage", { headers: { "x-request-id": "req_abc-123" } })
    expect(echoed.headers.get("x-request-id")).toBe("req_abc-123")
    expect(echoed.body.error.requestId).toBe("req_abc-123")
    const replaced = await t.request("/api/v1/voice/usage", { headers: { "x-request-id": "bad id with spaces" } })
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("answers unknown routes with 404 in the common error body", async () => {
    for (const path of ["/api/v1/nothing", "/api/nothing", "/elsewhere"]) {
      const response = await t.request(path)
      expectError(response, 404, "route_not_found")
      expect(response.body.error.type).toBe("not_found")
    }
  })

  it("names the mount path in a 404, and the path meant when only the prefix is off", async () => {
    const mounted = makeTestKit({ mountPath: "/platform/api" })
    try {
      const meant = "/platform/api/v1/voice/calls"
      for (const path of [
        "/platform/v1/voice/calls", // the last segment of the mount path missing
        "/v1/voice/calls", // the mount path missing
        "/api/v1/voice/calls", // another mount path
        "/platform/api/platform/api/v1/voice/calls" // the mount path twice
      ]) {
        const response = await mounted.request(path)
        expectError(response, 404, "route_not_found")
        expect(response.body.error.message).toBe(
          `No route at ${path}. This ServiceKit answers under /platform/api: did you mean ${meant}?`
        )
      }
      const docs = await mounted.request("/platform/v1/docs")
      expect(docs.body.error.message).toContain("did you mean /platform/api/v1/docs?")
      const unknown = await mounted.request("/platform/api/v1/voice/nothing")
      expect(unknown.body.error.message).toBe(
        "No route at /platform/api/v1/voice/nothing. This ServiceKit answers under /platform/api; its routes are listed in /platform/api/v1/openapi.json."
      )
    } finally {
      await mounted.dispose()
    }
  })

  it("builds client errors without capturing a stack trace, and leaves the limit as it was", () => {
    const limit = Error.stackTraceLimit
    for (const error of [
      new ApiError({ status: 404, code: "route_not_found", message: "No such route." }),
      unauthenticated("invalid_key", "The API key is not valid."),
      rateLimitedError(600, 30)
    ]) {
      expect(error.stack ?? "").not.toMatch(/\n\s+at /)
    }
    expect(Error.stackTraceLimit).toBe(limit)
    expect(new Error("a bug").stack).toMatch(/\n\s+at /)
  })

  it("serves an OpenAPI 3.1 document describing the public and dashboard routes", async () => {
    const response = await t.request("/api/v1/openapi.json")
    expect(response.status).toBe(200)
    const spec = response.body
    expect(spec.openapi).toBe("3.1.0")
    // Paths are relative to the one server, the mount path, as the spec's `{base_url}` ends in `/api`.
    expect(spec.servers).toEqual([expect.objectContaining({ url: "/api" })])
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        "/v1/voice/calls",
        "/v1/voice/calls/{id}",
        "/v1/voice/usage",
        "/v1/voice/numbers",
        "/tenants/{tenantId}/api-keys",
        "/tenants/{tenantId}/api-keys/{id}",
        "/growth/entitlements"
      ])
    )
    // Security comes from the same declarations the engine enforces: ApiKeyAuth with the endpoint's scope.
    expect(spec.paths["/v1/voice/calls"].get.security).toEqual([{ bearerKey: ["voice:read"] }, { headerKey: ["voice:read"] }])
    // Every error response documents the common body actually sent, 401/403/429 from the auth middleware included.
    const listCalls = spec.paths["/v1/voice/calls"].get.responses
    expect(Object.keys(listCalls)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "429"]))
    const errorRefs = (status: string) => {
      const schema = listCalls[status].content["application/json"].schema
      return (schema.anyOf ?? [schema]).map((ref: { $ref: string }) => ref.$ref)
    }
    expect(errorRefs("400")).toEqual(["#/components/schemas/InvalidRequestError", "#/components/schemas/InvalidCursorError"])
    expect(errorRefs("401")).toEqual(["#/components/schemas/UnauthenticatedError"])
    expect(errorRefs("403")).toEqual(["#/components/schemas/PermissionDeniedError"])
    expect(errorRefs("429")).toEqual(["#/components/schemas/RateLimitedError"])
    expect(spec.components.schemas.PermissionDeniedError.properties.error.properties.code.enum).toContain("missing_scope")
    expect(spec.components.schemas.PermissionDeniedError.properties.error.required).toEqual([
      "type",
      "code",
      "message",
      "requestId"
    ])
    expect(spec.paths["/growth/entitlements"].get.security).toEqual([{ dashboardToken: [] }])
    expect(Object.keys(spec.paths["/v1/voice/numbers"].get.responses)).toContain("501")
    expect(spec.components.securitySchemes.headerKey).toMatchObject({ type: "apiKey", in: "header", name: "X-API-Key" })
  })

  it("serves a docs page that needs no network", async () => {
    const response = await t.request("/api/v1/docs")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/html")
    expect(response.text).not.toMatch(/<script[^>]+src=["']https?:/)
  })
})

describe("Developers dashboard routes", () => {
  let t: TestKit
  let tenantId: string
  let otherTenantId: string
  beforeAll(async () => {
    t = makeTestKit()
    tenantId = (await t.createTenant(["voice", "chat"])).id
    otherTenantId = (await t.createTenant(["voice"], "Other")).id
  })
  afterAll(() => t.dispose())

  const keysPath = (id: string) => `/api/tenants/${id}/api-keys`

  it("creates a key shown once, lists keys without secrets, revokes", async () => {
    const token = t.adminToken(tenantId)
    const created = await t.request(keysPath(tenantId), {
      method: "POST",
      token,
      body: { name: "ci", product: "voice", environment: "test", scopes: ["voice:read"], ipAllowlist: ["::ffff:10.0.0.0/104"] }
    })
    expect(created.status).toBe(200)
    expect(created.body.key).toMatch(/^svk_test_voice_[a-z0-9]{8}_[A-Za-z0-9]{32}$/)
    expect(created.body).toMatchObject({ name: "ci", product: "voice", environment: "test", ipAllowlist: ["10.0.0.0/8"], revokedAt: null })
    expect(created.body.key.startsWith(created.body.prefix + "_")).toBe(true)
    expect((await t.request("/api/v1/voice/calls", { key: created.body.key, remoteAddress: "10.2.3.4" })).status).toBe(200)

    const listed = await t.request(keysPath(tenantId), { token })
    expect(listed.status).toBe(200)
    const entry = listed.body.data.find((k: any) => k.id === created.body.id)
    expect(entry).toBeDefined()
    expect(entry.key).toBeUndefined()
    expect(listed.text).not.toContain(created.body.key.split("_").at(-1))
    expect(listed.text).not.toMatch(/digest/)

    const revoked = await t.request(`${keysPath(tenantId)}/${created.body.id}`, { method: "DELETE", token })
    expect(revoked.status).toBe(200)
    expect(revoked.body.revokedAt).not.toBeNull()
    expectError(await t.request("/api/v1/voice/calls", { key: created.body.key, remoteAddress: "10.2.3.4" }), 401, "key_revoked")
  })

  it("creates every product's key in the documented format", async () => {
    const entitled = (await t.createTenant(["chat", "voice", "transactional", "automations"], "Everything")).id
    const token = t.adminToken(entitled)
    const formats = {
      "chat/live": /^svk_live_[a-z0-9]{8}_[A-Za-z0-9]{32}$/,
      "chat/test": /^svk_test_live_[a-z0-9]{8}_[A-Za-z0-9]{32}$/,
      "voice/live": /^svk_live_voice_[a-z0-9]{8}_[A-Za-z0-9]{32}$/,
      "transactional/live": /^svk_live_transactional_[a-z0-9]{8}_[A-Za-z0-9]{32}$/,
      "transactional/test": /^svk_test_transactional_[a-z0-9]{8}_[A-Za-z0-9]{32}$/,
      "automations/test": /^svk_test_automations_[a-z0-9]{8}_[A-Za-z0-9]{32}$/
    }
    const scopes = { chat: "chat:write", voice: "voice:read", transactional: "transactional:send", automations: "automations:manage" }
    for (const [kind, format] of Object.entries(formats)) {
      const [product, environment] = kind.split("/") as [keyof typeof scopes, string]
      const created = await t.request(keysPath(entitled), {
        method: "POST",
        token,
        body: { product, environment, scopes: [scopes[product]] }
      })
      expect(created.status, kind).toBe(200)
      expect(created.body.key, kind).toMatch(format)
    }
  })

  it.each([
    [{ product: "voice", environment: "live", scopes: ["chat:read"] }, "scopes"],
    [{ product: "voice", environment: "live", scopes: [] }, "scopes"],
    [{ product: "fax", environment: "live", scopes: ["voice:read"] }, "product"],
    [{ product: "voice", environment: "prod", scopes: ["voice:read"] }, "environment"],
    [{ product: "voice", environment: "live", scopes: ["voice:read"], ipAllowlist: ["10.0.0.0/33"] }, "ipAllowlist"],
    [{ product: "voice", environment: "live", scopes: ["voice:read"], expiresAt: "2020-01-01T00:00:00Z" }, "expiresAt"],
    [{ product: "voice", environment: "live", scopes: ["voice:read"], expiresAt: "soon" }, "expiresAt"]
  ])("rejects %j with 400 naming %s, creating nothing", async (body, field) => {
    const token = t.adminToken(otherTenantId)
    const response = await t.request(keysPath(otherTenantId), { method: "POST", token, body })
    expect(response.status).toBe(400)
    expect(response.body.error.details.map((d: any) => d.field)).toContain(field)
    expect((await t.request(keysPath(otherTenantId), { token })).body.data).toEqual([])
  })


  it("refuses a key for a product the tenant is not entitled to, storing nothing", async () => {
    const token = t.adminToken(otherTenantId)
    const before = (await t.request(keysPath(otherTenantId), { token })).body.data.length
    const refused = await t.request(keysPath(otherTenantId), {
      method: "POST",
      token,
      body: { product: "chat", environment: "live", scopes: ["chat:read"] }
    })
    expectError(refused, 400, "validation_failed")
    expect(refused.body.error.details).toEqual([
      { field: "product", reason: "the tenant is not entitled to chat (entitled: voice)" }
    ])
    expect((await t.request(keysPath(otherTenantId), { token })).body.data).toHaveLength(before)
  })
  it("rejects a body that is not JSON with 400", async () => {
    const response = await t.request(keysPath(tenantId), { method: "POST", token: t.adminToken(tenantId), body: "{oops" })
    expect(response.status).toBe(400)
    expect(response.body.error.requestId).toBe(response.headers.get("x-request-id"))
  })

  it("refuses another tenant's token (403), a member (403), API keys and missing tokens (401)", async () => {
    expectError(await t.request(keysPath(tenantId), { token: t.adminToken(otherTenantId) }), 403, "tenant_mismatch")
    expectError(await t.request(keysPath(tenantId), { token: t.adminToken(tenantId, "member") }), 403, "admin_required")
    const { key } = await t.createKey(tenantId)
    expectError(await t.request(keysPath(tenantId), { key }), 401, "api_key_not_accepted")
    expectError(await t.request(keysPath(tenantId), { key, via: "x-api-key" }), 401, "api_key_not_accepted")
    expectError(await t.request(keysPath(tenantId)), 401, "missing_credentials")
    expectError(await t.request(keysPath(tenantId), { token: "not-a-token" }), 401, "invalid_token")
  })

  it("answers 404 for another tenant's key id", async () => {
    const { apiKey } = await t.createKey(otherTenantId)
    expectError(
      await t.request(`${keysPath(tenantId)}/${apiKey.id}`, { method: "DELETE", token: t.adminToken(tenantId) }),
      404,
      "api_key_not_found"
    )
  })

  it("reports the caller's entitlements", async () => {
    const response = await t.request("/api/growth/entitlements", { token: t.adminToken(tenantId, "member") })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ tenantId, entitlements: ["voice", "chat"] })
  })
})
