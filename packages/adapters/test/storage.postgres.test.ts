import { storageConformance } from "@servicekit/core/conformance"
import { it } from "vitest"
import { postgresAvailable } from "./services.js"
import { layerTemporaryPostgres } from "./temporaryPostgres.js"

if (await postgresAvailable()) storageConformance("Postgres", () => layerTemporaryPostgres)
else it.skip("storage conformance: Postgres (unreachable)")
