import type { Channel } from "@servicekit/core/automations"
import { ChannelRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Insertable, Kysely, Selectable } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, pageInTenant } from "../Keyset.js"
import type { AutomationChannelsTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

const toRow = (channel: Channel): Insertable<AutomationChannelsTable> => ({
  tenant_id: channel.tenantId,
  id: channel.id,
  name: channel.name,
  type: channel.type,
  config: JSON.stringify(channel.config),
  inbound_secret: channel.inboundSecret,
  created_at: channel.createdAt,
  updated_at: channel.updatedAt
})

const toChannel = (row: Selectable<AutomationChannelsTable>): Channel => ({
  id: row.id,
  tenantId: row.tenant_id,
  name: row.name,
  type: row.type,
  config: row.config,
  inboundSecret: row.inbound_secret,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<AutomationChannelsTable>, Channel> = {
  name: "automation_channels",
  toRecord: toChannel
}

export const make = (database: KyselyConnection): ChannelRepository["Type"] =>
  ChannelRepository.of({
    find: (tenantId, id) => findInTenant(database, table, tenantId, id),
    // automation_channels_id_idx.
    findAnywhere: (id) =>
      isUuid(id)
        ? findOne(
            database,
            (db: Db) => db.selectFrom("automation_channels").selectAll().where("id", "=", id).executeTakeFirst(),
            toChannel
          )
        : Effect.succeedNone,
    list: (tenantId, page) => pageInTenant(database, table, tenantId, page),
    insert: (channel) =>
      Effect.asVoid(query(database, (db: Db) => db.insertInto("automation_channels").values(toRow(channel)).execute()))
  })

export const layer: Layer.Layer<ChannelRepository, never, KyselyDatabase> = Layer.effect(
  ChannelRepository,
  Effect.map(KyselyDatabase, make)
)
