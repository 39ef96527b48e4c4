import { OutboundFailed, OutboundHttp, checkOutboundUrl, isPublicAddress } from "@servicekit/core/internal"
import { type ReceivedRequest, type TargetAnswer, outboundHttpConformance } from "@servicekit/conformance"
import { layerMemoryOutboundHttp, makeMemoryOutboundHttp, memoryOutboundHttp } from "@servicekit/core/testing"
import { Effect, Either, Fiber, Layer, TestClock, TestContext } from "effect"
import { describe, expect, it } from "vitest"

outboundHttpConformance("memory", async () => {
  const received: Array<ReceivedRequest> = []
  let answer: TargetAnswer = { status: 200 }
  const url = "http://127.0.0.1:8080"
  return {
    url,
    otherUrl: "http://localhost:8080",
    layer: ({ allowPrivate, connections }) =>
      Layer.effect(
        OutboundHttp,
        Effect.map(
          makeMemoryOutboundHttp({
            allowPrivate,
            connections,
            respond: (request) =>
              Effect.suspend(() => {
                const target = new URL(request.url)
                received.push({
                  method: "POST",
                  path: `${target.pathname}${target.search}`,
                  headers: Object.fromEntries(
                    Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value])
                  ),
                  body: request.body
                })
                const { delayMs, ...answered } = answer
                return Effect.as(Effect.sleep(delayMs ?? 0), answered)
              })
          }),
          (memory) => memory.client
        )
      ),
    received: async () => [...received],
    answer: (next) => void (answer = next),
    close: async () => {}
  }
})

describe("checkOutboundUrl", () => {
  const reasonOf = (url: string, allowPrivate = false) =>
    Either.match(checkOutboundUrl(url, allowPrivate), { onLeft: (refusal) => refusal.reason, onRight: () => "allowed" })

  it("allows https to public names and addresses", () => {
    expect(reasonOf("https://hooks.example.com/webhook?x=1")).toBe("allowed")
    expect(reasonOf("https://93.184.215.14:8443/")).toBe("allowed")
    expect(reasonOf("https://[2606:4700::6810:84e5]/")).toBe("allowed")
  })

  it("refuses every spelling of a loopback, private or metadata address", () => {
    for (const url of [
      "https://127.1/",
      "https://2130706433/",
      "https://0177.0.0.1/",
      "https://0.0.0.0/",
      "https://192.168.1.10/",
      "https://172.16.0.1/",
      "https://100.64.0.1/",
      "https://[fd00::1]/",
      "https://[fe80::1]/",
      "https://[::ffff:a9fe:a9fe]/",
      "https://api.localhost/",
      "https://localhost./"
    ]) {
      expect({ url, reason: reasonOf(url) }).toEqual({ url, reason: "address" })
    }
  })

  it("allows http and private targets only when told", () => {
    expect(reasonOf("http://127.0.0.1:3000/hook", true)).toBe("allowed")
    expect(reasonOf("http://localhost:3000/hook", true)).toBe("allowed")
    expect(reasonOf("http://hooks.example.com/")).toBe("scheme")
  })
})

describe("isPublicAddress", () => {
  it("refuses IPv4-compatible IPv6, which ipaddr.js files as unicast", () => {
    expect(isPublicAddress("::7f00:1")).toBe(false)
    expect(isPublicAddress("::808:808")).toBe(false)
    expect(isPublicAddress("2606:4700::6810:84e5")).toBe(true)
    expect(isPublicAddress("8.8.8.8")).toBe(true)
  })
})

describe("memory outbound HTTP", () => {
  const request = { url: "https://hooks.example.com/hook", headers: {}, body: "{}", timeout: "5 seconds" } as const

  it("records every request, refused ones too, and answers 200 by default", async () => {
    const [response, requests] = await Effect.runPromise(
      Effect.gen(function* () {
        const client = yield* OutboundHttp
        const response = yield* client.post(request)
        yield* Effect.flip(client.post({ ...request, url: "https://10.0.0.1/" }))
        return [response, (yield* memoryOutboundHttp).requests] as const
      }).pipe(Effect.provide(layerMemoryOutboundHttp()))
    )
    expect(response).toMatchObject({ status: 200, headers: {}, body: "" })
    expect(requests.map((each) => each.url)).toEqual([request.url, "https://10.0.0.1/"])
  })

  it("fails as `respond` fails, and times out an answer that does not come", async () => {
    const memory = await Effect.runPromise(
      makeMemoryOutboundHttp({
        respond: (request) =>
          request.url.endsWith("/down")
            ? Effect.fail(new OutboundFailed({ reason: "network", message: "connection refused" }))
            : Effect.never
      })
    )
    const down = await Effect.runPromise(Effect.flip(memory.client.post({ ...request, url: `${request.url}/down` })))
    expect(down).toMatchObject({ _tag: "OutboundFailed", reason: "network" })
    const silent = await Effect.runPromise(
      Effect.gen(function* () {
        const fiber = yield* Effect.fork(Effect.flip(memory.client.post(request)))
        yield* TestClock.adjust("5 seconds")
        return yield* Fiber.join(fiber)
      }).pipe(Effect.provide(TestContext.TestContext))
    )
    expect(silent).toMatchObject({ _tag: "OutboundFailed", reason: "timeout" })
  })

  it("refuses to name another client as the memory one", async () => {
    const other = Layer.succeed(OutboundHttp, { post: () => Effect.never, postAll: () => Effect.never })
    const exit = await Effect.runPromiseExit(memoryOutboundHttp.pipe(Effect.provide(other)))
    expect(exit._tag).toBe("Failure")
  })
})
