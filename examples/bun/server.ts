// ServiceKit on Bun: the same configuration as the Node server (PORT,
// SERVICEKIT_DATA_DIR, DATABASE_URL, REDIS_URL, ...), served by Bun.serve.
import { bootstrapDevelopmentTenant, createServiceKit } from "@servicekit/host-node"
import { serve } from "@servicekit/host-bun"

const kit = createServiceKit({ holder: "servicekit on bun" })
const server = serve(kit, { port: kit.config.port, hostname: kit.config.host })
// Jobs, runs and deliveries in this process too, unless SERVICEKIT_WORKERS says another process runs them.
if (kit.config.workers === "in-process") await kit.startWorkers()
console.log(`ServiceKit on Bun ${Bun.version} listening on ${server.url}`)

const development = await bootstrapDevelopmentTenant(kit, `${server.url}/api`)
if (development !== undefined) {
  console.log(`DEVELOPMENT tenant ${development.tenantId}`)
  for (const { key, note, product } of development.keys) {
    console.log(`  ${product} test key: ${key}${note === undefined ? "" : `  (${note})`}`)
  }
  for (const sample of development.samples) console.log(`  sample data: ${sample}`)
  console.log(`  admin dashboard token: ${development.adminToken}`)
  console.log(`  console (as admin): ${development.consoleUrl}`)
}

const shutdown = async () => {
  await server.stop()
  await kit.dispose()
  process.exit(0)
}
process.once("SIGTERM", shutdown)
process.once("SIGINT", shutdown)
