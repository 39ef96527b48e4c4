import { Option } from "effect"
import { type Page, type Position, pageOf } from "./Keyset.js"
import type { MemoryDatabase } from "./UnitOfWork.js"

/** Rows by (tenant, id) in memory, each write undone with its unit of work: the base of most memory repositories. */
export const memoryTable = <A extends { readonly tenantId: string; readonly id: string }>(
  db: MemoryDatabase["Type"]
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
