import { storageConformance } from "@servicekit/conformance"
import { layerTemporaryPostgres } from "./temporaryPostgres.js"

storageConformance("Postgres", () => layerTemporaryPostgres)
