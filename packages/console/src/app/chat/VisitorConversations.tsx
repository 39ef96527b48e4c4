import type { PageItem } from "@servicekit/client"
import { Day, Notice } from "../Components.js"
import { Pager, usePages } from "../Pages.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"

type Visitor = PageItem<"chatDashboard.listAgentVisitors">
type Conversation = PageItem<"chatDashboard.listAgentConversations">

/** One visitor's conversations of every status, newest first, each opening in the inbox. */
export const VisitorConversations = (props: PageProps & { readonly visitor: Visitor; readonly onClose: () => void }) => {
  const pages = usePages<Conversation>(
    (cursor) =>
      props.client.chatDashboard.listAgentConversations({
        path: { tenantId: props.session.tenantId },
        query: { limit: 25, visitorId: props.visitor.id, ...(cursor === undefined ? {} : { cursor }) }
      }),
    [props.visitor.id]
  )
  const who = props.visitor.displayName ?? props.visitor.externalId
  return (
    <section class="card" aria-labelledby="visitor-conversations-title">
      <div class="heading-row">
        <h2 id="visitor-conversations-title">Conversations of {who}</h2>
        <button type="button" class="button small" onClick={props.onClose}>
          Close
        </button>
      </div>
      {pages.failure === undefined ? null : <Notice tone="error">{pages.failure}</Notice>}
      {pages.items === undefined ? (
        <p class="muted" role="status">
          Loading…
        </p>
      ) : pages.items.length === 0 ? (
        <p class="muted">No conversations with this visitor.</p>
      ) : (
        <ul class="visitor-conversations">
          {pages.items.map((conversation) => (
            <li key={conversation.id}>
              <a href={href(`/chat/inbox/${conversation.id}`)}>{
                // All of them are this visitor's: a conversation without a name reads as its last message.
                conversation.name ?? (conversation.lastMessage?.preview || "No messages yet")
              }</a>{" "}
              <span class={`status ${conversation.status}`}>{conversation.status}</span>{" "}
              <span class="muted">
                {conversation.messageCount} {conversation.messageCount === 1 ? "message" : "messages"} · started{" "}
                <Day iso={conversation.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager pages={pages} />
    </section>
  )
}
