import type { ActivityEntry, DeliveryStatistics } from "@servicekit/core/transactional"
import { ActivityLog, isUuid } from "@servicekit/core/internal"
import { Effect, Layer } from "effect"
import { type Insertable, type Kysely, type Selectable, sql } from "kysely"
import { findOne, query } from "../Connection.js"
import { KyselyDatabase, type KyselyConnection } from "../Database.js"
import { olderThan } from "../Keyset.js"
import type { ActivityLogTable, TransactionalTables } from "./Tables.js"

type Db = Kysely<TransactionalTables>

const toEntry = (row: Selectable<ActivityLogTable>): ActivityEntry => ({
  id: row.id,
  tenantId: row.tenant_id,
  status: row.status,
  recipient: row.recipient,
  templateId: row.template_id,
  templateName: row.template_name,
  subject: row.subject,
  providerMessageId: row.provider_message_id,
  error: row.error,
  metadata: row.metadata,
  createdAt: row.created_at
})

/** The ledger row of an entry (also written by MessageRepository.recordAttempt). */
export const toActivityRow = (entry: ActivityEntry): Insertable<ActivityLogTable> => ({
  tenant_id: entry.tenantId,
  id: entry.id,
  status: entry.status,
  recipient: entry.recipient,
  template_id: entry.templateId,
  template_name: entry.templateName,
  subject: entry.subject,
  provider_message_id: entry.providerMessageId,
  error: entry.error,
  metadata: JSON.stringify(entry.metadata),
  created_at: entry.createdAt
})

/**
 * Entries whose `metadata.source` is exactly this string (a number or `null` there is no match),
 * on the expression of activity_log_tenant_source_created_idx.
 */
const ofSource = (source: string) => sql<boolean>`metadata -> 'source' = ${JSON.stringify(source)}::jsonb`

/** Sent attempts, and failed ones that were not retried (a suppressed message was not attempted). */
const counted = sql<boolean>`(status = 'sent' or (status = 'failed' and metadata -> 'retrying' is distinct from 'true'::jsonb))`

const utcDay = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`
// No template and an empty template id count as one, the one without a template.
const templateKey = sql<string>`coalesce(template_id, '')`

const noStatistics: DeliveryStatistics = { byDay: [], byTemplate: [] }

/**
 * Per day and per template in one read (so both see the same rows): a range on
 * activity_log_tenant_source_created_idx. Counts come back as strings from pg.
 */
const statisticsQuery = (db: Db, tenantId: string, window: { from: Date; to: Date; source: string }) =>
  db
    .selectFrom("activity_log")
    .select([
      sql<number>`grouping(${utcDay})`.as("per_template"),
      utcDay.as("day"),
      // The group's id as its oldest row has it; the name as its newest row has it.
      sql<string | null>`(array_agg(template_id order by created_at, id))[1]`.as("template_id"),
      sql<string | null>`(array_agg(template_name order by created_at desc, id desc))[1]`.as("template_name"),
      sql<number | string>`count(*) filter (where status = 'sent')`.as("sent"),
      sql<number | string>`count(*) filter (where status = 'failed')`.as("failed")
    ])
    .where("tenant_id", "=", tenantId)
    .where(ofSource(window.source))
    .where("created_at", ">=", window.from)
    .where("created_at", "<", window.to)
    .where(counted)
    .groupBy(sql`grouping sets ((${utcDay}), (${templateKey}))`)

type Totals = DeliveryStatistics["byTemplate"][number]
const total = (counts: Totals) => counts.sent + counts.failed
const keyOf = (counts: Totals) => counts.templateId ?? ""

export const make = (database: KyselyConnection): ActivityLog["Type"] =>
  ActivityLog.of({
    append: (entry) =>
      Effect.asVoid(query(database, (db: Db) => db.insertInto("activity_log").values(toActivityRow(entry)).execute())),

    find: (tenantId, id) =>
      isUuid(tenantId) && isUuid(id)
        ? findOne(
            database,
            (db: Db) =>
              db
                .selectFrom("activity_log")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .where("id", "=", id)
                .executeTakeFirst(),
            toEntry
          )
        : Effect.succeedNone,

    // A range on activity_log_tenant_created_idx, or on the source index when filtered, read in its order.
    list: (tenantId, { after, limit, source }) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) =>
              db
                .selectFrom("activity_log")
                .selectAll()
                .where("tenant_id", "=", tenantId)
                .$if(source !== undefined, (select) => select.where(ofSource(source!)))
                .$if(after !== undefined, (select) => select.where(olderThan(after!)))
                .orderBy("created_at", "desc")
                .orderBy("id", "desc")
                .limit(limit)
                .execute()
            ),
            (rows) => rows.map(toEntry)
          )
        : Effect.succeed([]),

    statistics: (tenantId, window) =>
      isUuid(tenantId)
        ? Effect.map(
            query(database, (db: Db) => statisticsQuery(db, tenantId, window).execute()),
            (rows): DeliveryStatistics => ({
              byDay: rows
                .filter((row) => Number(row.per_template) === 0)
                .map((row) => ({ day: row.day, sent: Number(row.sent), failed: Number(row.failed) }))
                .sort((a, b) => (a.day < b.day ? -1 : 1)),
              byTemplate: rows
                .filter((row) => Number(row.per_template) === 1)
                .map((row) => ({
                  templateId: row.template_id,
                  templateName: row.template_name,
                  sent: Number(row.sent),
                  failed: Number(row.failed)
                }))
                // Most deliveries first, then by id as JavaScript compares strings (no collation).
                .sort((a, b) => total(b) - total(a) || (keyOf(a) < keyOf(b) ? -1 : 1))
            })
          )
        : Effect.succeed(noStatistics)
  })

export const layer: Layer.Layer<ActivityLog, never, KyselyDatabase> = Layer.effect(
  ActivityLog,
  Effect.map(KyselyDatabase, make)
)
