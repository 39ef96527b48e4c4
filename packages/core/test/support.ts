import { Effect, Layer } from "effect"
import { expect } from "vitest"
import {
  ApiKeyService,
  CallingService,
  type KeyProduct,
  type Ports,
  type Product,
  ServiceKit,
  type Settings,
  TenantService
} from "@servicekit/core"
import { layerMemory, makeFixedClock, testDashboardToken } from "@servicekit/core/testing"

export const NOW = new Date("2026-11-21T12:00:00.000Z")

export type Via = "bearer" | "x-api-key"

export interface RequestOptions {
  readonly key?: string | undefined
  readonly via?: Via
  readonly token?: string
  readonly method?: string
  readonly body?: unknown
  readonly headers?: Record<string, string>
  readonly remoteAddress?: string
}

/** A ServiceKit on in-memory ports with a pinned clock, plus helpers to seed and call it. */
export const makeTestKit = (settings: Partial<Settings> = {}) => {
  const clock = makeFixedClock(NOW)
  const kit = ServiceKit.make(Layer.merge(layerMemory({ settings }), clock.layer))
  const run = <A, E>(effect: Effect.Effect<A, E, ServiceKit.Services | Ports>) => kit.runtime.runPromise(effect)

  const createTenant = (entitlements: ReadonlyArray<Product> = ["voice"], name = "Acme") =>
    run(Effect.flatMap(TenantService, (tenants) => tenants.create({ name, entitlements })))

  const createKey = (
    tenantId: string,
    product: KeyProduct = "voice",
    extra: { scopes?: ReadonlyArray<string>; expiresAt?: Date; ipAllowlist?: ReadonlyArray<string>; environment?: "live" | "test" } = {}
  ) =>
    run(
      Effect.flatMap(ApiKeyService, (keys) =>
        keys.create({
          tenantId,
          product,
          environment: extra.environment ?? "live",
          scopes: extra.scopes ?? (product === "voice" ? ["voice:read"] : product === "chat" ? ["chat:read"] : [`${product === "transactional" ? "transactional:send" : "automations:manage"}`]),
          expiresAt: extra.expiresAt,
          ipAllowlist: extra.ipAllowlist
        })
      )
    )

  const ingest = (tenantId: string, records: ReadonlyArray<unknown>) =>
    run(Effect.flatMap(CallingService, (calling) => calling.ingest(tenantId, records)))

  const request = async (path: string, options: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.key !== undefined) {
      if ((options.via ?? "bearer") === "bearer") headers.authorization = `Bearer ${options.key}`
      else headers["x-api-key"] = options.key
    }
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
    if (options.body !== undefined) headers["content-type"] = "application/json"
    const response = await kit.handler(
      new Request(`http://servicekit.test${path}`, {
        method: options.method ?? "GET",
        headers,
        body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body)
      }),
      { remoteAddress: options.remoteAddress ?? "127.0.0.1" }
    )
    const text = await response.text()
    const isJson = response.headers.get("content-type")?.includes("json") === true
    return { status: response.status, headers: response.headers, text, body: isJson ? JSON.parse(text) : undefined }
  }

  const adminToken = (tenantId: string, role: "admin" | "member" = "admin") =>
    testDashboardToken({ tenantId, role, sub: "user-1" })

  return { kit, clock, run, createTenant, createKey, ingest, request, adminToken, dispose: () => kit.dispose() }
}

export type TestKit = ReturnType<typeof makeTestKit>

/** A call record as the carrier side sends it. */
export const callRecord = (overrides: Record<string, unknown> = {}) => ({
  fromId: "+15550000001",
  toId: "+15550000002",
  direction: "inbound",
  durationSecs: 60,
  result: "completed",
  startedAt: "2026-11-21T10:00:00.000Z",
  ...overrides
})

/** Every error response has the common body, and its requestId matches the header. */
export const expectError = (
  response: { status: number; headers: Headers; body: any },
  status: number,
  code: string
) => {
  expect(response.status).toBe(status)
  expect(response.body.error.code).toBe(code)
  expect(typeof response.body.error.type).toBe("string")
  expect(typeof response.body.error.message).toBe("string")
  expect(response.body.error.requestId).toBe(response.headers.get("x-request-id"))
}
