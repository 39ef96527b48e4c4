import { EventOutbox, JobQueue, MemoryDatabase, ScheduleStore } from "@servicekit/core/internal"
import { eventDispatchConformance, jobQueueConformance, schedulerConformance } from "@servicekit/conformance"
import { Layer } from "effect"

const memory = () =>
  Layer.mergeAll(JobQueue.layerMemory, EventOutbox.layerMemory, ScheduleStore.layerMemory).pipe(
    Layer.provideMerge(MemoryDatabase.layer)
  )

jobQueueConformance("memory", memory)
eventDispatchConformance("memory", memory)
schedulerConformance("memory", memory)
