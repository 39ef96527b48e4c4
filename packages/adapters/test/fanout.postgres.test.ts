import { fanOutConformance } from "@servicekit/conformance"
import { layerPostgresFanOut } from "../src/index.js"
import { postgresUrl } from "./services.js"

fanOutConformance("Postgres LISTEN/NOTIFY", () => layerPostgresFanOut({ url: postgresUrl }), { shared: true })
