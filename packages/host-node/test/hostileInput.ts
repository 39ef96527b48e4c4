import { ApiKeyService, CallingService, ServiceKit, TenantService } from "@servicekit/core"
import { signDashboardToken } from "@servicekit/adapters"
import type { DashboardClaims } from "@servicekit/core"
import { layerMemory, testDashboardToken } from "@servicekit/core/testing"
import { Effect, Either } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { resolveConfig } from "../src/Config.js"
import { portsLayer } from "../src/Runtime.js"
import { listen, type RunningServer } from "../src/Server.js"

const jwtSecret = "a-hostile-input-test-secret-of-32-bytes"

/** A kit on the storage `env` names, whatever the environment of the test run says, and its token minter. */
export const kitOn = (env: Record<string, string>, options: ServiceKit.Options = {}): Serving => ({
  kit: ServiceKit.make(
    portsLayer(
      resolveConfig(
        { workers: "off", jwtSecret },
        { ...process.env, DATABASE_URL: "", REDIS_URL: "", SERVICEKIT_LOG_LEVEL: "warn", ...env }
      )
    ),
    options
  ),
  mintToken: (claims) => signDashboardToken(jwtSecret, claims)
})

/** A kit on the memory fakes, whose test tokens need no secret. */
export const memoryKit = (options: Parameters<typeof layerMemory>[0] = {}): Serving => ({
  kit: ServiceKit.make(layerMemory(options)),
  mintToken: async (claims) => testDashboardToken(claims)
})

export interface Serving {
  readonly kit: ServiceKit.ServiceKit<unknown>
  readonly mintToken: (claims: DashboardClaims) => Promise<string>
}

export interface Served {
  readonly url: string
  readonly kit: ServiceKit.ServiceKit<unknown>
  readonly tenantId: string
  readonly key: string
  /** A tenant admin's dashboard token. */
  readonly admin: string
}

/** A server on a random loopback port over `makeKit`, with one voice tenant and a read key. */
export const serve = (makeKit: () => Serving) => {
  const served = {} as { -readonly [K in keyof Served]: Served[K] }
  let server: RunningServer
  beforeAll(async () => {
    const serving = makeKit()
    served.kit = serving.kit
    server = await listen(served.kit, { port: 0 })
    served.url = server.url
    const { key, tenantId } = await served.kit.runtime.runPromise(
      Effect.gen(function* () {
        const tenant = yield* (yield* TenantService).create({ name: "Hostile", entitlements: ["voice"] })
        const created = yield* (yield* ApiKeyService).create({
          tenantId: tenant.id,
          product: "voice",
          environment: "live",
          scopes: ["voice:read"]
        })
        return { key: created.key, tenantId: tenant.id }
      })
    )
    served.key = key
    served.tenantId = tenantId
    served.admin = await serving.mintToken({ tenantId, role: "admin", sub: "attacker" })
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    await served.kit?.dispose()
  })
  return served as Served
}

export const createKey = (served: Served, body: string) =>
  fetch(`${served.url}/api/tenants/${served.tenantId}/api-keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${served.admin}`, "content-type": "application/json" },
    body
  })

export const keyCount = async (served: Served) => {
  const listed = await fetch(`${served.url}/api/tenants/${served.tenantId}/api-keys`, {
    headers: { authorization: `Bearer ${served.admin}` }
  })
  return ((await listed.json()) as { data: Array<unknown> }).data.length
}

/** The common error body with the request id of its response. */
export const expectRefusal = async (response: Response, status: number, code: string) => {
  expect(response.status).toBe(status)
  const { error } = await response.json()
  expect(error).toMatchObject({ code, requestId: response.headers.get("x-request-id") })
  return error as { message: string; details?: Array<{ field: string; reason: string }> }
}

const key = (extra: Record<string, unknown>) =>
  JSON.stringify({ name: "ok", product: "voice", environment: "live", scopes: ["voice:read"], ...extra })

/**
 * What storage must never see: NUL characters, lone surrogate halves and years it cannot hold. Each is refused with a
 * 400 at validation, on every storage alike, and nothing is stored.
 */
export const storageInputSuite = (name: string, makeKit: () => Serving) =>
  describe(`inputs storage cannot hold are refused before it, on ${name}`, () => {
    const served = serve(makeKit)

    it.each([
      ["a NUL in a string", key({ name: "a\u0000b" }), "name"],
      ["a NUL in a nested string", key({ scopes: ["voice:read\u0000"] }), "scopes.0"],
      ["a NUL in a key", key({ "na\u0000me": "x" }), "na\\u0000me"],
      ["half a surrogate pair in a string", key({ name: "a\ud800b" }), "name"],
      ["half a surrogate pair in a key", key({ "\udc00k": "x" }), "\\udc00k"],
      ["a year past 9999", key({ expiresAt: "+010000-01-01T00:00:00Z" }), "expiresAt"],
      ["the last date JavaScript holds", key({ expiresAt: "+275760-09-13T00:00:00Z" }), "expiresAt"]
    ])("%s → 400 naming the field, nothing stored", async (_, body, field) => {
      const before = await keyCount(served)
      const error = await expectRefusal(await createKey(served, body), 400, "validation_failed")
      expect(error.details?.map((detail) => detail.field)).toEqual([field])
      expect(await keyCount(served)).toBe(before)
    })

    it("stores the last storable second", async () => {
      const created = await createKey(served, key({ expiresAt: "9999-12-31T23:59:59Z" }))
      expect(created.status).toBe(200)
      expect((await created.json()).expiresAt).toBe("9999-12-31T23:59:59.000Z")
    })

    it("refuses a NUL in a query value", async () => {
      const response = await fetch(`${served.url}/api/v1/voice/calls?result=%00`, {
        headers: { authorization: `Bearer ${served.key}` }
      })
      const error = await expectRefusal(response, 400, "validation_failed")
      expect(error.details).toEqual([{ field: "result", reason: "must not contain NUL characters" }])
    })

    it("refuses call records with NUL characters or unstorable years at import, storing none", async () => {
      const imported = await served.kit.runtime.runPromise(
        Effect.either(
          Effect.flatMap(CallingService, (calling) =>
            calling.ingest(served.tenantId, [
              {
                fromId: "+1",
                toId: "+2",
                direction: "inbound",
                durationSecs: 1,
                result: "completed",
                startedAt: "2026-11-20T08:00:00Z"
              },
              {
                fromId: "+1\u0000",
                toId: "+2",
                direction: "inbound",
                durationSecs: 1,
                result: "completed",
                startedAt: "+010000-01-01T00:00:00Z"
              }
            ])
          )
        )
      )
      expect(Either.isLeft(imported)).toBe(true)
      if (Either.isLeft(imported)) {
        expect((imported.left as { details?: unknown }).details).toEqual([
          { field: "[1].fromId", reason: "must not contain NUL characters" },
          { field: "[1].startedAt", reason: "must be an ISO 8601 timestamp between the years 0001 and 9999" }
        ])
      }
      const listed = await fetch(`${served.url}/api/v1/voice/calls`, {
        headers: { authorization: `Bearer ${served.key}` }
      })
      expect((await listed.json()).data).toEqual([])
    })
  })
