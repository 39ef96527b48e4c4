import { eventDispatchConformance, jobQueueConformance, schedulerConformance } from "@servicekit/conformance"
import { FanOut } from "@servicekit/core/internal"
import { Layer } from "effect"
import { layerBullMqJobQueue, layerPglite } from "../src/index.js"
import { redisUrl } from "./services.js"

// Each layer its own prefix: a shared Redis is never flushed.
const bullMq = () =>
  layerBullMqJobQueue({ url: redisUrl, prefix: `test-${globalThis.crypto.randomUUID().slice(0, 8)}` }).pipe(
    Layer.provideMerge(Layer.merge(layerPglite({ dataDir: undefined }), FanOut.layerMemory))
  )

jobQueueConformance("BullMQ on Redis, backlog on PGlite", bullMq)
eventDispatchConformance("BullMQ on Redis, backlog on PGlite", bullMq)
schedulerConformance("BullMQ on Redis, backlog on PGlite", bullMq)
