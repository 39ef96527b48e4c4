import { spawnSync } from "node:child_process"
import net from "node:net"

/**
 * External services and programs for integration tests. Test files that need one say so in
 * their name (`*.postgres.test.ts`, `*.redis.test.ts`, both for `*.postgres.redis.test.ts`,
 * `*.sipp.test.ts` for the SIPp program, Debian's `sip-tester`; `*.pgbouncer.*` for Debian's
 * PgBouncer; `*.browser.test.ts` for Debian's Chromium at `chromiumPath`, driven by
 * playwright-core; `*.desktop.test.ts` for a virtual screen, Debian's xvfb and imagemagick);
 * vitest.config.ts leaves them out, with a printed reason, when the service is
 * unreachable, unless REQUIRE_SERVICES=1 (CI), which fails the run instead.
 */
export const postgresUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test"
export const redisUrl = process.env.REDIS_URL || "redis://127.0.0.1:6379"
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium"

/** Whether a program runs from the PATH. */
const runs = (command: string, args: ReadonlyArray<string>) =>
  spawnSync(command, args, { stdio: "ignore" }).error === undefined

export const services = [
  { name: "PostgreSQL", marker: ".postgres.", where: postgresUrl, available: () => reachable(postgresUrl, 5432) },
  { name: "Redis", marker: ".redis.", where: redisUrl, available: () => reachable(redisUrl, 6379) },
  {
    name: "PgBouncer",
    marker: ".pgbouncer.",
    where: "the PATH",
    available: async () => runs("pgbouncer", ["--version"])
  },
  { name: "SIPp", marker: ".sipp.", where: "the PATH", available: async () => runs("sipp", ["-v"]) },
  {
    name: "Chromium",
    marker: ".browser.",
    where: chromiumPath,
    available: async () => runs(chromiumPath, ["--version"])
  },
  {
    name: "Xvfb and ImageMagick",
    marker: ".desktop.",
    where: "the PATH",
    available: async () => runs("Xvfb", ["-version"]) && runs("import", ["-version"])
  }
] as const

export const reachable = (url: string, defaultPort: number) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url)
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) })
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1000, () => done(false))
    socket.once("connect", () => done(true))
    socket.once("error", () => done(false))
  })

/** A loopback port free at the moment of asking, for a server a test starts in another process. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.once("error", reject)
  })
