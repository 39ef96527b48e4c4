import type { ChatMessage } from "@servicekit/core/chat"
import { ChatMessageRepository, isUuid, messagePreview } from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { findOne, query, rows } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { prepare } from "../Prepared.js"
import { conversationListQuery, listable, toConversation } from "./Conversations.js"
import type { ChatMessagesTable, ChatTables, ConversationsTable } from "./Tables.js"

type Db = Kysely<ChatTables>

const toMessage = (row: Selectable<ChatMessagesTable>): ChatMessage => ({
  id: row.id,
  tenantId: row.tenant_id,
  conversationId: row.conversation_id,
  sequence: row.sequence,
  authorType: row.author_type,
  authorId: row.author_id,
  authorName: row.author_name,
  authorInitials: row.author_initials,
  content: row.content,
  files: row.files,
  createdAt: row.created_at
})

/** Every term as the prefix of a word: `refu:* & five:*`. Terms are letters and digits only (searchTerms), so nothing here is tsquery syntax. */
const prefixQuery = (terms: ReadonlyArray<string>) => terms.map((term) => `${term}:*`).join(" & ")

const APPEND_FIELDS = [
  "tenantId",
  "conversationId",
  "id",
  "authorType",
  "authorId",
  "authorName",
  "authorInitials",
  "content",
  "files",
  "preview",
  "createdAt"
] as const

/**
 * One statement: the update numbers the message and holds the conversation's row until the unit of
 * work ends, so a concurrent append waits and takes the next number after this commits. It answers
 * the conversation as it now is.
 */
const appendQuery = (db: Db, draft: Readonly<Record<(typeof APPEND_FIELDS)[number], any>>) =>
  db
    .with("bumped", (cte) =>
      cte
        .updateTable("conversations")
        .set((eb) => ({
          message_count: eb("message_count", "+", 1),
          last_message_at: draft.createdAt,
          last_message_author_type: draft.authorType,
          last_message_preview: draft.preview,
          updated_at: draft.createdAt
        }))
        .where("tenant_id", "=", draft.tenantId)
        .where("id", "=", draft.conversationId)
        .returningAll()
    )
    .with("appended", (cte) =>
      cte
        .insertInto("chat_messages")
        .columns([
          "tenant_id",
          "id",
          "conversation_id",
          "sequence",
          "author_type",
          "author_id",
          "author_name",
          "author_initials",
          "content",
          "files",
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
              sql<string>`${draft.authorType}::text`.as("author_type"),
              sql<string | null>`${draft.authorId}::text`.as("author_id"),
              sql<string | null>`${draft.authorName}::text`.as("author_name"),
              sql<string | null>`${draft.authorInitials}::text`.as("author_initials"),
              sql<string>`${draft.content}::text`.as("content"),
              sql<string>`${draft.files}::jsonb`.as("files"),
              "bumped.last_message_at"
            ])
        )
        .returning("sequence")
    )
    .selectFrom("bumped")
    .innerJoin("appended", (join) => join.onTrue())
    .selectAll("bumped")

const LIST_FIELDS = ["tenantId", "conversationId", "afterSequence", "limit"] as const

/** A range on chat_messages_conversation_sequence_key, read in its order. */
const listQuery = (db: Db, values: Readonly<Record<(typeof LIST_FIELDS)[number], any>>, after: boolean) =>
  db
    .selectFrom("chat_messages")
    .selectAll()
    .where("tenant_id", "=", values.tenantId)
    .where("conversation_id", "=", values.conversationId)
    .$if(after, (select) => select.where("sequence", ">", values.afterSequence))
    .orderBy("sequence")
    .limit(values.limit)

export const make = (database: KyselyConnection): ChatMessageRepository["Type"] => {
  const append = prepare(database.db, APPEND_FIELDS, appendQuery)
  // Every live stream of a conversation reads its new messages with one of these.
  const listAfter = prepare(database.db, LIST_FIELDS, (db, values) => listQuery(db, values, true))
  const listAll = prepare(database.db, LIST_FIELDS, (db, values) => listQuery(db, values, false))
  return ChatMessageRepository.of({
    // Two pages merged: conversations whose names hold the terms, and those with a message that does.
    // Apart, each gets its own plan: a message search walks the newest conversations checking their
    // messages while the words are common, and starts from chat_messages_text_idx (GIN) when they
    // are rare; joined by OR, neither could, and a common word read every message holding it.
    search: (tenantId, filters, terms) =>
      listable(tenantId, filters) && terms.length > 0
        ? Effect.map(
            query(database, (db: Db) => {
              const named = conversationListQuery(db, tenantId, filters).where((eb) =>
                eb.and(
                  terms.map(
                    (term) =>
                      sql<boolean>`strpos(lower(concat_ws(' ', name, visitor_display_name, visitor_email, visitor_external_id)), ${term}) > 0`
                  )
                )
              )
              const written = conversationListQuery(db, tenantId, filters).where(({ exists, selectFrom }) =>
                exists(
                  selectFrom("chat_messages")
                    .select(sql`1`.as("found"))
                    .where("chat_messages.tenant_id", "=", tenantId)
                    .whereRef("chat_messages.conversation_id", "=", "conversations.id")
                    .where(sql<boolean>`to_tsvector('simple', content) @@ to_tsquery('simple', ${prefixQuery(terms)})`)
                )
              )
              return db
                .selectFrom(sql<Selectable<ConversationsTable>>`(${named} union ${written})`.as("found"))
                .selectAll()
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .limit(filters.limit)
                .execute()
            }),
            (rows) => rows.map(toConversation)
          )
        : Effect.succeed([]),
    append: (draft) =>
      isUuid(draft.tenantId) && isUuid(draft.conversationId)
        ? Effect.suspend(() => {
            const { parameters, sql } = append({
              ...draft,
              files: JSON.stringify(draft.files),
              preview: messagePreview(draft.content, draft.files)
            })
            return Effect.map(rows<Selectable<ConversationsTable>>(database, sql, parameters), ([row]) =>
              row === undefined
                ? Option.none()
                : Option.some({ message: { ...draft, sequence: row.message_count }, conversation: toConversation(row) })
            )
          })
        : Effect.succeedNone,

    find: (tenantId, id) =>
      isUuid(tenantId) && isUuid(id)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("chat_messages")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .executeTakeFirst(),
            toMessage
          )
        : Effect.succeedNone,

    list: (tenantId, conversationId, { afterSequence, limit }) =>
      isUuid(tenantId) && isUuid(conversationId)
        ? Effect.suspend(() => {
            const { parameters, sql } = (afterSequence === undefined ? listAll : listAfter)({
              tenantId,
              conversationId,
              afterSequence,
              limit
            })
            return Effect.map(rows<Selectable<ChatMessagesTable>>(database, sql, parameters), (found) =>
              found.map(toMessage)
            )
          })
        : Effect.succeed([])
  })
}

export const layer: Layer.Layer<ChatMessageRepository, never, KyselyDatabase> = Layer.effect(
  ChatMessageRepository,
  Effect.map(KyselyDatabase, make)
)
