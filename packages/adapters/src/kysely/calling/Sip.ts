import type { SipSettings, SipTransport } from "@servicekit/core/calling"
import { SipRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { CallingTables, SipSettingsTable } from "./Tables.js"

type Db = Kysely<CallingTables>

const toSettings = (row: Selectable<SipSettingsTable>): SipSettings => ({
  tenantId: row.tenant_id,
  trunk:
    row.trunk_host === null
      ? null
      : {
          host: row.trunk_host,
          username: row.trunk_username!,
          passwordSealed: row.trunk_password_sealed!,
          port: row.trunk_port!,
          transport: row.trunk_transport as SipTransport,
          updatedAt: row.trunk_updated_at!
        },
  hostedOptedInAt: row.hosted_opted_in_at
})

export const make = (database: KyselyConnection): SipRepository["Type"] =>
  SipRepository.of({
    find: (tenantId) =>
      isUuid(tenantId)
        ? findOne(
            database,
            (db: Db) => db.selectFrom("sip_settings").selectAll().where("tenant_id", "=", tenantId).executeTakeFirst(),
            toSettings
          )
        : Effect.succeedNone,
    save: ({ hostedOptedInAt, tenantId, trunk }) => {
      const row = {
        trunk_host: trunk?.host ?? null,
        trunk_username: trunk?.username ?? null,
        trunk_password_sealed: trunk?.passwordSealed ?? null,
        trunk_port: trunk?.port ?? null,
        trunk_transport: trunk?.transport ?? null,
        trunk_updated_at: trunk?.updatedAt ?? null,
        hosted_opted_in_at: hostedOptedInAt
      }
      return Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("sip_settings")
            .values({ tenant_id: tenantId, ...row })
            .onConflict((conflict) => conflict.column("tenant_id").doUpdateSet(row))
            .execute()
        )
      )
    }
  })

export const layer: Layer.Layer<SipRepository, never, KyselyDatabase> = Layer.effect(
  SipRepository,
  Effect.map(KyselyDatabase, make)
)
