import { ServiceKit } from "@servicekit/core"
import { layerMemory } from "@servicekit/core/testing"
import { afterAll, describe, expect, it } from "vitest"

describe("metrics series cannot be grown by a client", () => {
  const kit = ServiceKit.make(layerMemory({ settings: { metrics: { enabled: true } } }))
  afterAll(() => kit.dispose())
  const send = (method: string, path: string) =>
    kit.handler(new Request(`http://kit.test${path}`, { method }), { remoteAddress: "192.0.2.1" })

  it("counts unknown paths as one route and unknown methods as one method", async () => {
    for (let i = 0; i < 20; i++) {
      expect((await send("GET", `/api/scan-${i}`)).status).toBe(404)
      expect((await send(`BREW${i}`, "/api/v1/voice/calls")).status).toBeGreaterThanOrEqual(400)
    }
    const text = await (await send("GET", "/api/metrics")).text()
    const series = text.split("\n").filter((line) => line.startsWith("servicekit_http_requests_total{"))
    expect(series.some((line) => line.includes("scan-"))).toBe(false)
    expect(series.some((line) => line.includes("BREW"))).toBe(false)
    expect(text).toMatch(/servicekit_http_requests_total\{method="GET",route="unmatched",status="404"\} 2\d/)
    expect(text).toMatch(/servicekit_http_requests_total\{method="other",route="unmatched",status="40\d"\} 20/)
  })
})
