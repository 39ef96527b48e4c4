import type { ChatFile } from "@servicekit/core/chat"
import { ChatFileRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { query, write } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { findInTenant, removeInTenant } from "../Keyset.js"
import type { ChatFilesTable, ChatTables } from "./Tables.js"

type Db = Kysely<ChatTables>

const toFile = (row: Selectable<ChatFilesTable>): ChatFile => ({
  id: row.id,
  tenantId: row.tenant_id,
  conversationId: row.conversation_id,
  name: row.name,
  contentType: row.content_type,
  size: row.size,
  authorType: row.author_type,
  authorId: row.author_id,
  createdAt: row.created_at
})

const table = { name: "chat_files", toRecord: toFile }

export const make = (database: KyselyConnection): ChatFileRepository["Type"] =>
  ChatFileRepository.of({
    // Ids are new uuids: a clash would be a fault, not an answer.
    insert: (file) =>
      Effect.orDie(
        write(database, (db: Db) =>
          db
            .insertInto("chat_files")
            .values({
              tenant_id: file.tenantId,
              id: file.id,
              conversation_id: file.conversationId,
              name: file.name,
              content_type: file.contentType,
              size: file.size,
              author_type: file.authorType,
              author_id: file.authorId,
              created_at: file.createdAt
            })
            .execute()
        ).pipe(Effect.asVoid)
      ),

    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    count: (tenantId, conversationId) =>
      isUuid(tenantId) && (conversationId === null || isUuid(conversationId))
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("chat_files")
                .select((eb) => eb.fn.countAll<number | string>().as("count"))
                .where("tenant_id", "=", tenantId)
                .where("conversation_id", conversationId === null ? "is" : "=", conversationId)
                .executeTakeFirstOrThrow()
            ),
            (row) => Number(row.count)
          )
        : Effect.succeed(0),

    remove: (tenantId, id) => removeInTenant(database, "chat_files", tenantId, id)
  })

export const layer: Layer.Layer<ChatFileRepository, never, KyselyDatabase> = Layer.effect(
  ChatFileRepository,
  Effect.map(KyselyDatabase, make)
)
