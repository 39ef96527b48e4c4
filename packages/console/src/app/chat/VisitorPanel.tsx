import { KeyValues, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import type { Conversation } from "./InboxStream.js"

/** How many of the visitor's other conversations the panel lists, newest first. */
const EARLIER = 5

/** Who the conversation is with: name, email, the tenant's id for them, attributes and their other conversations. */
export const VisitorPanel = (props: PageProps & { readonly conversation: Conversation }) => {
  const visitor = props.conversation.visitor
  const tenantId = props.session.tenantId
  const [record] = useLoad(
    async () =>
      visitor === null
        ? { data: undefined }
        : props.client.chatDashboard.listAgentVisitors({ path: { tenantId }, query: { externalId: visitor.externalId } }),
    [visitor?.externalId]
  )
  const [others] = useLoad(
    async () =>
      visitor === null
        ? { data: undefined }
        : props.client.chatDashboard.listAgentConversations({
            path: { tenantId },
            query: { visitorId: visitor.id, limit: EARLIER + 1 }
          }),
    [visitor?.id]
  )
  if (visitor === null) return null
  const attributes = record.state === "ready" ? record.data?.data[0]?.attributes : undefined
  const earlier =
    others.state === "ready" ? (others.data?.data ?? []).filter((each) => each.id !== props.conversation.id).slice(0, EARLIER) : []
  return (
    <details class="visitor-panel">
      <summary>About {visitor.displayName ?? visitor.email ?? visitor.externalId}</summary>
      <dl class="visitor-facts">
        <dt>Name</dt>
        <dd>{visitor.displayName ?? "—"}</dd>
        <dt>Email</dt>
        <dd>{visitor.email ?? "—"}</dd>
        <dt>External id</dt>
        <dd class="mono visitor-fact-id">{visitor.externalId}</dd>
        <dt>Attributes</dt>
        <dd>{attributes === undefined ? "—" : <KeyValues values={attributes} />}</dd>
      </dl>
      <h3 class="small">Earlier conversations</h3>
      {earlier.length === 0 ? (
        <p class="muted small">None.</p>
      ) : (
        <ul class="visitor-earlier">
          {earlier.map((each) => (
            <li key={each.id}>
              <a href={href(`/chat/inbox/${each.id}`)}>{each.name ?? (each.lastMessage?.preview || "No messages yet")}</a>{" "}
              <span class="muted small">
                {each.status} · {formatTime(each.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </details>
  )
}
