import net from "node:net"
import { setTimeout as sleep } from "node:timers/promises"
import { Effect, Exit, HashMap, Layer, Logger, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { KyselyDatabase } from "../src/kysely/Database.js"
import { layerDatabase } from "../src/kysely/Postgres.js"
import { temporaryDatabaseForFile } from "./temporaryPostgres.js"

const databaseUrl = temporaryDatabaseForFile()

/** A TCP proxy to the database's server, to cut (every connection, and new ones refused) and restore. */
const proxyTo = (target: URL) => {
  const sockets = new Set<net.Socket>()
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on("error", () => {})
      socket.on("close", () => sockets.delete(socket))
    }
    client.pipe(upstream).pipe(client)
  })
  let port = 0
  // The same port again after a cut, as a database server restarted in place.
  const listen = () =>
    new Promise<void>((resolve) =>
      server.listen(port, "127.0.0.1", () => {
        port = (server.address() as net.AddressInfo).port
        resolve()
      })
    )
  return {
    listen,
    url: () => {
      const url = new URL(target)
      url.hostname = "127.0.0.1"
      url.port = String(port)
      return url.toString()
    },
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve))
      for (const socket of sockets) socket.destroy()
      await closed
    }
  }
}

describe("the database's outage log", () => {
  let proxy: ReturnType<typeof proxyTo>
  beforeAll(async () => {
    proxy = proxyTo(new URL(databaseUrl()))
    await proxy.listen()
  })
  afterAll(() => proxy.cut().catch(() => {}))

  it("says once that the database is down and once that it answers again, without a password or a stack", async () => {
    const lines: Array<string> = []
    const logger = Logger.replace(
      Logger.defaultLogger,
      Logger.make(({ annotations, logLevel, message }) => {
        const fields = [...HashMap.toEntries(annotations)].sort().map(([key, value]) => `${key}=${value}`)
        lines.push([logLevel.label, ...(Array.isArray(message) ? message : [message]), ...fields].join(" "))
      })
    )
    const url = new URL(proxy.url())
    url.password = "hunter2"
    const runtime = ManagedRuntime.make(layerDatabase({ url: url.toString() }).pipe(Layer.provide(logger)))
    const query = () =>
      runtime.runPromiseExit(Effect.flatMap(KyselyDatabase, (db) => Effect.tryPromise(() => db.rows("select 1", []))))
    try {
      expect(Exit.isSuccess(await query())).toBe(true)
      await proxy.cut()
      const outage = () => lines.filter((line) => line.includes("dependency=database"))
      for (let i = 0; i < 100 && outage().length === 0; i++) await sleep(50)
      // Requests meanwhile fail on their own, and add no line; the probe keeps asking.
      expect(Exit.isFailure(await query())).toBe(true)
      await sleep(1_500)
      await proxy.listen()
      for (let i = 0; i < 100 && outage().length < 2; i++) await sleep(50)
      expect(Exit.isSuccess(await query())).toBe(true)
      const address = `address=postgres://127.0.0.1:${new URL(proxy.url()).port}${url.pathname}`
      expect(outage()).toEqual([
        expect.stringMatching(
          new RegExp(`^WARN dependency down ${address} dependency=database reason=(ECONNREFUSED|ECONNRESET|Connection terminated)`)
        ),
        expect.stringMatching(new RegExp(`^INFO dependency up ${address} dependency=database downSeconds=\\d+\\.\\d$`))
      ])
      expect(lines.join("\n")).not.toContain("hunter2")
      expect(lines.join("\n")).not.toMatch(/^\s+at /m)
    } finally {
      await runtime.dispose()
    }
  }, 30_000)
})
