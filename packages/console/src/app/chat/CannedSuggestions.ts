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
