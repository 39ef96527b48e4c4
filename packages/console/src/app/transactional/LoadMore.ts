import { useEffect, useRef, useState } from "preact/hooks"
import { describeError } from "../Api.js"

type PageAnswer<T> = {
  readonly data?: { readonly data: ReadonlyArray<T>; readonly meta: { readonly nextCursor: string | null } }
  readonly error?: { readonly message?: string; readonly details?: ReadonlyArray<{ readonly field: string; readonly reason: string }> } | undefined
}

export interface MorePages<T> {
  /** The items of the pages loaded so far; undefined while the first loads. */
  readonly items: ReadonlyArray<T> | undefined
  readonly failure: string | undefined
  /** Loads the page after those shown (nothing while one is on its way); undefined when there is none. */
  readonly more: (() => void) | undefined
  /** A page is on its way. */
  readonly busy: boolean
  /** Loads the first page again, keeping what is shown until it comes. */
  readonly reload: () => void
  /** Stops showing the items `gone` picks (removed), without loading again. */
  readonly drop: (gone: (item: T) => boolean) => void
}

/**
 * A cursor-paged list that grows a page at a time ("Load more"), newest first. A change of `keys`
 * (a filter) starts again at the first page; an answer for filters no longer applied is dropped.
 */
export const useLoadMore = <T,>(
  load: (cursor: string | undefined) => Promise<PageAnswer<T>>,
  keys: ReadonlyArray<unknown>
): MorePages<T> => {
  const [items, setItems] = useState<ReadonlyArray<T> | undefined>(undefined)
  const [next, setNext] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const [round, setRound] = useState(0)
  // Counts the first pages asked for: a later page answered after a new start is not added.
  const start = useRef(0)

  const fetchPage = (cursor: string | undefined) => {
    const started = cursor === undefined ? ++start.current : start.current
    setBusy(true)
    load(cursor).then(
      ({ data, error }) => {
        if (started !== start.current) return
        setBusy(false)
        setFailure(error === undefined ? undefined : describeError(error))
        if (data === undefined) return
        setItems((shown) => (cursor === undefined ? data.data : [...(shown ?? []), ...data.data]))
        setNext(data.meta.nextCursor)
      },
      () => {
        if (started !== start.current) return
        setBusy(false)
        setFailure("The server could not be reached.")
      }
    )
  }

  useEffect(() => setItems(undefined), keys)
  useEffect(() => {
    fetchPage(undefined)
    return () => {
      start.current += 1
    }
  }, [...keys, round])

  return {
    items,
    failure,
    more:
      next === null
        ? undefined
        : () => {
            if (!busy) fetchPage(next)
          },
    busy,
    reload: () => setRound((n) => n + 1),
    drop: (gone) => setItems((shown) => shown?.filter((item) => !gone(item)))
  }
}
