import type { Data } from "@servicekit/client"
import type { ComponentChildren } from "preact"
import { useEffect, useState } from "preact/hooks"
import type { PageProps } from "../PageProps.js"

type Status = "online" | "away"
type PresentAgent = Data<"chatPresenceDashboard.sayPresence">

/** Said every minute while the console is open: the kit counts an agent offline two minutes after the last. */
const EVERY_MS = 60_000
const KEY = "servicekit.presence"
/** What the agent chose, in this tab: online until they say away. */
const chosen = (): Status => {
  try {
    return sessionStorage.getItem(KEY) === "away" ? "away" : "online"
  } catch {
    return "online"
  }
}

/** Keeps the signed-in agent online (or away, as chosen) while the console is open; draws nothing. */
export const PresenceBeacon = (props: Pick<PageProps, "client" | "session">) => {
  useEffect(() => {
    const say = () =>
      void props.client.chatPresenceDashboard.sayPresence({
        path: { tenantId: props.session.tenantId },
        body: { status: chosen() }
      })
    say()
    const timer = setInterval(say, EVERY_MS)
    return () => clearInterval(timer)
  }, [props.session.tenantId])
  return null
}

/** The agent's own status, who of the team is here (read again every minute), and what the page adds beside them. */
export const TeamPresence = (props: PageProps & { readonly children?: ComponentChildren }) => {
  const tenantId = props.session.tenantId
  const [status, setStatus] = useState<Status>(chosen)
  const [here, setHere] = useState<ReadonlyArray<PresentAgent>>([])
  const read = () =>
    void props.client.chatPresenceDashboard
      .listAgentPresence({ path: { tenantId } })
      .then(({ data }) => data !== undefined && setHere(data.data))
  useEffect(() => {
    // Read once this tab's own status is said, so that the list holds the agent from the start
    // rather than a minute on (the beacon says it too, in a request of its own that may come later).
    void props.client.chatPresenceDashboard.sayPresence({ path: { tenantId }, body: { status: chosen() } }).then(read)
    const timer = setInterval(read, EVERY_MS)
    return () => clearInterval(timer)
  }, [tenantId])
  const choose = async (next: Status) => {
    setStatus(next)
    try {
      sessionStorage.setItem(KEY, next)
    } catch {
      // Storage refused: the choice holds until the page reloads.
    }
    await props.client.chatPresenceDashboard.sayPresence({ path: { tenantId }, body: { status: next } })
    read()
  }
  const nameOf = (agent: PresentAgent) =>
    agent.agentId === props.session.subject ? "You" : (agent.displayName ?? agent.agentId)
  return (
    <div class="presence form">
      <div class="field">
        <label for="my-presence">Your status</label>
        <select id="my-presence" value={status} onChange={(e) => void choose(e.currentTarget.value as Status)}>
          <option value="online">Online</option>
          <option value="away">Away</option>
        </select>
      </div>
      <p class="here" aria-live="polite">
        <span class="muted">Here now: </span>
        {here.length === 0
          ? "nobody"
          : here.map((agent) => `${nameOf(agent)}${agent.status === "away" ? " (away)" : ""}`).join(", ")}
      </p>
      {props.children}
    </div>
  )
}
