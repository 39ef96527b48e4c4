import { JobQueue, MemoryDatabase } from "@servicekit/core"
import { jobQueueConformance } from "@servicekit/core/conformance"
import { Layer } from "effect"

jobQueueConformance("memory", () => JobQueue.layerMemory.pipe(Layer.provideMerge(MemoryDatabase.layer)))
