import type { AgentProfile } from "@servicekit/core/chat"
import { AgentProfileRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { countInTenant } from "../Keyset.js"
import type { ChatAgentsTable, ChatTables } from "./Tables.js"

type Db = Kysely<ChatTables>

const toProfile = (row: Selectable<ChatAgentsTable>): AgentProfile => ({
  tenantId: row.tenant_id,
  agentId: row.agent_id,
  displayName: row.display_name,
  initials: row.initials,
  updatedAt: row.updated_at
})

export const make = (database: KyselyConnection): AgentProfileRepository["Type"] =>
  AgentProfileRepository.of({
    put: (profile) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .insertInto("chat_agents")
            .values({
              tenant_id: profile.tenantId,
              agent_id: profile.agentId,
              display_name: profile.displayName,
              initials: profile.initials,
              updated_at: profile.updatedAt
            })
            .onConflict((conflict) =>
              conflict.columns(["tenant_id", "agent_id"]).doUpdateSet((eb) => ({
                display_name: eb.ref("excluded.display_name"),
                initials: eb.ref("excluded.initials"),
                updated_at: eb.ref("excluded.updated_at")
              }))
            )
            .returningAll()
            .executeTakeFirstOrThrow()
        ),
        toProfile
      ),

    find: (tenantId, agentId) =>
      isUuid(tenantId)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("chat_agents")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("agent_id", "=", agentId)
                .executeTakeFirst(),
            toProfile
          )
        : Effect.succeedNone,

    list: (tenantId, limit) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("chat_agents")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .orderBy(sql`display_name collate "C"`)
                .orderBy(sql`agent_id collate "C"`)
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toProfile)
          )
        : Effect.succeed([]),

    count: (tenantId) => countInTenant(database, "chat_agents", tenantId),

    remove: (tenantId, agentId) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .deleteFrom("chat_agents")
                .where("tenant_id", "=", tenantId)
                .where("agent_id", "=", agentId)
                .executeTakeFirst()
            ),
            (result) => result.numDeletedRows > 0n
          )
        : Effect.succeed(false)
  })

export const layer: Layer.Layer<AgentProfileRepository, never, KyselyDatabase> = Layer.effect(
  AgentProfileRepository,
  Effect.map(KyselyDatabase, make)
)
