import { packageBuild } from "../../tsup.shared.js"

// Web fetch and WebCrypto only: the same build runs in Node, Bun, browsers and edge runtimes.
export default packageBuild(["src/index.ts", "src/webhooks.ts"], { platform: "neutral", target: "es2022" })
