import type { VisitorSeen } from "@servicekit/core/chat"
import { VisitorSeenRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { ChatTables } from "./Tables.js"

type Db = Kysely<ChatTables>

export const make = (database: KyselyConnection): VisitorSeenRepository["Type"] =>
  VisitorSeenRepository.of({
    seen: (tenantId, conversationId, at) =>
      query(database, (db: Db) =>
        db
          .insertInto("chat_visitor_seen")
          .values({ tenant_id: tenantId, conversation_id: conversationId, seen_at: at })
          .onConflict((conflict) =>
            conflict
              .columns(["tenant_id", "conversation_id"])
              .doUpdateSet({ seen_at: sql`greatest(chat_visitor_seen.seen_at, excluded.seen_at)` })
          )
          .execute()
      ),

    emailed: (tenantId, conversationId, sequence) =>
      query(database, (db: Db) =>
        db
          .insertInto("chat_visitor_seen")
          .values({ tenant_id: tenantId, conversation_id: conversationId, emailed_through: sequence })
          .onConflict((conflict) =>
            conflict
              .columns(["tenant_id", "conversation_id"])
              .doUpdateSet({ emailed_through: sql`greatest(chat_visitor_seen.emailed_through, excluded.emailed_through)` })
          )
          .execute()
      ),

    find: (tenantId, conversationId) =>
      isUuid(tenantId) && isUuid(conversationId)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("chat_visitor_seen")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("conversation_id", "=", conversationId)
                .executeTakeFirst(),
            (row): VisitorSeen => ({
              tenantId: row.tenant_id,
              conversationId: row.conversation_id,
              seenAt: row.seen_at,
              emailedThrough: row.emailed_through
            })
          )
        : Effect.succeedNone
  })

export const layer: Layer.Layer<VisitorSeenRepository, never, KyselyDatabase> = Layer.effect(
  VisitorSeenRepository,
  Effect.map(KyselyDatabase, make)
)
