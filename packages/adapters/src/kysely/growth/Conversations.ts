import type { GrowthConversation } from "@servicekit/core/growth"
import { GrowthConversationRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"
import { type Insertable, type Kysely, type Selectable, sql } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { findInTenant, type TenantTable } from "../Keyset.js"
import type { GrowthConversationsTable, GrowthTables } from "./Tables.js"

type Db = Kysely<GrowthTables>

const toRow = (conversation: GrowthConversation): Insertable<GrowthConversationsTable> => ({
  tenant_id: conversation.tenantId,
  id: conversation.id,
  contact_email: conversation.contactEmail,
  contact_name: conversation.contactName,
  subject: conversation.subject,
  status: conversation.status,
  message_count: conversation.messageCount,
  last_message_at: conversation.lastMessageAt,
  created_by: conversation.createdBy,
  created_at: conversation.createdAt,
  updated_at: conversation.updatedAt
})

/** The conversation of a row (also read back by GrowthMessageRepository.append). */
export const toConversation = (row: Selectable<GrowthConversationsTable>): GrowthConversation => ({
  id: row.id,
  tenantId: row.tenant_id,
  contactEmail: row.contact_email,
  contactName: row.contact_name,
  subject: row.subject,
  status: row.status,
  messageCount: row.message_count,
  lastMessageAt: row.last_message_at,
  createdBy: row.created_by,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<GrowthConversationsTable>, GrowthConversation> = {
  name: "growth_conversations",
  toRecord: toConversation
}

export const make = (database: KyselyConnection): GrowthConversationRepository["Type"] =>
  GrowthConversationRepository.of({
    insert: (conversation) =>
      Effect.asVoid(
        query(database, (db: Db) => db.insertInto("growth_conversations").values(toRow(conversation)).execute())
      ),

    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    // A range on growth_conversations_tenant_status_activity_idx with a status, else on
    // growth_conversations_tenant_activity_idx. Positions come from stored rows: their ids are uuids.
    list: (tenantId, { after, limit, status }) =>
      isUuid(tenantId) && (after === undefined || isUuid(after.id))
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("growth_conversations")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .$if(status !== undefined, (select) => select.where("status", "=", status!))
                .$if(after !== undefined, (select) =>
                  select.where(sql<boolean>`(last_message_at, id) < (${after!.lastMessageAt}, ${after!.id})`)
                )
                .orderBy("last_message_at", "desc")
                .orderBy("id", "desc")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toConversation)
          )
        : Effect.succeed([]),

    setStatus: (tenantId, id, status, updatedAt) =>
      isUuid(tenantId) && isUuid(id)
        ? findOne(
            database,
            (db: Db) =>
              db
                .updateTable("growth_conversations")
                .set({ status, updated_at: updatedAt })
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .returningAll()
                .executeTakeFirst(),
            toConversation
          )
        : Effect.succeed(Option.none())
  })

export const layer: Layer.Layer<GrowthConversationRepository, never, KyselyDatabase> = Layer.effect(
  GrowthConversationRepository,
  Effect.map(KyselyDatabase, make)
)
