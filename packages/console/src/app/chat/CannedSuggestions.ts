import { useEffect, useState } from "preact/hooks"
import type { PageProps } from "../PageProps.js"
import type { CannedResponse } from "./CannedResponses.js"

/** The tenant's canned responses, read once when a conversation opens. */
export const useCannedResponses = (props: PageProps) => {
  const [responses, setResponses] = useState<ReadonlyArray<CannedResponse>>([])
  useEffect(() => {
    void props.client.chatCannedResponsesDashboard
      .listAgentCannedResponses({ path: { tenantId: props.session.tenantId } })
      .then(({ data }) => data !== undefined && setResponses(data.data))
  }, [props.session.tenantId])
  return responses
}

/** The responses whose shortcut starts with `typed`, or whose name has it; a few. */
export const matching = (responses: ReadonlyArray<CannedResponse>, typed: string) => {
  const wanted = typed.trim().toLowerCase()
  if (/\s/.test(typed)) return []
  return responses
    .filter((response) => response.shortcut.startsWith(wanted) || response.name.toLowerCase().includes(wanted))
    .slice(0, 6)
}

/**
 * The files attached once `response` is inserted: those already there, then the response's (library
 * files, which the server copies into the conversation when the reply is sent), up to `max`.
 */
export const withCannedFiles = <File extends { readonly id: string }>(
  attached: ReadonlyArray<File>,
  response: { readonly files: ReadonlyArray<File> },
  max: number
) => {
  const known = new Set(attached.map((file) => file.id))
  return [...attached, ...response.files.filter((file) => !known.has(file.id))].slice(0, max)
}
