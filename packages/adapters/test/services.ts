import net from "node:net"

/**
 * External services for integration tests. When one is unreachable the suite is
 * skipped with a printed reason, unless REQUIRE_SERVICES=1 (CI), which fails instead.
 */
export const postgresUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test"
export const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379"

const reachable = (url: string, defaultPort: number) =>
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

/** True when the service answers; throws under REQUIRE_SERVICES=1 when it does not. */
export const serviceAvailable = async (name: string, url: string, defaultPort: number): Promise<boolean> => {
  if (await reachable(url, defaultPort)) return true
  const reason = `${name} is not reachable at ${url}`
  if (process.env.REQUIRE_SERVICES === "1") throw new Error(`${reason} and REQUIRE_SERVICES=1`)
  console.warn(`skipping ${name} suites: ${reason} (set REQUIRE_SERVICES=1 to fail instead)`)
  return false
}

export const postgresAvailable = () => serviceAvailable("PostgreSQL", postgresUrl, 5432)
export const redisAvailable = () => serviceAvailable("Redis", redisUrl, 6379)
