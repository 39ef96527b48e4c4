import { packageBuild } from "../../tsup.shared.js"

// The model server has its own entry: scripts and apps outside vitest can start one.
export default packageBuild(["src/index.ts", "src/ModelServer.ts"])
