import { jobQueueConformance } from "@servicekit/core/conformance"
import { Layer } from "effect"
import { layerPgBossJobQueue } from "../src/index.js"
import { layerTemporaryPostgres } from "./temporaryPostgres.js"

jobQueueConformance("pg-boss on Postgres", () =>
  layerPgBossJobQueue({ maintenanceInterval: "1 second" }).pipe(Layer.provideMerge(layerTemporaryPostgres))
)
