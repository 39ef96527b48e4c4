import { ConversationReadRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import type { ChatTables } from "./Tables.js"

type Db = Kysely<ChatTables>

export const make = (database: KyselyConnection): ConversationReadRepository["Type"] =>
  ConversationReadRepository.of({
    // One statement: a mark only moves forward, also when two tabs of one agent race.
    markRead: (read) =>
      Effect.map(
        query(database, (db: Db) =>
          db
            .insertInto("chat_conversation_reads")
            .values({
              tenant_id: read.tenantId,
              conversation_id: read.conversationId,
              reader_id: read.readerId,
              sequence: read.sequence,
              read_at: read.readAt
            })
            .onConflict((conflict) =>
              conflict.columns(["tenant_id", "conversation_id", "reader_id"]).doUpdateSet({
                sequence: sql`greatest(chat_conversation_reads.sequence, excluded.sequence)`,
                read_at: sql`case when excluded.sequence > chat_conversation_reads.sequence then excluded.read_at else chat_conversation_reads.read_at end`
              })
            )
            .returning("sequence")
            .executeTakeFirstOrThrow()
        ),
        (row) => row.sequence
      ),

    furthest: (tenantId, conversationId) =>
      isUuid(tenantId) && isUuid(conversationId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("chat_conversation_reads")
                .select((eb) => eb.fn.max("sequence").as("furthest"))
                .where("tenant_id", "=", tenantId)
                .where("conversation_id", "=", conversationId)
                .executeTakeFirst()
            ),
            (row) => Number(row?.furthest ?? 0)
          )
        : Effect.succeed(0),

    marks: (tenantId, readerId, conversationIds) => {
      const ids = conversationIds.filter(isUuid)
      if (!isUuid(tenantId) || ids.length === 0) return Effect.succeed(new Map())
      return Effect.map(
        query(database, (db: Db) =>
          db
            .selectFrom("chat_conversation_reads")
            .select(["conversation_id", "sequence"])
            .where("tenant_id", "=", tenantId)
            .where("reader_id", "=", readerId)
            .where("conversation_id", "in", ids)
            .execute()
        ),
        (rows) => new Map(rows.map((row) => [row.conversation_id, row.sequence]))
      )
    }
  })

export const layer: Layer.Layer<ConversationReadRepository, never, KyselyDatabase> = Layer.effect(
  ConversationReadRepository,
  Effect.map(KyselyDatabase, make)
)
