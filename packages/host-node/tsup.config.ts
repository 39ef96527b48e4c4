import { packageBuild } from "../../tsup.shared.js"

// The CLI is an entry of its own; declarations only describe the library.
export default packageBuild(["src/index.ts", "src/cli.ts"], { dts: { entry: "src/index.ts" } })
