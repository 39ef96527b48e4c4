import type { ServiceKit } from "@servicekit/core"
import type { HostOptions } from "./Config.js"
import { bootstrapDevelopmentTenant } from "./DevBootstrap.js"
import { type HostModule, createServiceKit } from "./Runtime.js"
import { startInboundReports } from "./InboundReports.js"
import { listen } from "./Server.js"

/**
 * The standalone server: start, print how to reach it (and the development
 * tenant on a first start), run until SIGTERM/SIGINT, then drain and close.
 */
export const serveUntilSignalled = async (options: HostOptions & { readonly json?: boolean } = {}): Promise<void> => {
  const kit = createServiceKit({ ...options, holder: "servicekit serve" })
  const server = await listen(kit, { port: kit.config.port, host: kit.config.host }).catch(async (error) => {
    await kit.dispose()
    throw error
  })
  if (kit.config.workers === "in-process") await kit.startWorkers()
  const inbound = await inboundOf(kit).catch(async (error) => {
    await server.close({ deadlineMs: 0 })
    await kit.dispose()
    throw error
  })
  const development = await bootstrapDevelopmentTenant(kit, `${server.url}${kit.config.mountPath}`)
  if (options.json) {
    console.log(
      JSON.stringify({
        listening: server.url,
        port: server.port,
        ...(inbound === undefined ? {} : { inboundSmtpPort: inbound.port }),
        development: development ?? null
      })
    )
  } else {
    const storage = kit.config.databaseUrl === undefined ? `embedded database in ${kit.config.dataDir}` : "PostgreSQL"
    const lines = [
      `ServiceKit listening on ${server.url} (${kit.config.env}, ${storage})`,
      `  API docs: ${server.url}${kit.config.mountPath}/v1/docs`,
      ...(inbound === undefined ? [] : [`  bounces and complaints: SMTP on ${kit.config.inboundSmtpHost}:${inbound.port}`])
    ]
    if (development !== undefined) {
      const label = (text: string) => `  ${text}:`.padEnd(26)
      lines.push(
        "",
        "First start: created a DEVELOPMENT tenant entitled to every product. Not for production.",
        `${label("tenant id")}${development.tenantId}`,
        ...development.keys.map(
          ({ key, note, product }) => `${label(`${product} test key`)}${key}${note === undefined ? "" : `  (${note})`}`
        ),
        `${label("admin dashboard token")}${development.adminToken}`,
        `${label("console (as admin)")}${development.consoleUrl}`,
        ...development.samples.map((sample) => `  sample data: ${sample}`),
        "",
        ...development.keys.map(({ tryIt }) => `  try: ${tryIt}`),
        "",
        "These secrets are shown only now. More tenants and keys: stop the server, then run",
        "  npx servicekit tenant create --name NAME --entitle voice",
        "  npx servicekit key create --tenant ID --product voice --env live --scopes voice:read"
      )
    }
    console.log(lines.join("\n"))
  }
  await untilSignalled()
  const deadlineMs = kit.config.shutdownTimeoutSeconds * 1_000
  // Past the deadline and a grace second for the drain, the process goes regardless.
  setTimeout(() => {
    console.error(`ServiceKit did not stop within ${kit.config.shutdownTimeoutSeconds} s; exiting.`)
    process.exit(1)
  }, deadlineMs + 1_000).unref()
  await inbound?.close()
  await server.close({ deadlineMs })
  await kit.dispose()
  if (!options.json) console.log("ServiceKit stopped.")
}

/** The inbound SMTP listener, when the configuration names its port. */
const inboundOf = async (kit: Pick<ReturnType<typeof createServiceKit>, "config" | "runtime">) =>
  kit.config.inboundSmtpPort === undefined
    ? undefined
    : startInboundReports(kit, { port: kit.config.inboundSmtpPort, host: kit.config.inboundSmtpHost })

const untilSignalled = () =>
  new Promise<void>((resolve) => {
    process.once("SIGTERM", resolve)
    process.once("SIGINT", resolve)
  })

/**
 * A worker process (`servicekit worker`): the background workers without the HTTP API, until
 * SIGTERM/SIGINT, then a drain (running jobs finish) and exit. Run any number beside the servers
 * on PostgreSQL; on the embedded database `serve` runs them in its own process. An embedder's
 * worker passes the same `skills` and `modules` as its servers.
 */
export const workUntilSignalled = async (
  options: HostOptions & ServiceKit.Options<ReadonlyArray<HostModule>> & { readonly json?: boolean } = {}
): Promise<void> => {
  const kit = createServiceKit({ ...options, holder: "servicekit worker" })
  await kit.startWorkers()
  const inbound = await inboundOf(kit).catch(async (error) => {
    await kit.dispose()
    throw error
  })
  const storage = kit.config.databaseUrl === undefined ? `embedded database in ${kit.config.dataDir}` : "PostgreSQL"
  const jobs = kit.config.redisUrl === undefined ? "pg-boss" : "BullMQ"
  const smtp = inbound === undefined ? "" : `; bounces and complaints: SMTP on ${kit.config.inboundSmtpHost}:${inbound.port}`
  console.log(
    options.json
      ? JSON.stringify({ working: true, ...(inbound === undefined ? {} : { inboundSmtpPort: inbound.port }) })
      : `ServiceKit workers running (${storage}, jobs on ${jobs}${smtp})`
  )
  await untilSignalled()
  await inbound?.close()
  await kit.dispose()
  if (!options.json) console.log("ServiceKit workers stopped.")
}
