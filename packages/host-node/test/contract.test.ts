import { createHmac } from "node:crypto"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { listen } from "../src/Server.js"
import { SIGNING_SECRET, makeFixture } from "./fixtures/contract.js"
import { start } from "./spawn.js"

const root = fileURLToPath(new URL("../../..", import.meta.url))

interface Host {
  readonly base: string
  readonly keys: { readonly reader: string; readonly writer: string }
  readonly stop: () => Promise<unknown>
}

const hosts: Record<string, () => Promise<Host>> = {
  "node:http": async () => {
    const fixture = await makeFixture()
    const server = await listen(fixture, { port: 0 })
    return { base: server.url, keys: fixture.keys, stop: () => server.close().then(fixture.dispose) }
  },
  "Bun.serve": async () => {
    const bun = start(
      join(root, "node_modules/.bin/bun"),
      [join(root, "packages/host-node/test/fixtures/serve-bun.ts")],
      {}
    )
    const [line] = await bun.waitFor(/\{"url".*\}/, 120_000)
    const { keys, url } = JSON.parse(line)
    return { base: url, keys, stop: bun.stop }
  }
}

const stats = (base: string) =>
  fetch(`${base}/api/fixture/stats`).then((r) => r.json() as Promise<{ aborted: number; streamsClosed: number }>)

const eventually = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

/** Reads a streamed body until `done` says so, then cancels the rest. */
const readUntil = async (response: Response, done: (text: string) => boolean) => {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let text = ""
  while (!done(text)) {
    const { done: ended, value } = await reader.read()
    if (ended) break
    text += decoder.decode(value, { stream: true })
  }
  await reader.cancel()
  return text
}

const openSocket = (url: string, options: { headers?: Record<string, string>; protocols?: Array<string> } = {}) =>
  new Promise<{
    socket: WebSocket
    messages: Array<string | Buffer>
    closed: Promise<{ code: number; reason: string }>
  }>((resolve, reject) => {
    const socket = new WebSocket(url, options.protocols ?? [], { headers: options.headers })
    const messages: Array<string | Buffer> = []
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.once("close", (code, reason) => done({ code, reason: reason.toString() }))
    )
    socket.on("message", (data, isBinary) => messages.push(isBinary ? (data as Buffer) : data.toString()))
    socket.once("open", () => resolve({ socket, messages, closed }))
    socket.once("unexpected-response", (_request, response) => {
      let body = ""
      response.on("data", (chunk: Buffer) => (body += chunk))
      response.on("end", () =>
        reject(
          Object.assign(new Error("refused"), {
            status: response.statusCode,
            body: JSON.parse(body),
            headers: response.headers
          })
        )
      )
    })
    socket.once("error", (error) => reject(error))
  })

describe.each(Object.keys(hosts))("the engine serves the whole contract on %s", (hostName) => {
  let host: Host
  let api: string
  beforeAll(async () => {
    host = await hosts[hostName]()
    api = `${host.base}/api`
  }, 150_000)
  afterAll(() => host.stop())

  it("answers each success with the status and content type its endpoint declares", async () => {
    const created = await fetch(`${api}/fixture/things`, { method: "POST", body: JSON.stringify({ name: "kettle" }) })
    expect(created.status).toBe(201)
    expect(created.headers.get("content-type")).toBe("application/json")
    expect(await created.json()).toEqual({ id: "thing-1", name: "kettle" })

    const removed = await fetch(`${api}/fixture/things/thing-1`, { method: "DELETE" })
    expect(removed.status).toBe(204)
    expect(await removed.text()).toBe("")

    const text = await fetch(`${api}/fixture/text`)
    expect(text.headers.get("content-type")).toBe("text/plain")
    expect(await text.text()).toBe('plain "text", not JSON')

    const page = await fetch(`${api}/fixture/page`)
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(await page.text()).toContain("<p>hello</p>")

    const bytes = await fetch(`${api}/fixture/bytes`)
    expect(bytes.headers.get("content-type")).toBe("application/octet-stream")
    expect([...new Uint8Array(await bytes.arrayBuffer())]).toEqual([0, 1, 2, 254, 255])
  })

  it("serves fixed documents with their own headers: the console's page under its CSP, its hashed assets cached", async () => {
    const page = await fetch(`${api}/console`)
    expect(page.status).toBe(200)
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'self'")
    expect(page.headers.get("cache-control")).toBe("no-store")
    const script = /src="\/api(\/console\/assets\/console\.[0-9a-f]{12}\.js)"/.exec(await page.text())![1]
    const asset = await fetch(`${api}${script}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8")
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect((await asset.text()).length).toBeGreaterThan(1000)
  })

  it("answers HEAD on every GET route with its headers and no body, and a wrong method with 405 and Allow", async () => {
    const page = await fetch(`${api}/fixture/page`)
    const head = await fetch(`${api}/fixture/page`, { method: "HEAD" })
    expect(head.status).toBe(200)
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8")
    expect(await head.text()).toBe("")
    expect(Number(head.headers.get("content-length"))).toBe(new TextEncoder().encode(await page.text()).byteLength)

    // A streamed body is not produced for HEAD: the export would never end otherwise.
    const headOfStream = await fetch(`${api}/fixture/export.csv?rows=1000000`, { method: "HEAD" })
    expect(headOfStream.status).toBe(200)
    expect(headOfStream.headers.get("content-type")).toMatch(/^text\/csv/)
    expect(await headOfStream.text()).toBe("")

    const wrong = await fetch(`${api}/fixture/things/thing-9`, { method: "PUT", body: "{}" })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get("allow")).toBe("DELETE")
    const { error } = await wrong.json()
    expect(error).toMatchObject({ type: "invalid_request", code: "method_not_allowed" })
    expect(error.requestId).toBe(wrong.headers.get("x-request-id"))
    expect((await fetch(`${api}/fixture/text`, { method: "POST" })).headers.get("allow")).toBe("GET, HEAD")
  })

  it("answers a typed error with the status addError declares, in the common error body", async () => {
    const response = await fetch(`${api}/fixture/things`, { method: "POST", body: JSON.stringify({ name: "taken" }) })
    expect(response.status).toBe(409)
    const { error } = await response.json()
    expect(error).toEqual({
      type: "conflict",
      code: "duplicate_thing",
      message: 'A thing named "taken" exists.',
      requestId: response.headers.get("x-request-id")
    })
  })

  it("runs endpoint-level middleware, which provides what the handler needs or fails with its declared error", async () => {
    const refused = await fetch(`${api}/fixture/hello`)
    expect(refused.status).toBe(418)
    expect((await refused.json()).error).toMatchObject({ code: "teapot", message: "Say who you are." })
    const greeted = await fetch(`${api}/fixture/hello`, { headers: { "x-greeter": "ada" } })
    expect(await greeted.json()).toEqual({ greeting: "hello, ada" })
  })

  it("checks the scope each endpoint declares with one API-key middleware", async () => {
    const read = await fetch(`${api}/v1/scoped`, { headers: { authorization: `Bearer ${host.keys.reader}` } })
    expect(read.status).toBe(200)
    const denied = await fetch(`${api}/v1/scoped`, {
      method: "POST",
      headers: { authorization: `Bearer ${host.keys.reader}` }
    })
    expect(denied.status).toBe(403)
    expect((await denied.json()).error.code).toBe("missing_scope")
    const written = await fetch(`${api}/v1/scoped`, { method: "POST", headers: { "x-api-key": host.keys.writer } })
    expect(written.status).toBe(200)
  })

  it("hands the handler the raw body as sent (for HMAC checks), its headers and the client address", async () => {
    const raw = '{"event":"order.paid",   "note":"spacing and ünïcode are kept"}'
    const signature = createHmac("sha256", SIGNING_SECRET).update(raw).digest("hex")
    const signed = await fetch(`${api}/fixture/signed`, {
      method: "POST",
      body: raw,
      headers: { "x-signature": signature }
    })
    expect(await signed.json()).toEqual({
      valid: true,
      event: "order.paid",
      bytes: Buffer.byteLength(raw),
      clientAddress: expect.stringMatching(/127\.0\.0\.1$/)
    })
    const forged = await fetch(`${api}/fixture/signed`, {
      method: "POST",
      body: raw.replace("paid", "void"),
      headers: { "x-signature": signature }
    })
    expect((await forged.json()).valid).toBe(false)
    const unsigned = await fetch(`${api}/fixture/signed`, { method: "POST", body: raw })
    expect(unsigned.status).toBe(400)
    expect((await unsigned.json()).error.details).toEqual([{ field: "x-signature", reason: "is missing" }])
  })

  it("sends the headers a handler sets, several Set-Cookie lines included", async () => {
    const response = await fetch(`${api}/fixture/session`)
    expect(response.status).toBe(200)
    expect(response.headers.get("x-fixture")).toBe("yes")
    expect(response.headers.get("x-request-id")).toBeTruthy()
    expect(response.headers.getSetCookie()).toEqual(["session=abc; Path=/; HttpOnly", "theme=dark; Path=/"])
    expect(await response.text()).toBe("signed in")
  })

  it("streams a large export as it is read, and stops producing when the client goes away", async () => {
    const complete = await fetch(`${api}/fixture/export.csv?rows=20000`)
    expect(complete.headers.get("content-type")).toBe("text/csv; charset=utf-8")
    const lines = (await complete.text()).split("\r\n").filter((line) => line.length > 0)
    expect(lines).toHaveLength(20001)
    expect(lines[0]).toBe("id,name")
    expect(lines[20000]).toBe('20000,"row 20000, quoted"')

    const before = (await stats(host.base)).streamsClosed
    // Ten million rows would take far longer than the test: only a stream pulled as it is read ends early.
    const endless = await fetch(`${api}/fixture/export.csv?rows=10000000`)
    expect(await readUntil(endless, (text) => text.length > 1000)).toContain("id,name")
    expect(await eventually(async () => (await stats(host.base)).streamsClosed > before)).toBe(true)
  })

  it("serves server-sent events that resume after Last-Event-ID, with heartbeats", async () => {
    const before = (await stats(host.base)).streamsClosed
    const response = await fetch(`${api}/fixture/events`, { headers: { "last-event-id": "41" } })
    expect(response.headers.get("content-type")).toBe("text/event-stream")
    expect(response.headers.get("cache-control")).toBe("no-cache")
    const text = await readUntil(
      response,
      (received) => received.includes("id: 43") && received.includes(": heartbeat")
    )
    expect(text).toContain("id: 42\nevent: tick\ndata: tick 42\ndata: line two\n\n")
    expect(text).not.toContain("id: 41\n")
    expect(await eventually(async () => (await stats(host.base)).streamsClosed > before)).toBe(true)
  })

  it("fires the handler's abort signal when the client goes away", async () => {
    const before = (await stats(host.base)).aborted
    const controller = new AbortController()
    const pending = fetch(`${api}/fixture/hang`, { signal: controller.signal }).catch((error) => error)
    await new Promise((resolve) => setTimeout(resolve, 200))
    controller.abort()
    expect(await pending).toBeInstanceOf(Error)
    expect(await eventually(async () => (await stats(host.base)).aborted > before)).toBe(true)
  })

  it("upgrades WebSockets after middleware accepts them, negotiating the subprotocol", async () => {
    const url = `${api.replace("http", "ws")}/fixture/socket`
    const { closed, messages, socket } = await openSocket(url, { headers: { "x-greeter": "ada" }, protocols: ["echo"] })
    expect(socket.protocol).toBe("echo")
    socket.send("hi")
    socket.send(Buffer.from([1, 2, 3]))
    expect(await eventually(async () => messages.length >= 3)).toBe(true)
    expect(messages[0]).toBe("welcome, ada")
    expect(messages[1]).toBe("echo: hi")
    expect([...(messages[2] as Buffer)]).toEqual([1, 2, 3])
    socket.send("bye")
    expect(await closed).toEqual({ code: 4000, reason: "bye" })
  })

  it("refuses an upgrade with an HTTP error before any WebSocket exists", async () => {
    const url = `${api.replace("http", "ws")}/fixture/socket`
    await expect(openSocket(url, { protocols: ["echo"] })).rejects.toMatchObject({
      status: 418,
      body: { error: { code: "teapot" } }
    })
    await expect(openSocket(url, { headers: { "x-greeter": "ada" }, protocols: ["other"] })).rejects.toMatchObject({
      status: 426,
      body: { error: { code: "upgrade_required" } }
    })
    const plain = await fetch(`${api}/fixture/socket`, { headers: { "x-greeter": "ada" } })
    expect(plain.status).toBe(426)
    expect(plain.headers.get("upgrade")).toBe("websocket")
  })
})
