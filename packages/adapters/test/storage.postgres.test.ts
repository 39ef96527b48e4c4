import { storageConformance } from "@servicekit/core/conformance"
import { layerTemporaryPostgres } from "./temporaryPostgres.js"

storageConformance("Postgres", () => layerTemporaryPostgres)
