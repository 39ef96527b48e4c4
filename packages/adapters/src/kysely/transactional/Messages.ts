import type { EmailMessage } from "@servicekit/core/transactional"
import { MessageRepository, isUuid } from "@servicekit/core/internal"
import { Array as Arr, Effect, Layer } from "effect"
import { type Insertable, type Kysely, type Selectable, sql } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { countQueuedInTenant, keysAsJson } from "../Keyset.js"
import { retentionBatch } from "../RetentionBatch.js"
import { toActivityRow } from "./Activity.js"
import type { EmailMessagesTable, TransactionalTables } from "./Tables.js"

type Db = Kysely<TransactionalTables>

// 17 parameters a row: 1,000 rows stay far below Postgres' 65,535 parameters a statement.
const INSERT_CHUNK = 1_000

const toRow = (message: EmailMessage): Insertable<EmailMessagesTable> => ({
  tenant_id: message.tenantId,
  id: message.id,
  template_id: message.templateId,
  template_name: message.templateName,
  from_address: message.from,
  to_address: message.to,
  subject: message.subject,
  html: message.html,
  text: message.text,
  test: message.test,
  source: message.source,
  stream: message.stream,
  status: message.status,
  attempts: message.attempts,
  provider_message_id: message.providerMessageId,
  error: message.error,
  created_at: message.createdAt,
  updated_at: message.updatedAt
})

const toMessage = (row: Selectable<EmailMessagesTable>): EmailMessage => ({
  id: row.id,
  tenantId: row.tenant_id,
  templateId: row.template_id,
  templateName: row.template_name,
  from: row.from_address,
  to: row.to_address,
  subject: row.subject,
  html: row.html,
  text: row.text,
  test: row.test,
  source: row.source,
  stream: row.stream,
  status: row.status,
  attempts: row.attempts,
  providerMessageId: row.provider_message_id,
  error: row.error,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

/** Stores each message whole under its id, replacing what the id held. */
const upsert = (db: Db, rows: ReadonlyArray<Insertable<EmailMessagesTable>>) =>
  db
    .insertInto("email_messages")
    .values([...rows])
    .onConflict((conflict) =>
      conflict.columns(["tenant_id", "id"]).doUpdateSet((eb) => ({
        template_id: eb.ref("excluded.template_id"),
        template_name: eb.ref("excluded.template_name"),
        from_address: eb.ref("excluded.from_address"),
        to_address: eb.ref("excluded.to_address"),
        subject: eb.ref("excluded.subject"),
        html: eb.ref("excluded.html"),
        text: eb.ref("excluded.text"),
        test: eb.ref("excluded.test"),
        source: eb.ref("excluded.source"),
        stream: eb.ref("excluded.stream"),
        status: eb.ref("excluded.status"),
        attempts: eb.ref("excluded.attempts"),
        provider_message_id: eb.ref("excluded.provider_message_id"),
        error: eb.ref("excluded.error"),
        created_at: eb.ref("excluded.created_at"),
        updated_at: eb.ref("excluded.updated_at")
      }))
    )
    .execute()

const upsertChunks = async (db: Db, chunks: ReadonlyArray<ReadonlyArray<Insertable<EmailMessagesTable>>>) => {
  for (const chunk of chunks) await upsert(db, chunk)
}

export const make = (database: KyselyConnection): MessageRepository["Type"] =>
  MessageRepository.of({
    insertMany: (messages) => {
      if (messages.length === 0) return Effect.void
      // One statement may not write a row twice: the last message with an id wins, as in a sequence of writes.
      const latest = new Map(messages.map((message) => [`${message.tenantId}/${message.id}`, message]))
      const chunks = Arr.chunksOf([...latest.values()].map(toRow), INSERT_CHUNK)
      // Several statements run in one transaction, so a batch is stored whole or not at all.
      return query(database, (db: Db) =>
        chunks.length === 1 || db.isTransaction
          ? upsertChunks(db, chunks)
          : db.transaction().execute((trx) => upsertChunks(trx, chunks))
      )
    },

    find: (tenantId, id) =>
      isUuid(tenantId) && isUuid(id)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("email_messages")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .executeTakeFirst(),
            toMessage
          )
        : Effect.succeedNone,

    firstReport: ({ id, tenantId }, kind, at) =>
      !isUuid(tenantId) || !isUuid(id)
        ? Effect.succeed(false)
        : Effect.map(
            query(database, (db: Db) => {
              const column = kind === "bounce" ? "bounce_reported_at" : "complaint_reported_at"
              return db
                .updateTable("email_messages")
                .set({ [column]: at })
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .where(column, "is", null)
                .executeTakeFirst()
            }),
            (updated) => Number(updated.numUpdatedRows) > 0
          ),

    // A range of email_messages_content_idx (email_messages_tenant_content_idx for one tenant): once
    // cleared, a message leaves both.
    pruneContent: (before, limit, tenantId) => {
      const due = retentionBatch(database, {
        table: "email_messages",
        where: sql`status <> 'queued' and (html is not null or text is not null) and created_at < ${before}`,
        orderBy: sql`created_at`,
        limit,
        tenantId
      })
      if (due === undefined) return Effect.succeed(0)
      return Effect.map(
        query(database, (db: Db) =>
          sql`
            update ${sql.id(database.schema, "email_messages")} as e set html = null, text = null from (${due}) as due
            where e.tenant_id = due.tenant_id and e.id = due.id
          `.execute(db)
        ),
        (result) => Number(result.numAffectedRows ?? 0)
      )
    },

    // The tenant's entries of the partial index email_messages_tenant_queued_idx.
    countQueued: (tenantId, upTo) => countQueuedInTenant(database, "email_messages", tenantId, upTo),

    // One statement, the keys passed as one JSON array (duplicates and malformed keys dropped first).
    claim: (keys, at) => {
      const json = keysAsJson(keys)
      if (json === undefined) return Effect.succeed([])
      return Effect.map(
        query(database, (db: Db) =>
          sql<Selectable<EmailMessagesTable>>`
            update ${sql.id(database.schema, "email_messages")} as e
            set attempts = e.attempts + 1, updated_at = ${at}
            from jsonb_to_recordset(${json}::jsonb) as k(tenant_id uuid, id uuid)
            where e.tenant_id = k.tenant_id and e.id = k.id and e.status = 'queued'
            returning e.*
          `.execute(db)
        ),
        (result) => result.rows.map(toMessage)
      )
    },

    // One statement for the batch, passed as two JSON arrays: each message's new state (while it
    // is there), and every attempt appended to the ledger.
    recordAttempts: (attempts) => {
      const recorded = attempts.filter(({ message }) => isUuid(message.tenantId) && isUuid(message.id))
      if (recorded.length === 0) return Effect.void
      const states = JSON.stringify(
        recorded.map(({ message }) => ({
          tenant_id: message.tenantId,
          id: message.id,
          status: message.status,
          attempts: message.attempts,
          provider_message_id: message.providerMessageId,
          error: message.error,
          updated_at: message.updatedAt
        }))
      )
      const entries = JSON.stringify(
        recorded.map(({ attempt }) => ({ ...toActivityRow(attempt), metadata: attempt.metadata }))
      )
      return Effect.asVoid(
        query(database, (db: Db) =>
          sql`
            with stored as (
              update ${sql.id(database.schema, "email_messages")} as e
              set status = m.status, attempts = m.attempts, provider_message_id = m.provider_message_id,
                error = m.error, updated_at = m.updated_at
              from jsonb_to_recordset(${states}::jsonb) as m(
                tenant_id uuid, id uuid, status text, attempts integer, provider_message_id text, error text,
                updated_at timestamptz
              )
              where e.tenant_id = m.tenant_id and e.id = m.id
            )
            insert into ${sql.id(database.schema, "activity_log")} (
              tenant_id, id, status, recipient, template_id, template_name, subject, provider_message_id, error,
              metadata, created_at
            )
            select * from jsonb_to_recordset(${entries}::jsonb) as a(
              tenant_id uuid, id uuid, status text, recipient text, template_id text, template_name text,
              subject text, provider_message_id text, error text, metadata jsonb, created_at timestamptz
            )
          `.execute(db)
        )
      )
    }
  })

export const layer: Layer.Layer<MessageRepository, never, KyselyDatabase> = Layer.effect(
  MessageRepository,
  Effect.map(KyselyDatabase, make)
)
