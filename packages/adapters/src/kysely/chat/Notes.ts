import type { ConversationNote } from "@servicekit/core/chat"
import { ConversationNoteRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { findInTenant, olderThan } from "../Keyset.js"
import type { ChatNotesTable, ChatTables } from "./Tables.js"

type Db = Kysely<ChatTables>

const toNote = (row: Selectable<ChatNotesTable>): ConversationNote => ({
  id: row.id,
  tenantId: row.tenant_id,
  conversationId: row.conversation_id,
  authorType: row.author_type,
  authorId: row.author_id,
  authorName: row.author_name,
  authorInitials: row.author_initials,
  content: row.content,
  createdAt: row.created_at
})

const table = { name: "chat_notes", toRecord: toNote }

export const make = (database: KyselyConnection): ConversationNoteRepository["Type"] =>
  ConversationNoteRepository.of({
    insert: (note) =>
      Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("chat_notes")
            .values({
              tenant_id: note.tenantId,
              id: note.id,
              conversation_id: note.conversationId,
              author_type: note.authorType,
              author_id: note.authorId,
              author_name: note.authorName,
              author_initials: note.authorInitials,
              content: note.content,
              created_at: note.createdAt
            })
            .execute()
        )
      ),

    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    list: (tenantId, conversationId, page) =>
      isUuid(tenantId) && isUuid(conversationId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("chat_notes")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("conversation_id", "=", conversationId)
                .$if(page.after !== undefined, (select) => select.where(olderThan(page.after!)))
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .limit(page.limit)
                .execute()
            ),
            (rows) => rows.map(toNote)
          )
        : Effect.succeed([]),

    count: (tenantId, conversationId, upTo) =>
      isUuid(tenantId) && isUuid(conversationId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom((select) =>
                  select
                    .selectFrom("chat_notes")
                    .select(sql<number>`1`.as("one"))
                    .where("tenant_id", "=", tenantId)
                    .where("conversation_id", "=", conversationId)
                    .limit(upTo)
                    .as("kept")
                )
                .select((eb) => eb.fn.countAll().as("kept"))
                .executeTakeFirstOrThrow()
            ),
            // pg answers a bigint count as a string.
            (row) => Number(row.kept)
          )
        : Effect.succeed(0)
  })

export const layer: Layer.Layer<ConversationNoteRepository, never, KyselyDatabase> = Layer.effect(
  ConversationNoteRepository,
  Effect.map(KyselyDatabase, make)
)
