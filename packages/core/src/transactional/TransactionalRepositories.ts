import { Context, Effect, Layer, Option } from "effect"
import { type Page, pageOf } from "../platform/Keyset.js"
import { tenantRowsOf, tenantRowsOfArray } from "../platform/MemoryTable.js"
import { MemoryDatabase, UniqueViolation } from "../platform/UnitOfWork.js"
import type { ActivityEntry, DeliveryStatistics, EmailMessage, EmailTemplate } from "./Transactional.js"

export class TemplateRepository extends Context.Tag("@servicekit/core/TemplateRepository")<
  TemplateRepository,
  {
    /** Fails with UniqueViolation `email_templates_tenant_name_key` when the tenant has the name. */
    readonly insert: (template: EmailTemplate) => Effect.Effect<void, UniqueViolation>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<EmailTemplate>>
    readonly list: (tenantId: string, page: Page) => Effect.Effect<ReadonlyArray<EmailTemplate>>
    /** Replaces the stored template; the same uniqueness as insert. */
    readonly update: (template: EmailTemplate) => Effect.Effect<void, UniqueViolation>
    /** Whether there was such a template. */
    readonly remove: (tenantId: string, id: string) => Effect.Effect<boolean>
  }
>() {
  static readonly layerMemory: Layer.Layer<TemplateRepository, never, MemoryDatabase> = Layer.effect(
    TemplateRepository,
    Effect.map(MemoryDatabase, (db) => {
      const rows = new Map<string, EmailTemplate>()
      db.holdsTenantRows("email_templates", tenantRowsOf(rows, (row) => row.tenantId))
      const key = (tenantId: string, id: string) => `${tenantId}/${id}`
      const nameTaken = (template: EmailTemplate) =>
        [...rows.values()].some(
          (row) => row.tenantId === template.tenantId && row.name === template.name && row.id !== template.id
        )
      const put = (template: EmailTemplate) =>
        db.attempt((undo) => {
          if (nameTaken(template)) {
            return Effect.fail(new UniqueViolation({ constraint: "email_templates_tenant_name_key" }))
          }
          const id = key(template.tenantId, template.id)
          const previous = rows.get(id)
          rows.set(id, template)
          undo(() => (previous === undefined ? rows.delete(id) : rows.set(id, previous)))
          return Effect.void
        })
      return TemplateRepository.of({
        insert: put,
        update: put,
        find: (tenantId, id) => db.run(() => Option.fromNullable(rows.get(key(tenantId, id)))),
        list: (tenantId, page) =>
          db.run(() =>
            pageOf(
              [...rows.values()].filter((row) => row.tenantId === tenantId),
              page
            )
          ),
        remove: (tenantId, id) =>
          db.run((undo) => {
            const previous = rows.get(key(tenantId, id))
            if (previous === undefined) return false
            rows.delete(key(tenantId, id))
            undo(() => rows.set(key(tenantId, id), previous))
            return true
          })
      })
    })
  )
}

/** A message by its key. */
export interface MessageKey {
  readonly tenantId: string
  readonly id: string
}

/** The reports a message has once at most: its bounce, and its recipient's complaint. */
export type ReportKind = "bounce" | "complaint"

/** A message's state after a delivery attempt, and the attempt's ledger row. */
export interface RecordedDelivery {
  readonly message: EmailMessage
  readonly attempt: ActivityEntry
}

export class MessageRepository extends Context.Tag("@servicekit/core/MessageRepository")<
  MessageRepository,
  {
    readonly insertMany: (messages: ReadonlyArray<EmailMessage>) => Effect.Effect<void>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<EmailMessage>>
    /**
     * Each of the messages named (of any tenants, each once) that is queued, with one more attempt
     * counted and `updatedAt` set to `at`, in one write; those not queued (sent, failed for good,
     * or gone) are left out. In any order.
     */
    readonly claim: (keys: ReadonlyArray<MessageKey>, at: Date) => Effect.Effect<ReadonlyArray<EmailMessage>>
    /**
     * Stores each message's delivery state (if it is still there) and appends each attempt to the
     * activity ledger, all as one write: every delivery ends with it.
     */
    readonly recordAttempts: (attempts: ReadonlyArray<RecordedDelivery>) => Effect.Effect<void>
    /** How many of the tenant's messages are queued (not yet sent, nor failed for good), counting at most `upTo`. */
    readonly countQueued: (tenantId: string, upTo: number) => Effect.Effect<number>
    /**
     * Whether this is the first report of the message's bounce (or complaint), noting it if so: a
     * mail server that sends a report again (its reply to the first lost) is not counted twice.
     */
    readonly firstReport: (key: MessageKey, kind: ReportKind, at: Date) => Effect.Effect<boolean>
    /**
     * Clears the bodies (html and text) of up to `limit` messages accepted before `before` that are
     * no longer queued, of `tenantId` alone when given, the oldest first; the rest of each message
     * stays. How many it cleared.
     */
    readonly pruneContent: (before: Date, limit: number, tenantId?: string) => Effect.Effect<number>
  }
>() {
  static readonly layerMemory: Layer.Layer<MessageRepository, never, MemoryDatabase | ActivityLog> = Layer.effect(
    MessageRepository,
    Effect.gen(function* () {
      const db = yield* MemoryDatabase
      const activity = yield* ActivityLog
      const rows = new Map<string, EmailMessage>()
      // Like the SQL's columns of the message: dropped with it.
      const reported = new Set<string>()
      const dropReports = (message: EmailMessage, undo: (reverse: () => void) => void) => {
        for (const kind of ["bounce", "complaint"]) {
          const at = `${message.tenantId}/${message.id}/${kind}`
          if (reported.delete(at)) undo(() => reported.add(at))
        }
      }
      db.holdsTenantRows("email_messages", tenantRowsOf(rows, (row) => row.tenantId, dropReports))
      const key = (tenantId: string, id: string) => `${tenantId}/${id}`
      const put = (message: EmailMessage, undo: (reverse: () => void) => void) => {
        const id = key(message.tenantId, message.id)
        const previous = rows.get(id)
        rows.set(id, message)
        undo(() => (previous === undefined ? rows.delete(id) : rows.set(id, previous)))
      }
      return MessageRepository.of({
        insertMany: (messages) => db.run((undo) => messages.forEach((message) => put(message, undo))),
        find: (tenantId, id) => db.run(() => Option.fromNullable(rows.get(key(tenantId, id)))),
        firstReport: ({ id, tenantId }, kind) =>
          db.run((undo) => {
            const at = `${key(tenantId, id)}/${kind}`
            if (!rows.has(key(tenantId, id)) || reported.has(at)) return false
            reported.add(at)
            undo(() => reported.delete(at))
            return true
          }),
        pruneContent: (before, limit, tenantId) =>
          db.run((undo) => {
            const due = [...rows.values()]
              .filter(
                (message) =>
                  (tenantId === undefined || message.tenantId === tenantId) &&
                  message.status !== "queued" &&
                  message.createdAt < before &&
                  (message.html !== null || message.text !== null)
              )
              .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
              .slice(0, limit)
            for (const message of due) put({ ...message, html: null, text: null }, undo)
            return due.length
          }),
        countQueued: (tenantId, upTo) =>
          db.run(() => {
            let queued = 0
            for (const message of rows.values()) {
              if (queued >= upTo) break
              if (message.tenantId === tenantId && message.status === "queued") queued++
            }
            return queued
          }),
        claim: (keys, at) =>
          db.run((undo) =>
            [...new Set(keys.map(({ id, tenantId }) => key(tenantId, id)))].flatMap((id) => {
              const message = rows.get(id)
              if (message?.status !== "queued") return []
              const claimed = { ...message, attempts: message.attempts + 1, updatedAt: at }
              put(claimed, undo)
              return [claimed]
            })
          ),
        // Like the SQL: the message only while it is there, every attempt into the ledger.
        recordAttempts: (attempts) =>
          db.withTransaction(
            Effect.zipRight(
              db.run((undo) => {
                for (const { message } of attempts) {
                  if (rows.has(key(message.tenantId, message.id))) put(message, undo)
                }
              }),
              Effect.forEach(attempts, ({ attempt }) => activity.append(attempt), { discard: true })
            )
          )
      })
    })
  )
}

type TemplateCounts = {
  -readonly [K in keyof DeliveryStatistics["byTemplate"][number]]: DeliveryStatistics["byTemplate"][number][K]
}

export interface ActivityQuery extends Page {
  /** Only entries whose `metadata.source` is this; all sources when undefined. */
  readonly source?: string | undefined
}

/** The shared ledger of delivery attempts. */
export class ActivityLog extends Context.Tag("@servicekit/core/ActivityLog")<
  ActivityLog,
  {
    readonly append: (entry: ActivityEntry) => Effect.Effect<void>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<ActivityEntry>>
    /** Newest first. */
    readonly list: (tenantId: string, query: ActivityQuery) => Effect.Effect<ReadonlyArray<ActivityEntry>>
    /**
     * Deliveries of `source` in [from, to): sent attempts, and failed ones that were not retried
     * (`metadata.retrying` is not true), per UTC day (ascending) and per template (most first, then by id; the
     * name is the one its newest counted row carries).
     */
    readonly statistics: (
      tenantId: string,
      window: { readonly from: Date; readonly to: Date; readonly source: string }
    ) => Effect.Effect<DeliveryStatistics>
  }
>() {
  static readonly layerMemory: Layer.Layer<ActivityLog, never, MemoryDatabase> = Layer.effect(
    ActivityLog,
    Effect.map(MemoryDatabase, (db) => {
      const rows: Array<ActivityEntry> = []
      db.holdsTenantRows("activity_log", tenantRowsOfArray(rows, (row) => row.tenantId))
      return ActivityLog.of({
        append: (entry) =>
          db.run((undo) => {
            rows.push(entry)
            undo(() => rows.splice(rows.lastIndexOf(entry), 1))
          }),
        find: (tenantId, id) =>
          db.run(() => Option.fromNullable(rows.find((row) => row.tenantId === tenantId && row.id === id))),
        list: (tenantId, query) =>
          db.run(() =>
            pageOf(
              rows.filter(
                (row) =>
                  row.tenantId === tenantId && (query.source === undefined || row.metadata.source === query.source)
              ),
              query
            )
          ),
        statistics: (tenantId, window) =>
          db.run(() => {
            const counted = rows.filter(
              (row) =>
                row.tenantId === tenantId &&
                row.metadata.source === window.source &&
                row.createdAt >= window.from &&
                row.createdAt < window.to &&
                (row.status === "sent" || (row.status === "failed" && row.metadata.retrying !== true))
            )
            const days = new Map<string, { day: string; sent: number; failed: number }>()
            const templates = new Map<string, TemplateCounts & { newestAt: number }>()
            for (const row of counted) {
              const day = row.createdAt.toISOString().slice(0, 10)
              const perDay = days.get(day) ?? { day, sent: 0, failed: 0 }
              days.set(day, perDay)
              const status = row.status as "sent" | "failed"
              perDay[status]++
              const templateKey = row.templateId ?? ""
              const perTemplate = templates.get(templateKey) ?? {
                templateId: row.templateId,
                templateName: row.templateName,
                sent: 0,
                failed: 0,
                newestAt: -Infinity
              }
              templates.set(templateKey, perTemplate)
              perTemplate[status]++
              if (row.createdAt.getTime() >= perTemplate.newestAt) {
                perTemplate.newestAt = row.createdAt.getTime()
                perTemplate.templateName = row.templateName
              }
            }
            return {
              byDay: [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1)),
              byTemplate: [...templates.values()]
                .map(({ newestAt: _, ...counts }) => counts)
                .sort(
                  (a, b) =>
                    b.sent + b.failed - (a.sent + a.failed) || ((a.templateId ?? "") < (b.templateId ?? "") ? -1 : 1)
                )
            }
          })
      })
    })
  )
}
