import { packageBuild } from "../../tsup.shared.js"

// The CLI is an entry of its own; declarations only describe the library and its framework mounts.
export default packageBuild(["src/index.ts", "src/fastify.ts", "src/hono.ts", "src/cli.ts"], {
  dts: { entry: ["src/index.ts", "src/fastify.ts", "src/hono.ts"] }
})
