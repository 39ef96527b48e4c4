import { jobQueueConformance } from "@servicekit/core/conformance"
import { Layer } from "effect"
import { layerBullMqJobQueue, layerPglite } from "../src/index.js"
import { redisUrl } from "./services.js"

// Its own prefix: a shared Redis is never flushed.
jobQueueConformance("BullMQ on Redis, outbox on PGlite", () =>
  layerBullMqJobQueue({ url: redisUrl, prefix: `test-${globalThis.crypto.randomUUID().slice(0, 8)}` }).pipe(
    Layer.provideMerge(layerPglite({ dataDir: undefined }))
  )
)
