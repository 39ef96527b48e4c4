import { Context, Effect, Layer, Option } from "effect"
import type { Page } from "../platform/Keyset.js"
import { memoryTable } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import type { MailStream } from "../module/Suppressions.js"
import { type Suppression, type SuppressionFilter, isRemovable, matches } from "./Suppression.js"

/** The tenants' suppression lists: one entry per (tenant, stream, lowercase address). */
export class SuppressionRepository extends Context.Tag("@servicekit/core/SuppressionRepository")<
  SuppressionRepository,
  {
    /** Stores the entry unless its address is on that stream already: whether it was stored. */
    readonly insert: (entry: Suppression) => Effect.Effect<boolean>
    /**
     * Stores each entry; one whose address is on that stream already keeps its id and date, and
     * takes the new reason only when the recipient chose it (a complaint or an unsubscribe) over one
     * the account may remove (a bounce, a manual entry).
     */
    readonly insertMany: (entries: ReadonlyArray<Suppression>) => Effect.Effect<void>
    /** The tenant's entries on `stream` for these lowercase addresses. */
    readonly among: (
      tenantId: string,
      stream: MailStream,
      emails: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyArray<Suppression>>
    readonly find: (tenantId: string, id: string) => Effect.Effect<Option.Option<Suppression>>
    /** Newest first. */
    readonly list: (tenantId: string, filter: SuppressionFilter, page: Page) => Effect.Effect<ReadonlyArray<Suppression>>
    /** How many entries the tenant added by hand, counting at most `upTo`. */
    readonly countManual: (tenantId: string, upTo: number) => Effect.Effect<number>
    /** Whether the tenant had the entry. */
    readonly remove: (tenantId: string, id: string) => Effect.Effect<boolean>
  }
>() {
  static readonly layerMemory: Layer.Layer<SuppressionRepository, never, MemoryDatabase> = Layer.effect(
    SuppressionRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Suppression>(db, "email_suppressions")
      const onStream = (tenantId: string, stream: MailStream, email: string) => {
        for (const row of table.rows()) {
          if (row.tenantId === tenantId && row.stream === stream && row.email === email) return row
        }
        return undefined
      }
      return SuppressionRepository.of({
        insert: (entry) =>
          db.run((undo) => {
            if (onStream(entry.tenantId, entry.stream, entry.email) !== undefined) return false
            table.put(entry, undo)
            return true
          }),
        insertMany: (entries) =>
          db.run((undo) => {
            for (const entry of entries) {
              const held = onStream(entry.tenantId, entry.stream, entry.email)
              if (held === undefined) table.put(entry, undo)
              else if (!isRemovable(entry.reason) && isRemovable(held.reason)) {
                table.put({ ...held, reason: entry.reason, detail: entry.detail, messageId: entry.messageId }, undo)
              }
            }
          }),
        among: (tenantId, stream, emails) =>
          db.run(() => {
            const wanted = new Set(emails)
            return [...table.rows()].filter(
              (row) => row.tenantId === tenantId && row.stream === stream && wanted.has(row.email)
            )
          }),
        find: table.find,
        list: (tenantId, filter, page) => table.list(tenantId, page, (row) => matches(row, filter)),
        countManual: (tenantId, upTo) =>
          db.run(() => {
            let n = 0
            for (const row of table.rows()) {
              if (n >= upTo) break
              if (row.tenantId === tenantId && row.reason === "manual") n++
            }
            return n
          }),
        remove: table.remove
      })
    })
  )
}
