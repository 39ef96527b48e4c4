import type { GrowthMessage } from "@servicekit/core/growth"
import { GrowthMessageRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { toConversation } from "./Conversations.js"
import type { GrowthMessagesTable, GrowthTables } from "./Tables.js"

type Db = Kysely<GrowthTables>

const toMessage = (row: Selectable<GrowthMessagesTable>): GrowthMessage => ({
  id: row.id,
  tenantId: row.tenant_id,
  conversationId: row.conversation_id,
  sequence: row.sequence,
  direction: row.direction,
  content: row.content,
  authorId: row.author_id,
  emailMessageId: row.email_message_id,
  createdAt: row.created_at
})

export const make = (database: KyselyConnection): GrowthMessageRepository["Type"] =>
  GrowthMessageRepository.of({
    // One statement: the update numbers the message and holds the conversation's row until the
    // unit of work ends, so a concurrent append waits and takes the next number after this commits.
    append: (draft) =>
      isUuid(draft.tenantId) && isUuid(draft.conversationId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .with("bumped", (cte) =>
                  cte
                    .updateTable("growth_conversations")
                    .set((eb) => ({
                      status: "open",
                      message_count: eb("message_count", "+", 1),
                      last_message_at: draft.createdAt,
                      updated_at: draft.createdAt
                    }))
                    .where("tenant_id", "=", draft.tenantId)
                    .where("id", "=", draft.conversationId)
                    .returningAll()
                )
                .with("appended", (cte) =>
                  cte
                    .insertInto("growth_messages")
                    .columns([
                      "tenant_id",
                      "id",
                      "conversation_id",
                      "sequence",
                      "direction",
                      "content",
                      "author_id",
                      "email_message_id",
                      "created_at"
                    ])
                    // Values beside the conversation's columns need their types: INSERT ... SELECT takes them as text.
                    .expression((eb) =>
                      eb
                        .selectFrom("bumped")
                        .select([
                          "bumped.tenant_id",
                          sql<string>`${draft.id}::uuid`.as("id"),
                          "bumped.id",
                          "bumped.message_count",
                          sql<string>`${draft.direction}::text`.as("direction"),
                          sql<string>`${draft.content}::text`.as("content"),
                          sql<string | null>`${draft.authorId}::text`.as("author_id"),
                          sql<string | null>`${draft.emailMessageId}::uuid`.as("email_message_id"),
                          "bumped.last_message_at"
                        ])
                    )
                    .returning("sequence")
                )
                .selectFrom("bumped")
                .innerJoin("appended", (join) => join.onTrue())
                .selectAll("bumped")
                .executeTakeFirst()
            ),
            (row) =>
              row === undefined
                ? Option.none()
                : Option.some({
                    message: { ...draft, sequence: row.message_count },
                    conversation: toConversation(row)
                  })
          )
        : Effect.succeedNone,

    // The last entries of growth_messages_conversation_sequence_key, read backwards, then turned.
    listLatest: (tenantId, conversationId, limit) =>
      isUuid(tenantId) && isUuid(conversationId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("growth_messages")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("conversation_id", "=", conversationId)
                .orderBy("sequence", "desc")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toMessage).reverse()
          )
        : Effect.succeed([])
  })

export const layer: Layer.Layer<GrowthMessageRepository, never, KyselyDatabase> = Layer.effect(
  GrowthMessageRepository,
  Effect.map(KyselyDatabase, make)
)
