import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@servicekit\/core\/testing$/, replacement: src("./packages/core/src/testing.ts") },
      { find: /^@servicekit\/core\/conformance$/, replacement: src("./packages/core/src/conformance.ts") },
      { find: /^@servicekit\/core$/, replacement: src("./packages/core/src/index.ts") },
      { find: /^@servicekit\/adapters$/, replacement: src("./packages/adapters/src/index.ts") },
      { find: /^@servicekit\/host-node$/, replacement: src("./packages/host-node/src/index.ts") }
    ]
  },
  test: {
    include: ["packages/*/test/**/*.test.ts", "examples/*/test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks"
  }
})
