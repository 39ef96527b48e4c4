import type { ComponentChildren } from "preact"
import { useEffect, useState } from "preact/hooks"
import { describeError } from "./Api.js"
import { Notice } from "./Components.js"

type PageAnswer<T> = {
  readonly data?: { readonly data: ReadonlyArray<T>; readonly meta: { readonly nextCursor: string | null } }
  readonly error?: { readonly message?: string; readonly details?: ReadonlyArray<{ readonly field: string; readonly reason: string }> } | undefined
}

export interface Pages<T> {
  /** The page shown; undefined while it loads. */
  readonly items: ReadonlyArray<T> | undefined
  readonly failure: string | undefined
  readonly newer: (() => void) | undefined
  readonly older: (() => void) | undefined
  readonly reload: () => void
}

/**
 * A cursor-paged list shown one page at a time, newest first: a list of ten thousand never loads
 * or renders more than a page. A change of `keys` (a filter) starts again at the first page.
 */
export const usePages = <T,>(
  load: (cursor: string | undefined) => Promise<PageAnswer<T>>,
  keys: ReadonlyArray<unknown>
): Pages<T> => {
  // The cursors of the pages before the current one, so that "Newer" goes back without counting.
  const [cursors, setCursors] = useState<ReadonlyArray<string | undefined>>([undefined])
  const [page, setPage] = useState<{ items: ReadonlyArray<T>; next: string | null } | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [round, setRound] = useState(0)
  const cursor = cursors[cursors.length - 1]

  useEffect(() => setCursors([undefined]), keys)
  useEffect(() => {
    let current = true
    load(cursor).then(
      ({ data, error }) => {
        if (!current) return
        setFailure(error === undefined ? undefined : describeError(error))
        if (data !== undefined) setPage({ items: data.data, next: data.meta.nextCursor })
      },
      () => current && setFailure("The server could not be reached.")
    )
    return () => {
      current = false
    }
  }, [...keys, cursor, round])

  const next = page?.next ?? null
  return {
    items: page?.items,
    failure,
    newer: cursors.length === 1 ? undefined : () => setCursors(cursors.slice(0, -1)),
    older: next === null ? undefined : () => setCursors([...cursors, next]),
    reload: () => setRound((n) => n + 1)
  }
}

/** Newer and Older buttons of a paged list. */
export const Pager = (props: { readonly pages: Pages<unknown> }) =>
  props.pages.newer === undefined && props.pages.older === undefined ? null : (
    <div class="pager">
      <button type="button" class="button small" disabled={props.pages.newer === undefined} onClick={props.pages.newer}>
        Newer
      </button>
      <button type="button" class="button small" disabled={props.pages.older === undefined} onClick={props.pages.older}>
        Older
      </button>
    </div>
  )

/**
 * A paged list as every list page shows it: why it failed, "Loading…", a card saying what the
 * list will hold while it is empty, or the page's table, then the pager.
 */
export const PagedTable = <T,>(props: {
  readonly pages: Pages<T>
  /** Names the table for screen readers. */
  readonly caption: string
  /** The empty card's heading and text. */
  readonly empty: { readonly title: string; readonly text: ComponentChildren }
  /** The header row's cells. */
  readonly columns: ComponentChildren
  /** An item's row. */
  readonly row: (item: T) => ComponentChildren
}) => (
  <>
    {props.pages.failure === undefined ? null : <Notice tone="error">{props.pages.failure}</Notice>}
    {props.pages.items === undefined ? (
      <p class="muted" role="status">
        Loading…
      </p>
    ) : props.pages.items.length === 0 ? (
      <div class="card empty">
        <h2>{props.empty.title}</h2>
        <p>{props.empty.text}</p>
      </div>
    ) : (
      <div class="card flush">
        <table class="table">
          <caption class="visually-hidden">{props.caption}</caption>
          <thead>
            <tr>{props.columns}</tr>
          </thead>
          <tbody>{props.pages.items.map(props.row)}</tbody>
        </table>
      </div>
    )}
    <Pager pages={props.pages} />
  </>
)
