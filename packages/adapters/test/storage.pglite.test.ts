import { storageConformance } from "@servicekit/core/conformance"
import { layerPglite } from "../src/kysely/index.js"

// In memory: the suite shares one database and isolates tests by tenant.
storageConformance("PGlite", () => layerPglite({ dataDir: undefined }))
