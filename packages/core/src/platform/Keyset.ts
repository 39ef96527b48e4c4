import { Effect, Option } from "effect"
import { type ValidationFailed, invalidField } from "./Errors.js"

/** Keyset pages of newest-first lists, as every storage orders them: (createdAt, id) descending. */

/** A position in a newest-first list: the last row of the previous page. */
export interface Position {
  readonly createdAt: Date
  readonly id: string
}

export interface Page {
  readonly limit: number
  /** Rows strictly after (older than) this position. */
  readonly after?: Position | undefined
}

/** Sorts newest first, then by id descending. */
export const newestFirst = (a: Position, b: Position): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0)

/** The page of `rows` (in any order) after `page.after`, newest first: how the memory stores list. */
export const pageOf = <A extends Position>(rows: Iterable<A>, page: Page): ReadonlyArray<A> =>
  [...rows]
    .sort(newestFirst)
    .filter((row) => page.after === undefined || newestFirst(page.after, row) < 0)
    .slice(0, page.limit)

/** A page as a service answers it: the items, the limit applied and the cursor of the next page. */
export interface Listed<A> {
  readonly items: ReadonlyArray<A>
  readonly limit: number
  /** The id of this page's last item when more follow, else null. */
  readonly nextCursor: string | null
}

/**
 * One page of a newest-first list whose cursor is the id of the previous page's last item: an
 * id that `position` does not find is a 400 on `cursor`.
 */
export const listPage = <A extends Position>(
  query: { readonly limit: number; readonly cursor?: string | undefined },
  position: (cursor: string) => Effect.Effect<Option.Option<Position>>,
  read: (page: Page) => Effect.Effect<ReadonlyArray<A>>
): Effect.Effect<Listed<A>, ValidationFailed> =>
  Effect.gen(function* () {
    let after: Position | undefined
    if (query.cursor !== undefined) {
      const found = yield* position(query.cursor)
      if (Option.isNone(found)) return yield* Effect.fail(invalidField("cursor", "unknown cursor"))
      after = found.value
    }
    // One more than asked: whether it comes tells whether a next page exists.
    const rows = yield* read({ limit: query.limit + 1, after })
    const items = rows.slice(0, query.limit)
    return { items, limit: query.limit, nextCursor: rows.length > query.limit ? items[items.length - 1]!.id : null }
  })
