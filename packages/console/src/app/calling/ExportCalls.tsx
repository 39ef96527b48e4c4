import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Notice } from "../Components.js"
import type { PageProps } from "../PageProps.js"
import { type CallFilters, listQuery, periodQuery } from "./CallFilters.js"

/** Hands `text` to the browser as a file download; the object URL lives only as long as the download needs it. */
const saveAs = (text: string, type: string, name: string) => {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement("a")
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // Revoking at once can cancel a download that has not started reading the blob yet.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

/**
 * The CSV of the filtered calls in the period, fetched with the dashboard token in its header (never
 * in a URL) and saved from a Blob.
 */
export const ExportCalls = (props: PageProps & { readonly filters: CallFilters }) => {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const download = async () => {
    setBusy(true)
    setFailure(undefined)
    try {
      const { data, error } = await props.client.callsDashboard.exportCalls({
        query: { format: "csv", ...periodQuery(props.filters), ...listQuery(props.filters) }
      })
      if (error !== undefined) setFailure(describeError(error))
      else saveAs(String(data), "text/csv", `calls-${new Date().toISOString().slice(0, 10)}.csv`)
    } catch {
      setFailure("The server could not be reached.")
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" class="button" disabled={busy} onClick={download}>
        {busy ? "Exporting…" : "Export CSV"}
      </button>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
    </>
  )
}
