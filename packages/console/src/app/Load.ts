import { useCallback, useEffect, useState } from "preact/hooks"

type Answer = { readonly data?: unknown; readonly error?: { readonly message?: string } | undefined }

export type Loaded<T> =
  | { readonly state: "loading" }
  | { readonly state: "failed"; readonly message: string }
  | { readonly state: "ready"; readonly data: T }

/** What `load` answers, loaded on mount and again on `reload()`. */
export const useLoad = <R extends Answer,>(load: () => Promise<R>, keys: ReadonlyArray<unknown>) => {
  type T = NonNullable<R["data"]>
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" })
  const [round, setRound] = useState(0)
  useEffect(() => {
    let current = true
    load().then(
      (answer) => {
        if (!current) return
        setLoaded(
          answer.error === undefined
            ? { state: "ready", data: answer.data as T }
            : { state: "failed", message: answer.error.message ?? "The request failed." }
        )
      },
      () => current && setLoaded({ state: "failed", message: "The server could not be reached." })
    )
    return () => {
      current = false
    }
  }, [...keys, round])
  const reload = useCallback(() => setRound((n) => n + 1), [])
  return [loaded, reload] as const
}
