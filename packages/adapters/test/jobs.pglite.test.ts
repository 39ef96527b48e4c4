import { FanOut } from "@servicekit/core/internal"
import { eventDispatchConformance, jobQueueConformance, schedulerConformance } from "@servicekit/conformance"
import { Layer } from "effect"
import { layerPgBossJobQueue, layerPglite } from "../src/index.js"

// A short maintenance interval, so that a lease that ran out is handed back within the test.
const pgBossOnPglite = () =>
  layerPgBossJobQueue({ maintenanceInterval: "1 second" }).pipe(
    Layer.provideMerge(Layer.merge(layerPglite({ dataDir: undefined }), FanOut.layerMemory))
  )

jobQueueConformance("pg-boss on PGlite", pgBossOnPglite)
eventDispatchConformance("pg-boss on PGlite", pgBossOnPglite)
schedulerConformance("pg-boss on PGlite", pgBossOnPglite)
