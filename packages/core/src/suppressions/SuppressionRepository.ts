import { Context, Effect, Layer, Option } from "effect"
import type { Page } from "../platform/Keyset.js"
import { memoryTable, tenantRowsOf } from "../platform/MemoryTable.js"
import { MemoryDatabase } from "../platform/UnitOfWork.js"
import type { MailStream } from "../module/Suppressions.js"
import {
  type SoftBounceCount,
  type StreamAddress,
  type Suppression,
  type SuppressionFilter,
  isRemovable,
  matches
} from "./Suppression.js"

/** A row of `email_soft_bounces`: an address's running count. */
interface SoftBounceRow extends SoftBounceCount {
  readonly firstAt: Date
  readonly lastAt: Date
}

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
    /**
     * Counts a soft bounce at `at` for each address (one named twice counts twice); a count whose
     * first bounce is before `restartBefore` starts over. The counts after, one per address.
     */
    readonly countSoftBounces: (
      bounces: ReadonlyArray<StreamAddress>,
      at: Date,
      restartBefore: Date
    ) => Effect.Effect<ReadonlyArray<SoftBounceCount>>
    /** Forgets the soft bounces counted of these addresses. */
    readonly clearSoftBounces: (addresses: ReadonlyArray<StreamAddress>) => Effect.Effect<void>
    /** Drops every count begun before `before` (periodic: such a count would start over anyway). */
    readonly pruneSoftBounces: (before: Date) => Effect.Effect<number>
  }
>() {
  static readonly layerMemory: Layer.Layer<SuppressionRepository, never, MemoryDatabase> = Layer.effect(
    SuppressionRepository,
    Effect.map(MemoryDatabase, (db) => {
      const table = memoryTable<Suppression>(db, "email_suppressions")
      const softBounces = new Map<string, SoftBounceRow>()
      db.holdsTenantRows("email_soft_bounces", tenantRowsOf(softBounces, (row) => row.tenantId))
      const addressKey = ({ email, stream, tenantId }: StreamAddress) => `${tenantId} ${stream} ${email}`
      const setSoftBounces = (key: string, row: SoftBounceRow | undefined, undo: (reverse: () => void) => void) => {
        const previous = softBounces.get(key)
        if (row === undefined) softBounces.delete(key)
        else softBounces.set(key, row)
        undo(() => (previous === undefined ? softBounces.delete(key) : softBounces.set(key, previous)))
      }
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
        remove: table.remove,
        countSoftBounces: (bounces, at, restartBefore) =>
          db.run((undo) => {
            const counted = new Map<string, SoftBounceCount>()
            for (const bounce of bounces) {
              const key = addressKey(bounce)
              const held = softBounces.get(key)
              const row: SoftBounceRow =
                held === undefined || held.firstAt < restartBefore
                  ? { tenantId: bounce.tenantId, stream: bounce.stream, email: bounce.email, count: 1, firstAt: at, lastAt: at }
                  : { ...held, count: held.count + 1, lastAt: at }
              setSoftBounces(key, row, undo)
              counted.set(key, { tenantId: row.tenantId, stream: row.stream, email: row.email, count: row.count })
            }
            return [...counted.values()]
          }),
        clearSoftBounces: (addresses) =>
          db.run((undo) => {
            for (const address of addresses) {
              const key = addressKey(address)
              if (softBounces.has(key)) setSoftBounces(key, undefined, undo)
            }
          }),
        pruneSoftBounces: (before) =>
          db.run((undo) => {
            const stale = [...softBounces].filter(([, row]) => row.firstAt < before)
            for (const [key] of stale) setSoftBounces(key, undefined, undo)
            return stale.length
          })
      })
    })
  )
}
