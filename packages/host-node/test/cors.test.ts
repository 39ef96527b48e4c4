import { describe, expect, it } from "vitest"
import { memoryKit, serve } from "./hostileInput.js"

const APP = "https://app.example.com"

describe("CORS is off by default", () => {
  const served = serve(() => memoryKit())

  it("adds no CORS header and answers no preflight", async () => {
    const response = await fetch(`${served.url}/api/v1/voice/calls`, {
      headers: { authorization: `Bearer ${served.key}`, origin: APP }
    })
    expect(response.status).toBe(200)
    expect([...response.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([])
    const preflight = await fetch(`${served.url}/api/v1/voice/calls`, {
      method: "OPTIONS",
      headers: { origin: APP, "access-control-request-method": "GET" }
    })
    expect(preflight.status).toBe(405)
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull()
  })
})

describe("CORS for a list of origins", () => {
  const served = serve(() => memoryKit({ settings: { corsOrigins: [APP, "http://localhost:5173"] } }))
  const call = (origin: string, init: RequestInit = {}) =>
    fetch(`${served.url}/api/v1/voice/calls`, {
      ...init,
      headers: {
        origin,
        ...(init.method === "OPTIONS" ? {} : { authorization: `Bearer ${served.key}` }),
        ...init.headers
      }
    })

  it("names a listed origin on answers, errors included, and exposes the request id and rate-limit headers", async () => {
    const response = await call(APP)
    expect(response.status).toBe(200)
    expect(response.headers.get("access-control-allow-origin")).toBe(APP)
    expect(response.headers.get("vary")).toBe("origin")
    expect(response.headers.get("access-control-expose-headers")).toContain("x-request-id")
    expect(response.headers.get("access-control-allow-credentials")).toBeNull()

    const refused = await fetch(`${served.url}/api/v1/voice/calls`, { headers: { origin: APP } })
    expect(refused.status).toBe(401)
    expect(refused.headers.get("access-control-allow-origin")).toBe(APP)
  })

  it("answers a listed origin's preflight before authentication, with the path's methods", async () => {
    const preflight = await call("http://localhost:5173", {
      method: "OPTIONS",
      headers: { "access-control-request-method": "GET", "access-control-request-headers": "authorization" }
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:5173")
    expect(preflight.headers.get("access-control-allow-methods")).toBe("GET, HEAD")
    expect(preflight.headers.get("access-control-allow-headers")).toContain("authorization")
    expect(preflight.headers.get("access-control-max-age")).toBe("600")
    expect(await preflight.text()).toBe("")
  })

  it("gives another origin nothing: no CORS header, no preflight", async () => {
    const response = await call("https://evil.example.com")
    expect(response.headers.get("access-control-allow-origin")).toBeNull()
    const preflight = await call("https://app.example.com.evil.example.com", {
      method: "OPTIONS",
      headers: { "access-control-request-method": "GET" }
    })
    expect(preflight.status).toBe(405)
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull()
  })
})
