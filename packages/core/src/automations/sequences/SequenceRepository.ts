import { Context, Effect, Layer, type Option } from "effect"
import type { Page } from "../../platform/Keyset.js"
import { memoryTable } from "../../platform/MemoryTable.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import type { Sequence } from "./Sequence.js"

export class SequenceRepository extends Context.Tag("@servicekit/core/SequenceRepository")<
  SequenceRepository,
  {
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Sequence>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<Sequence>>
    /** Stores the sequence under its id, replacing what the id held. */
    readonly save: (sequence: Sequence) => Effect.Effect<void>
    /** Whether there was such a sequence. */
    readonly remove: (tenantId: string, id: string) => Effect.Effect<boolean>
  }
>() {
  static readonly layerMemory: Layer.Layer<SequenceRepository, never, MemoryDatabase> = Layer.effect(
    SequenceRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Sequence>(db, "automation_sequences")
      return SequenceRepository.of({
        find: table.find,
        list: (tenantId, page) => table.list(tenantId, page),
        save: table.save,
        remove: table.remove
      })
    })
  )
}
