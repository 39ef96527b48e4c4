import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"
import { services } from "./packages/adapters/test/services.js"

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Test files of unreachable services are left out with a reason; REQUIRE_SERVICES=1 fails instead. */
const unavailableServiceFiles = async () => {
  const excluded: Array<string> = []
  for (const service of services) {
    if (await service.available()) continue
    const reason = `${service.name} is not available at ${service.where}`
    if (process.env.REQUIRE_SERVICES === "1") throw new Error(`${reason} and REQUIRE_SERVICES=1`)
    console.warn(`leaving out the ${service.name} test files: ${reason} (set REQUIRE_SERVICES=1 to fail instead)`)
    excluded.push(`**/*${service.marker}*test.ts`)
  }
  return excluded
}

export default defineConfig(async () => ({
  resolve: {
    alias: [
      { find: /^@servicekit\/core\/(testing|internal)$/, replacement: src("./packages/core/src/$1.ts") },
      {
        find: /^@servicekit\/core\/(calling|chat|transactional|growth|automations|webhooks)$/,
        replacement: src("./packages/core/src/entries/$1.ts")
      },
      { find: /^@servicekit\/conformance$/, replacement: src("./packages/conformance/src/index.ts") },
      { find: /^@servicekit\/core$/, replacement: src("./packages/core/src/index.ts") },
      { find: /^@servicekit\/adapters$/, replacement: src("./packages/adapters/src/index.ts") },
      { find: /^@servicekit\/adapters\/([a-z0-9]+)$/, replacement: src("./packages/adapters/src/$1.ts") },
      { find: /^@servicekit\/host-node$/, replacement: src("./packages/host-node/src/index.ts") },
      { find: /^@servicekit\/host-node\/(fastify|hono)$/, replacement: src("./packages/host-node/src/$1.ts") },
      { find: /^@servicekit\/client$/, replacement: src("./packages/client/src/index.ts") },
      { find: /^@servicekit\/client\/webhooks$/, replacement: src("./packages/client/src/webhooks.ts") }
    ]
  },
  test: {
    include: ["packages/*/test/**/*.test.ts", "examples/*/test/**/*.test.ts"],
    exclude: ["**/node_modules/**", ...(await unavailableServiceFiles())],
    env: {
      // The AWS SDK's notice that its later versions need Node 22: true, and no concern of a test's.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      // New embedded databases start from one migrated snapshot instead of initdb and every
      // migration: about two thirds of a new PGlite kit's CPU, and the suite makes hundreds.
      SERVICEKIT_PGLITE_TEMPLATE_DIR:
        process.env.SERVICEKIT_PGLITE_TEMPLATE_DIR ?? join(tmpdir(), "servicekit-pglite-templates")
    },
    // Several tests start processes (the CLI, Bun, crash workers) while two other test files run.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // A page or a worker under a full run on two cores may take seconds to show what a poll waits
    // for: polls wait up to 5 s (not 1) unless they say otherwise; what they check is unchanged.
    expect: { poll: { timeout: 5_000 } },
    // Test files share their worker's modules: importing the kit's sources again for every file
    // cost about as much as the tests themselves. No test changes process-wide state (the
    // environment, the working folder, timers); @effect/vitest's `layer` rewrites its shared `it`,
    // so a test that needs the test clock provides TestContext itself.
    // Each worker is a process of its own: PGlite's WebAssembly, made and freed in several threads
    // of one process, can trip V8's process-wide registry of code pages on Node 22 and later
    // ("Check failed: jit_page_->allocations_.erase(addr) == 1", nodejs/node#64500).
    pool: "forks",
    isolate: false,
    // Most test time is waiting (servers, timers, job queues), not CPU: three files at once on two
    // cores, the three workers kept for the whole run.
    poolOptions: { forks: { maxForks: 3, minForks: 3 } }
  }
}))
