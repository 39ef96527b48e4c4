import { ApiKeyService, ServiceKit, TenantService } from "@servicekit/core"
import { layerMemory, testDashboardToken } from "@servicekit/core/testing"
import { Effect, HashMap, Layer, Logger, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** Every log line the kit writes, with its level and the request id it is annotated with. */
const logged: Array<{ level: string; message: string; requestId: unknown }> = []
const captureLogs = Logger.replace(
  Logger.defaultLogger,
  Logger.make(({ annotations, cause, logLevel, message }) => {
    const text = (Array.isArray(message) ? message : [message]).map(String).join(" ")
    logged.push({
      level: logLevel.label,
      message: `${text} ${cause._tag === "Empty" ? "" : String(cause)}`,
      requestId: Option.getOrUndefined(HashMap.get(annotations, "requestId"))
    })
  })
)

describe("the web-standard handler of an embedding", () => {
  const kit = ServiceKit.make(Layer.merge(layerMemory(), captureLogs))
  let tenantId: string
  let fencedKey: string

  beforeAll(async () => {
    ;({ tenantId, fencedKey } = await kit.runtime.runPromise(
      Effect.gen(function* () {
        const tenant = yield* (yield* TenantService).create({ name: "Web", entitlements: ["voice"] })
        const created = yield* (yield* ApiKeyService).create({
          tenantId: tenant.id,
          product: "voice",
          environment: "live",
          scopes: ["voice:read"],
          ipAllowlist: ["203.0.113.0/24"]
        })
        return { tenantId: tenant.id, fencedKey: created.key }
      })
    ))
  })
  afterAll(() => kit.dispose())

  const calls = () =>
    new Request("http://embedded.test/api/v1/voice/calls", { headers: { authorization: `Bearer ${fencedKey}` } })
  const warnings = () => logged.filter((line) => line.level === "WARN" && line.message.includes("remoteAddress"))

  it("serves a caller whose address it is given", async () => {
    expect((await kit.handler(calls(), { remoteAddress: "203.0.113.9" })).status).toBe(200)
    expect(warnings()).toEqual([])
  })

  it("warns once, naming what cannot work, when called without the client's address", async () => {
    const first = await kit.handler(calls())
    expect(first.status).toBe(403)
    expect((await first.json()).error.code).toBe("ip_not_allowed")
    await kit.handler(calls())
    await kit.handler(calls(), {})
    // The warning is forked onto the kit's runtime; give it a turn to be written.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(warnings()).toHaveLength(1)
    expect(warnings()[0].message).toContain("IP allowlists")
    expect(warnings()[0].message).toContain("per-IP rate limits")
  })

  it("answers 500 with a clear error and log when the body was already read, instead of waiting", async () => {
    const request = new Request(`http://embedded.test/api/tenants/${tenantId}/api-keys`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${testDashboardToken({ tenantId, role: "admin", sub: "u1" })}`,
        "content-type": "application/json"
      },
      body: JSON.stringify({ name: "parsed", product: "voice", environment: "live", scopes: ["voice:read"] })
    })
    await request.json() // what a framework's body parser does before the handler runs
    const response = await kit.handler(request, { remoteAddress: "203.0.113.9" })
    expect(response.status).toBe(500)
    const body = await response.json()
    expect(body.error.code).toBe("body_consumed")
    expect(body.error.message).toContain("Mount ServiceKit before any body parser")
    await new Promise((resolve) => setTimeout(resolve, 10))
    const errors = logged.filter((line) => line.level === "ERROR")
    expect(
      errors.some(
        (line) =>
          line.requestId === body.error.requestId && line.message.includes("read before it reached ServiceKit")
      )
    ).toBe(true)
  })
})
