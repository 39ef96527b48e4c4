import { Context, Effect, Layer } from "effect"
import { toBase64 } from "./Crypto.js"
import { MemoryDatabase } from "./UnitOfWork.js"

/** A page of a tenant's rows as JSON lines, and where the next page starts. */
export interface RowsPage {
  readonly lines: ReadonlyArray<string>
  readonly next: string | null
}

/** A stored value as JSON: bytes as base64, big integers as their digits. */
const jsonOf = (row: unknown) =>
  JSON.stringify(row, (_key, value) =>
    value instanceof Uint8Array ? toBase64(value) : typeof value === "bigint" ? String(value) : value
  )

/**
 * Every row a tenant holds, kind by kind, across every module's storage: what deleting and
 * exporting a tenant walk through. A kind is a table (in memory, the store standing for it); each
 * module declares its kinds with its storage, so a module added later is covered the same way. The
 * tenant's own row is not a kind: deleted last, once every kind is empty; exported as the tenant.
 */
export class TenantData extends Context.Tag("@servicekit/core/TenantData")<
  TenantData,
  {
    /** The kinds, in the order a tenant's rows are deleted: rows that reference others first. */
    readonly kinds: ReadonlyArray<string>
    /** How many of the tenant's rows the kind holds. */
    readonly count: (tenantId: string, kind: string) => Effect.Effect<number>
    /**
     * Up to `limit` of the tenant's rows of the kind, each as one line of JSON, in an order that holds
     * while nothing writes: the first page from `after` null, the next from the page's `next` (null
     * after the last). In SQL a line is the row as PostgreSQL writes it (`row_to_json`), column by
     * column; in memory, the record as the store holds it.
     */
    readonly readSome: (tenantId: string, kind: string, after: string | null, limit: number) => Effect.Effect<RowsPage>
    /**
     * Deletes up to `limit` of the tenant's rows of the kind, in a statement of its own (or the
     * unit of work of the context): how many it deleted; 0 once none is left.
     */
    readonly deleteSome: (tenantId: string, kind: string, limit: number) => Effect.Effect<number>
  }
>() {
  /** Over the memory stores registered with the MemoryDatabase (see `holdsTenantRows`), in name order. */
  static readonly layerMemory: Layer.Layer<TenantData, never, MemoryDatabase> = Layer.effect(
    TenantData,
    Effect.map(MemoryDatabase, (db) => {
      const storeOf = (kind: string) => {
        const store = db.tenantRows.get(kind)
        if (store === undefined) throw new Error(`no memory store holds ${kind}`)
        return store
      }
      return {
        // Read when asked: modules register their stores as their layers are built.
        get kinds() {
          return [...db.tenantRows.keys()].sort()
        },
        count: (tenantId, kind) => db.run(() => storeOf(kind).count(tenantId)),
        // The position of the next row is the cursor: the order is the store's, which holds while nothing writes.
        readSome: (tenantId, kind, after, limit) =>
          db.run(() => {
            const start = after === null ? 0 : Number(after)
            const rows = storeOf(kind).rows(tenantId).slice(start, start + limit)
            return { lines: rows.map(jsonOf), next: rows.length < limit ? null : String(start + rows.length) }
          }),
        deleteSome: (tenantId, kind, limit) => db.run((undo) => storeOf(kind).drop(tenantId, limit, undo))
      }
    })
  )
}
