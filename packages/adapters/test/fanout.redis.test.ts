import { fanOutConformance } from "@servicekit/conformance"
import { layerRedisFanOut } from "../src/index.js"
import { redisUrl } from "./services.js"

// One prefix for every instance of this run, none shared with other runs on the same Redis.
const prefix = `test-${globalThis.crypto.randomUUID().slice(0, 8)}`

fanOutConformance("Redis pub/sub", () => layerRedisFanOut({ url: redisUrl, prefix }), { shared: true })
