import { mkdtempSync, rmSync } from "node:fs"
import { connect, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout } from "node:timers/promises"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { start } from "./spawn.js"

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url))

/** A `servicekit serve` process on the embedded database, and what its first start printed. */
const serve = async (dataDir: string, shutdownTimeout: string) => {
  const server = start(process.execPath, [cli, "serve", "--port", "0", "--host", "127.0.0.1", "--json"], {
    SERVICEKIT_DATA_DIR: dataDir,
    DATABASE_URL: "",
    REDIS_URL: "",
    SERVICEKIT_SHUTDOWN_TIMEOUT: shutdownTimeout
  })
  const [line] = await server.waitFor(/\{"listening".*\}/, 90_000)
  const { development, listening } = JSON.parse(line)
  const { port } = new URL(listening)
  return {
    server,
    port: Number(port),
    tenantId: development.tenantId as string,
    token: development.adminToken as string
  }
}

/** A raw connection that collects what the server sends until it closes the connection. */
const open = (port: number) =>
  new Promise<{ socket: Socket; received: () => string; closed: Promise<void> }>((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port }, () => resolve({ socket, received: () => received, closed }))
    let received = ""
    const closed = new Promise<void>((done) => socket.once("close", () => done()))
    socket.setEncoding("utf8")
    socket.on("data", (chunk) => (received += chunk))
    socket.once("error", reject)
  })

describe("servicekit serve stops gracefully on SIGTERM", () => {
  const dataDirs: Array<string> = []
  const dataDir = () => {
    dataDirs.push(mkdtempSync(join(tmpdir(), "servicekit-shutdown-")))
    return dataDirs.at(-1)!
  }
  afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it("answers a request it has received, with Connection: close, closes idle connections and refuses new ones", async () => {
    const { port, server, tenantId, token } = await serve(dataDir(), "10")
    const body = JSON.stringify({ name: "in flight", product: "voice", environment: "live", scopes: ["voice:read"] })
    const inFlight = await open(port)
    inFlight.socket.write(
      `POST /api/tenants/${tenantId}/api-keys HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`
    )
    const idle = await open(port)
    idle.socket.write("GET /api/healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    while (!idle.received().includes('{"status":"ok"}')) await setTimeout(20)
    // Time for the server to read the request's head, so that it is in flight when SIGTERM comes.
    await setTimeout(500)

    const exited = server.stop()
    await idle.closed
    // The listening socket closes asynchronously: a connection made in that instant may still land.
    let refused = false
    for (let i = 0; i < 100 && !refused; i++) {
      refused = await open(port).then(
        ({ socket }) => {
          socket.destroy()
          return false
        },
        (error: NodeJS.ErrnoException) => error.code === "ECONNREFUSED"
      )
      if (!refused) await setTimeout(20)
    }
    expect(refused).toBe(true)
    inFlight.socket.write(body.slice(10))
    await inFlight.closed
    const [head, answer] = inFlight.received().split("\r\n\r\n")
    expect(head).toMatch(/^HTTP\/1.1 200 /)
    expect(head).toMatch(/\r\nconnection: close/i)
    expect(JSON.parse(answer)).toMatchObject({ name: "in flight", key: expect.stringMatching(/^svk_live_voice_/) })
    expect(await exited, server.output()).toBe(0)
  }, 120_000)

  it("cuts a request that never completes at the deadline, and exits in time", async () => {
    const { port, server, tenantId, token } = await serve(dataDir(), "2")
    const stuck = await open(port)
    stuck.socket.write(
      `POST /api/tenants/${tenantId}/api-keys HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
    )
    await setTimeout(200)
    const stopping = Date.now()
    const cut = stuck.closed.then(() => Date.now() - stopping)
    const code = await server.stop()
    // Status 0, not 1: it finished before its own limit, one second past the deadline. How long
    // the exit took on this machine's clock depends on its load, so it is not checked here.
    expect(code, server.output()).toBe(0)
    // The stuck request held the process until the deadline, and no longer than the process did.
    expect(await cut).toBeGreaterThanOrEqual(1_900)
  }, 120_000)
})
