import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { MAX_RESPONSE_BYTES, OutboundHttp, type OutboundRequest } from "@servicekit/core/internal"
import { type ReceivedRequest, type TargetAnswer, outboundHttpConformance } from "@servicekit/conformance"
import { type Duration, Effect, type Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerUndiciOutboundHttp } from "../src/http.js"

type Handler = (request: IncomingMessage, response: ServerResponse) => void

/** A real HTTP server on loopback, on a port of its own, that keeps what it receives. */
const startTarget = async (handle?: Handler) => {
  const received: Array<ReceivedRequest> = []
  const sockets = new Set<Socket>()
  let connections = 0
  let answer: TargetAnswer = { status: 200 }
  const server: Server = createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        path: request.url ?? "",
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [
            name,
            Array.isArray(value) ? value.join(", ") : (value ?? "")
          ])
        ),
        body: Buffer.concat(chunks).toString("utf8")
      })
      if (handle !== undefined) return handle(request, response)
      const { status, headers, body, delayMs } = answer
      setTimeout(() => {
        response.writeHead(status, headers ?? {})
        response.end(body ?? "")
      }, delayMs ?? 0)
    })
  })
  server.on("connection", (socket: Socket) => {
    connections++
    sockets.add(socket)
    socket.on("close", () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    received: async () => [...received],
    answer: (next: TargetAnswer) => void (answer = next),
    connections: () => connections,
    openSockets: () => sockets.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      })
  }
}

type Target = Awaited<ReturnType<typeof startTarget>>

outboundHttpConformance("undici against node:http", async () => {
  const target = await startTarget()
  return {
    url: target.url,
    otherUrl: `http://localhost:${target.port}`,
    // localhost as the target's own address, whatever else the system resolver would say.
    layer: ({ allowPrivate, connections }) =>
      layerUndiciOutboundHttp({
        allowPrivate,
        connections,
        lookup: async () => [{ address: "127.0.0.1", family: 4 }]
      }),
    received: target.received,
    answer: target.answer,
    close: target.close
  }
})

const post = (url: string, timeout: Duration.DurationInput = "10 seconds"): OutboundRequest => ({
  url,
  headers: { "content-type": "application/json" },
  body: '{"event":"ping"}',
  timeout
})

const run = <A, E>(layer: Layer.Layer<OutboundHttp>, use: (client: OutboundHttp["Type"]) => Effect.Effect<A, E>) =>
  Effect.runPromise(Effect.flatMap(OutboundHttp, use).pipe(Effect.provide(layer)))

const failureOf = (layer: Layer.Layer<OutboundHttp>, request: OutboundRequest) =>
  run(layer, (client) => Effect.flip(client.post(request)))

const withTarget = async (test: (target: Target) => Promise<void>, handle?: Handler) => {
  const target = await startTarget(handle)
  try {
    await test(target)
  } finally {
    await target.close()
  }
}

/** A resolver that knows only the names it is given. */
const lookupFrom = (names: Record<string, ReadonlyArray<string>>) => async (hostname: string) => {
  const addresses = names[hostname]
  if (addresses === undefined)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" })
  return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }))
}

describe("undici outbound HTTP", () => {
  it("refuses a name that resolves to loopback, or to any private address, at connect time", () =>
    withTarget(async (target) => {
      const layer = layerUndiciOutboundHttp({
        lookup: lookupFrom({
          "hooks.example.com": ["127.0.0.1"],
          "mixed.example.com": ["93.184.215.14", "10.0.0.7"],
          "metadata.example.com": ["169.254.169.254"],
          "v6.example.com": ["::1"]
        })
      })
      for (const host of ["hooks.example.com", "mixed.example.com", "metadata.example.com", "v6.example.com"]) {
        const failure = await failureOf(layer, post(`https://${host}:${target.port}/hook`))
        expect({ host, tag: failure._tag, reason: "reason" in failure ? failure.reason : undefined }).toEqual({
          host,
          tag: "OutboundRefused",
          reason: "address"
        })
      }
      expect(await target.received()).toEqual([])
    }))

  it("connects to the address its lookup gives where private targets are allowed, sending the name as Host", () =>
    withTarget(async (target) => {
      const layer = layerUndiciOutboundHttp({
        allowPrivate: true,
        lookup: lookupFrom({ "hooks.example.com": ["127.0.0.1"] })
      })
      const response = await run(layer, (client) => client.post(post(`http://hooks.example.com:${target.port}/hook`)))
      expect(response.status).toBe(200)
      const [request] = await target.received()
      expect(request.headers.host).toBe(`hooks.example.com:${target.port}`)
    }))

  it("reports a name that does not resolve as a network failure", async () => {
    const layer = layerUndiciOutboundHttp({ lookup: lookupFrom({}) })
    const failure = await failureOf(layer, post("https://no-such-host.example.com/hook"))
    expect(failure).toMatchObject({ _tag: "OutboundFailed", reason: "network" })
  })

  it("reports a refused connection as a network failure", async () => {
    const target = await startTarget()
    await target.close()
    const failure = await failureOf(layerUndiciOutboundHttp({ allowPrivate: true }), post(`${target.url}/hook`))
    expect(failure).toMatchObject({ _tag: "OutboundFailed", reason: "network" })
  })

  it("times out a server that never answers", () =>
    withTarget(
      async (target) => {
        const failure = await failureOf(
          layerUndiciOutboundHttp({ allowPrivate: true }),
          post(`${target.url}/hook`, "300 millis")
        )
        expect(failure).toMatchObject({ _tag: "OutboundFailed", reason: "timeout" })
      },
      () => {}
    ))

  it("times out a body that stops coming, as the deadline covers the whole exchange", () =>
    withTarget(
      async (target) => {
        const failure = await failureOf(
          layerUndiciOutboundHttp({ allowPrivate: true }),
          post(`${target.url}/hook`, "300 millis")
        )
        expect(failure).toMatchObject({ _tag: "OutboundFailed", reason: "timeout" })
      },
      (_request, response) => {
        response.writeHead(200, { "content-type": "text/plain" })
        response.write("the beginning, and then nothing")
      }
    ))

  it("cuts a 10 MB body at 64 KiB and returns without reading the rest", () =>
    withTarget(
      async (target) => {
        const response = await run(layerUndiciOutboundHttp({ allowPrivate: true }), (client) =>
          client.post(post(`${target.url}/hook`))
        )
        expect(response.status).toBe(200)
        expect(response.body).toBe("x".repeat(MAX_RESPONSE_BYTES))
      },
      (_request, response) => {
        response.on("error", () => {})
        response.writeHead(200, { "content-type": "text/plain", "content-length": String(10 * 1024 * 1024) })
        const chunk = "x".repeat(1024 * 1024)
        let sent = 0
        const write = () => {
          while (sent < 10 && !response.destroyed) {
            sent++
            if (!response.write(chunk)) return void response.once("drain", write)
          }
          response.end()
        }
        write()
      }
    ))

  it("keeps a multi-byte character cut at 64 KiB from breaking the body", () =>
    withTarget(async (target) => {
      target.answer({ status: 200, body: `${"a".repeat(MAX_RESPONSE_BYTES - 1)}✓ and more` })
      const response = await run(layerUndiciOutboundHttp({ allowPrivate: true }), (client) =>
        client.post(post(`${target.url}/hook`))
      )
      expect(response.body.startsWith("a".repeat(MAX_RESPONSE_BYTES - 1))).toBe(true)
      expect(response.body.length).toBe(MAX_RESPONSE_BYTES)
    }))

  it("reuses connections for requests one after another, and closes them with the layer", () =>
    withTarget(async (target) => {
      const statuses = await run(layerUndiciOutboundHttp({ allowPrivate: true }), (client) =>
        Effect.forEach([1, 2, 3, 4, 5, 6], () =>
          Effect.map(client.post(post(`${target.url}/hook`)), (response) => response.status)
        )
      )
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200])
      // undici may open a second connection while the first is being released, but not one per request.
      expect(target.connections()).toBeLessThanOrEqual(2)
      await expect.poll(() => target.openSockets()).toBe(0)
    }))
})
