import type { AgentPresence } from "@servicekit/core/chat"
import { AgentPresenceRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { ChatTables } from "./Tables.js"

type Db = Kysely<ChatTables>

export const make = (database: KyselyConnection): AgentPresenceRepository["Type"] =>
  AgentPresenceRepository.of({
    say: (presence, forgetBefore) =>
      query(database, async (db: Db) => {
        // What is forgotten goes first: a range of chat_agent_presence_seen_idx.
        await db
          .deleteFrom("chat_agent_presence")
          .where("tenant_id", "=", presence.tenantId)
          .where("seen_at", "<", forgetBefore)
          .execute()
        await db
          .insertInto("chat_agent_presence")
          .values({
            tenant_id: presence.tenantId,
            agent_id: presence.agentId,
            status: presence.status,
            seen_at: presence.seenAt
          })
          .onConflict((conflict) =>
            conflict.columns(["tenant_id", "agent_id"]).doUpdateSet((eb) => ({
              status: eb.ref("excluded.status"),
              seen_at: eb.ref("excluded.seen_at")
            }))
          )
          .execute()
      }),

    since: (tenantId, since, limit) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("chat_agent_presence")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("seen_at", ">=", since)
                .orderBy("seen_at", "desc")
                .orderBy(sql`agent_id collate "C"`)
                .limit(limit)
                .execute()
            ),
            (rows) =>
              rows.map(
                (row): AgentPresence => ({ tenantId: row.tenant_id, agentId: row.agent_id, status: row.status, seenAt: row.seen_at })
              )
          )
        : Effect.succeed([])
  })

export const layer: Layer.Layer<AgentPresenceRepository, never, KyselyDatabase> = Layer.effect(
  AgentPresenceRepository,
  Effect.map(KyselyDatabase, make)
)
