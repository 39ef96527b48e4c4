import { useState } from "preact/hooks"

/**
 * A list page's form: which record it edits (null: a new one; undefined: no form open) and what
 * its last save said.
 */
export const useEditing = <T,>() => {
  const [editing, setEditing] = useState<T | null | undefined>(undefined)
  const [saved, setSaved] = useState<string | undefined>(undefined)
  return {
    editing,
    saved,
    /** Opens the form on `record`, or on a new one; the last save's notice goes. */
    open: (record: T | null) => {
      setSaved(undefined)
      setEditing(record)
    },
    close: () => setEditing(undefined),
    /** Closes the form, saying what was saved. */
    done: (notice: string) => {
      setEditing(undefined)
      setSaved(notice)
    }
  }
}
