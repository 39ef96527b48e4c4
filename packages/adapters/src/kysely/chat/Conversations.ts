import type { Conversation } from "@servicekit/core/chat"
import { type ConversationQuery, ConversationRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer, Option } from "effect"
import { type Insertable, type Kysely, type Selectable, sql } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, olderThan } from "../Keyset.js"
import { pruneInactive } from "./PruneConversations.js"
import type { ChatTables, ConversationsTable } from "./Tables.js"

type Db = Kysely<ChatTables>

const toRow = (conversation: Conversation): Insertable<ConversationsTable> => ({
  tenant_id: conversation.tenantId,
  id: conversation.id,
  visitor_id: conversation.visitorId,
  visitor_external_id: conversation.visitor?.externalId ?? null,
  visitor_display_name: conversation.visitor?.displayName ?? null,
  visitor_email: conversation.visitor?.email ?? null,
  name: conversation.name,
  status: conversation.status,
  priority: conversation.priority,
  source: conversation.source,
  assignee_id: conversation.assigneeId,
  labels: conversation.labels,
  ...csatColumns(conversation.csat),
  message_count: conversation.messageCount,
  last_message_at: conversation.lastMessageAt,
  last_message_author_type: conversation.lastMessage?.authorType ?? null,
  last_message_preview: conversation.lastMessage?.preview ?? null,
  created_at: conversation.createdAt,
  updated_at: conversation.updatedAt
})

const csatColumns = (csat: Conversation["csat"]) => ({
  csat_rating: csat?.rating ?? null,
  csat_comment: csat?.comment ?? null,
  csat_submitted_at: csat?.submittedAt ?? null
})

/** The conversation of a row (also read back by ChatMessageRepository.append). */
export const toConversation = (row: Selectable<ConversationsTable>): Conversation => ({
  id: row.id,
  tenantId: row.tenant_id,
  visitorId: row.visitor_id,
  visitor:
    row.visitor_id === null || row.visitor_external_id === null
      ? null
      : {
          id: row.visitor_id,
          externalId: row.visitor_external_id,
          displayName: row.visitor_display_name,
          email: row.visitor_email
        },
  name: row.name,
  status: row.status,
  priority: row.priority,
  source: row.source,
  assigneeId: row.assignee_id,
  labels: row.labels,
  csat:
    row.csat_rating === null || row.csat_submitted_at === null
      ? null
      : { rating: row.csat_rating, comment: row.csat_comment, submittedAt: row.csat_submitted_at },
  messageCount: row.message_count,
  lastMessageAt: row.last_message_at,
  lastMessage:
    row.last_message_author_type === null || row.last_message_preview === null
      ? null
      : { authorType: row.last_message_author_type, preview: row.last_message_preview },
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const table: TenantTable<Selectable<ConversationsTable>, Conversation> = {
  name: "conversations",
  toRecord: toConversation
}

/** Whether a list's ids can name rows at all (else it is empty). */
export const listable = (tenantId: string, { visitorId }: ConversationQuery) =>
  isUuid(tenantId) && (visitorId === undefined || isUuid(visitorId))

/** A page of the tenant's conversations, newest first, with the list's filters. */
export const conversationListQuery = (db: Db, tenantId: string, { after, assigneeId, label, limit, source, status, visitorId }: ConversationQuery) =>
  db
    .selectFrom("conversations")
    .selectAll()
    .where("tenant_id", "=", tenantId)
    .$if(status !== undefined, (select) => select.where("status", "=", status!))
    .$if(source !== undefined, (select) => select.where("source", "=", source!))
    .$if(visitorId !== undefined, (select) => select.where("visitor_id", "=", visitorId!))
    // conversations_labels_idx answers which rows hold the label.
    .$if(label !== undefined, (select) => select.where(sql<boolean>`labels @> array[${label!}]::text[]`))
    .$if(assigneeId !== undefined, (select) => select.where("assignee_id", assigneeId === null ? "is" : "=", assigneeId!))
    .$if(after !== undefined, (select) => select.where(olderThan(after!)))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)

export const make = (database: KyselyConnection): ConversationRepository["Type"] =>
  ConversationRepository.of({
    // Stores the conversation whole under its id, replacing what the id held, as the memory store does.
    insert: (conversation) => {
      const { id: _id, tenant_id: _tenantId, ...columns } = toRow(conversation)
      return Effect.asVoid(
        query(database, (db: Db) =>
          db
            .insertInto("conversations")
            .values(toRow(conversation))
            .onConflict((conflict) => conflict.columns(["tenant_id", "id"]).doUpdateSet(columns))
            .execute()
        )
      )
    },

    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    // A range on conversations_tenant_visitor_created_idx with a visitor, on
    // conversations_tenant_status_created_idx with a status, else on conversations_tenant_created_idx.
    list: (tenantId, filters) =>
      listable(tenantId, filters)
        ? Effect.map(
            query(database, (db: Db) => conversationListQuery(db, tenantId, filters).execute()),
            (rows) => rows.map(toConversation)
          )
        : Effect.succeed([]),

    // The first entry of conversations_tenant_visitor_open_idx.
    findOpen: (tenantId, visitorId) =>
      isUuid(tenantId) && isUuid(visitorId)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("conversations")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("visitor_id", "=", visitorId)
                .where("status", "in", ["open", "pending"])
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .limit(1)
                .executeTakeFirst(),
            toConversation
          )
        : Effect.succeedNone,

    // conversations_held_idx: each agent's open and pending conversations.
    heldBy: (tenantId, agentIds) =>
      isUuid(tenantId) && agentIds.length > 0
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("conversations")
                .select(["assignee_id", (eb) => eb.fn.countAll<number | string>().as("held")])
                .where("tenant_id", "=", tenantId)
                .where("assignee_id", "in", [...agentIds])
                .where("status", "in", ["open", "pending"])
                .groupBy("assignee_id")
                .execute()
            ),
            (rows) => new Map(rows.map((row) => [row.assignee_id!, Number(row.held)]))
          )
        : Effect.succeed(new Map()),

    // conversations_unassigned_idx, in its order.
    oldestUnassigned: (tenantId, limit) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("conversations")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("assignee_id", "is", null)
                .where("status", "=", "open")
                .orderBy("created_at")
                .orderBy("id")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toConversation)
          )
        : Effect.succeed([]),

    pruneInactive: (before, limit, tenantId) => pruneInactive(database, before, limit, tenantId),

    // Only these columns: a change built from a stale copy never undoes a message's count.
    update: (change) =>
      isUuid(change.tenantId) && isUuid(change.id)
        ? findOne(
            database,
            (db: Db) =>
              db
                .updateTable("conversations")
                .set({
                  status: change.status,
                  assignee_id: change.assigneeId,
                  labels: change.labels,
                  ...csatColumns(change.csat),
                  updated_at: change.updatedAt
                })
                .where("tenant_id", "=", change.tenantId)
                .where("id", "=", change.id)
                .returningAll()
                .executeTakeFirst(),
            toConversation
          )
        : Effect.succeed(Option.none())
  })

export const layer: Layer.Layer<ConversationRepository, never, KyselyDatabase> = Layer.effect(
  ConversationRepository,
  Effect.map(KyselyDatabase, make)
)
