import { storageConformance } from "@servicekit/conformance"
import { layerPglite } from "../src/pglite.js"

// In memory: the suite shares one database and isolates tests by tenant.
storageConformance("PGlite", () => layerPglite({ dataDir: undefined }))
