import { Context, Effect, Layer, Option } from "effect"
import type { Page } from "../../platform/Keyset.js"
import { memoryTable } from "../../platform/MemoryTable.js"
import { MemoryDatabase } from "../../platform/UnitOfWork.js"
import type { Channel } from "./Channel.js"

export class ChannelRepository extends Context.Tag("@servicekit/core/ChannelRepository")<
  ChannelRepository,
  {
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Channel>>
    /** The channel with this id whichever its tenant: what an inbound message's secret is checked against. */
    readonly findAnywhere: (id: string) => Effect.Effect<Option.Option<Channel>>
    /** Newest first by (createdAt, id). */
    readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<Channel>>
    readonly insert: (channel: Channel) => Effect.Effect<void>
  }
>() {
  static readonly layerMemory: Layer.Layer<ChannelRepository, never, MemoryDatabase> = Layer.effect(
    ChannelRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Channel>(db, "automation_channels")
      return ChannelRepository.of({
        find: table.find,
        findAnywhere: (id) => db.run(() => Option.fromNullable([...table.rows()].find((row) => row.id === id))),
        list: (tenantId, page) => table.list(tenantId, page),
        insert: table.save
      })
    })
  )
}
