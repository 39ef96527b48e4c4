import { Option } from "effect"
import { type Page, type Position, pageOf } from "./Keyset.js"
import type { MemoryDatabase, MemoryTenantRows } from "./UnitOfWork.js"

/**
 * Rows by (tenant, id) in memory, each write undone with its unit of work: the base of most memory
 * repositories. `kind` is the name of the table it stands for, under which the tenant's data port
 * counts and deletes its rows; `also` drops what goes with a row it deletes.
 */
export const memoryTable = <A extends { readonly tenantId: string; readonly id: string }>(
  db: MemoryDatabase["Type"],
  kind: string,
  also?: AlsoDropped<A>
) => {
  const rows = new Map<string, A>()
  const key = (tenantId: string, id: string) => `${tenantId}/${id}`
  const put = (row: A, undo: (reverse: () => void) => void) => {
    const at = key(row.tenantId, row.id)
    const previous = rows.get(at)
    rows.set(at, row)
    undo(() => (previous === undefined ? rows.delete(at) : rows.set(at, previous)))
  }
  const drop = (row: A, undo: (reverse: () => void) => void) => {
    const at = key(row.tenantId, row.id)
    if (!rows.delete(at)) return
    undo(() => rows.set(at, row))
  }
  db.holdsTenantRows(kind, tenantRowsOf(rows, (row) => row.tenantId, also))
  return {
    /** Every row, for reads inside `db.run`. */
    rows: () => rows.values(),
    /** One row, for reads inside `db.run`. */
    get: (tenantId: string, id: string) => rows.get(key(tenantId, id)),
    put,
    drop,
    find: (tenantId: string, id: string) => db.run(() => Option.fromNullable(rows.get(key(tenantId, id)))),
    /** The rows among these keys, each once. */
    findMany: (keys: ReadonlyArray<{ readonly tenantId: string; readonly id: string }>) =>
      db.run(() => [...new Set(keys.flatMap(({ id, tenantId }) => rows.get(key(tenantId, id)) ?? []))]),
    /** Newest first; `where` narrows the tenant's rows. */
    list: (tenantId: string, page: Page, where: (row: A) => boolean = () => true) =>
      db.run(() =>
        pageOf([...rows.values()].filter((row) => row.tenantId === tenantId && where(row)) as Array<A & Position>, page)
      ),
    save: (row: A) => db.run((undo) => put(row, undo)),
    remove: (tenantId: string, id: string) =>
      db.run((undo) => {
        const previous = rows.get(key(tenantId, id))
        if (previous !== undefined) drop(previous, undo)
        return previous !== undefined
      })
  }
}

/** Drops what goes with a dropped row (an index entry), registering how to put it back. */
type AlsoDropped<A> = (row: A, undo: (reverse: () => void) => void) => void

/**
 * A map of rows as a store of tenants' rows (see MemoryDatabase.holdsTenantRows): `tenantOf` names
 * a row's tenant, `also` drops what goes with a row.
 */
export const tenantRowsOf = <K, A>(
  rows: Map<K, A>,
  tenantOf: (row: A) => string,
  also?: AlsoDropped<A>
): MemoryTenantRows => {
  const dropSome = (tenantId: string, match: (row: A) => boolean, limit: number, undo: (reverse: () => void) => void) => {
    let n = 0
    for (const [key, row] of rows) {
      if (n >= limit) break
      if (tenantOf(row) !== tenantId || !match(row)) continue
      rows.delete(key)
      undo(() => rows.set(key, row))
      also?.(row, undo)
      n++
    }
    return n
  }
  return {
    count: (tenantId) => {
      let n = 0
      for (const row of rows.values()) if (tenantOf(row) === tenantId) n++
      return n
    },
    rows: (tenantId) => [...rows.values()].filter((row) => tenantOf(row) === tenantId),
    drop: (tenantId, limit, undo) => dropSome(tenantId, () => true, limit, undo),
    dropWhere: (tenantId, match, undo) => dropSome(tenantId, match, Infinity, undo)
  }
}

/**
 * An array of rows in their order as a store of tenants' rows: dropped from the end, so that the
 * places left to visit stay put, and each put back in its place when undone.
 */
export const tenantRowsOfArray = <A>(
  rows: Array<A>,
  tenantOf: (row: A) => string,
  also?: AlsoDropped<A>
): MemoryTenantRows => {
  const dropSome = (tenantId: string, match: (row: A) => boolean, limit: number, undo: (reverse: () => void) => void) => {
    let n = 0
    for (let at = rows.length - 1; at >= 0 && n < limit; at--) {
      const row = rows[at]!
      if (tenantOf(row) !== tenantId || !match(row)) continue
      rows.splice(at, 1)
      undo(() => rows.splice(at, 0, row))
      also?.(row, undo)
      n++
    }
    return n
  }
  return {
    count: (tenantId) => rows.filter((row) => tenantOf(row) === tenantId).length,
    rows: (tenantId) => rows.filter((row) => tenantOf(row) === tenantId),
    drop: (tenantId, limit, undo) => dropSome(tenantId, () => true, limit, undo),
    dropWhere: (tenantId, match, undo) => dropSome(tenantId, match, Infinity, undo)
  }
}
