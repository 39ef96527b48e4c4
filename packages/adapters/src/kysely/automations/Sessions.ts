import type { Session, SessionEntry } from "@servicekit/core/automations"
import { SessionRepository, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Insertable, type Kysely, type Selectable, sql } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { type TenantTable, findInTenant, olderThan } from "../Keyset.js"
import type { AutomationSessionEntriesTable, AutomationSessionsTable, AutomationsTables } from "./Tables.js"

type Db = Kysely<AutomationsTables>

const toRow = (session: Session): Insertable<AutomationSessionsTable> => ({
  tenant_id: session.tenantId,
  id: session.id,
  scope: session.scope,
  agent_id: session.agentId,
  peer: session.peer,
  key: session.key,
  title: session.title,
  compacted_through: session.compactedThrough,
  summary_seq: session.summarySeq,
  next_seq: session.nextSeq,
  created_at: session.createdAt,
  updated_at: session.updatedAt
})

const toSession = (row: Selectable<AutomationSessionsTable>): Session => ({
  id: row.id,
  tenantId: row.tenant_id,
  scope: row.scope,
  agentId: row.agent_id,
  peer: row.peer,
  key: row.key,
  title: row.title,
  compactedThrough: row.compacted_through,
  summarySeq: row.summary_seq,
  nextSeq: row.next_seq,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

const toEntryRow = (entry: SessionEntry): Insertable<AutomationSessionEntriesTable> => ({
  tenant_id: entry.tenantId,
  id: entry.id,
  session_id: entry.sessionId,
  seq: entry.seq,
  role: entry.role,
  content: entry.content,
  tool_call: entry.toolCall === null ? null : JSON.stringify(entry.toolCall),
  call_seq: entry.callSeq,
  covers: entry.covers === null ? null : JSON.stringify(entry.covers),
  source: entry.source,
  tokens: entry.tokens,
  created_at: entry.createdAt
})

const toEntry = (row: Selectable<AutomationSessionEntriesTable>): SessionEntry => ({
  id: row.id,
  tenantId: row.tenant_id,
  sessionId: row.session_id,
  seq: row.seq,
  role: row.role,
  content: row.content,
  toolCall: row.tool_call,
  callSeq: row.call_seq,
  covers: row.covers,
  source: row.source,
  tokens: row.tokens,
  createdAt: row.created_at
})

const table: TenantTable<Selectable<AutomationSessionsTable>, Session> = {
  name: "automation_sessions",
  toRecord: toSession
}

const ids = (tenantId: string, sessionId: string) => isUuid(tenantId) && isUuid(sessionId)

export const make = (database: KyselyConnection): SessionRepository["Type"] =>
  SessionRepository.of({
    // The insert does nothing when the key is taken; the select then reads the session that holds it.
    findOrCreate: (session) =>
      Effect.flatMap(
        query(database, (db: Db) =>
          db
            .insertInto("automation_sessions")
            .values(toRow(session))
            .onConflict((conflict) => conflict.columns(["tenant_id", "key"]).doNothing())
            .returningAll()
            .executeTakeFirst()
        ),
        (inserted) =>
          inserted !== undefined
            ? Effect.succeed(toSession(inserted))
            : Effect.map(
                query(database, (db: Db) =>
                  db
                    .selectFrom("automation_sessions")
                    .selectAll()
                    .where("tenant_id", "=", session.tenantId)
                    .where("key", "=", session.key)
                    .executeTakeFirstOrThrow()
                ),
                toSession
              )
      ),

    find: (tenantId, id) => findInTenant(database, table, tenantId, id),

    // A range on automation_sessions_tenant_created_idx, the filters applied on the way.
    list: (tenantId, { after, limit }, filter) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_sessions")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .$if(filter.scope !== undefined, (select) => select.where("scope", "=", filter.scope!))
                .$if(filter.agentId !== undefined, (select) =>
                  isUuid(filter.agentId!)
                    ? select.where("agent_id", "=", filter.agentId!)
                    : select.where(sql<boolean>`false`)
                )
                .$if(filter.peer !== undefined, (select) => select.where("peer", "=", filter.peer!))
                .$if(after !== undefined, (select) => select.where(olderThan(after!)))
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toSession)
          )
        : Effect.succeed([]),

    // One statement: the row lock holds other appenders of the session until this unit of work ends.
    reserve: (tenantId, sessionId, count, at) =>
      ids(tenantId, sessionId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .updateTable("automation_sessions")
                .set((eb) => ({ next_seq: eb("next_seq", "+", count), updated_at: at }))
                .where("tenant_id", "=", tenantId)
                .where("id", "=", sessionId)
                .returning("next_seq")
                .executeTakeFirst()
            ),
            (row) => (row === undefined ? undefined : row.next_seq - count)
          )
        : Effect.succeed(undefined),

    insertEntries: (entries) =>
      entries.length === 0
        ? Effect.succeed([])
        : Effect.map(
            query(database, (db: Db) =>
              db
                .insertInto("automation_session_entries")
                .values(entries.map(toEntryRow))
                .onConflict((conflict) => conflict.doNothing())
                .returningAll()
                .execute()
            ),
            (rows) => rows.map(toEntry).sort((a, b) => a.seq - b.seq)
          ),

    // A range on automation_session_entries_seq.
    entries: (tenantId, sessionId, { afterSeq, limit }) =>
      ids(tenantId, sessionId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("automation_session_entries")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("session_id", "=", sessionId)
                .where("seq", ">", afterSeq)
                .orderBy("seq", "asc")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toEntry)
          )
        : Effect.succeed([]),

    findEntry: (tenantId, sessionId, seq) =>
      ids(tenantId, sessionId)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("automation_session_entries")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("session_id", "=", sessionId)
                .where("seq", "=", seq)
                .executeTakeFirst(),
            toEntry
          )
        : Effect.succeedNone,

    compact: (tenantId, sessionId, { at, from, summarySeq, through }) =>
      ids(tenantId, sessionId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .updateTable("automation_sessions")
                .set({ compacted_through: through, summary_seq: summarySeq, updated_at: at })
                .where("tenant_id", "=", tenantId)
                .where("id", "=", sessionId)
                .where("compacted_through", "=", from)
                .executeTakeFirst()
            ),
            (result) => Number(result.numUpdatedRows) > 0
          )
        : Effect.succeed(false)
  })

export const layer: Layer.Layer<SessionRepository, never, KyselyDatabase> = Layer.effect(
  SessionRepository,
  Effect.map(KyselyDatabase, make)
)
