import type { PageItem } from "@servicekit/client"
import { useState } from "preact/hooks"
import { PageHeader, formatTime } from "../Components.js"
import { PagedTable, usePages } from "../Pages.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"

type Conversation = PageItem<"growthConversations.listGrowthConversations">

const PAGE_SIZE = 25

/** The team's email threads with contacts, newest activity first, a page at a time, optionally of one status. */
export const Conversations = (props: PageProps) => {
  const [status, setStatus] = useState<Conversation["status"] | "all">("all")
  const conversations = usePages<Conversation>(
    (cursor) =>
      props.client.growthConversations.listGrowthConversations({
        query: { limit: PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }), ...(status === "all" ? {} : { status }) }
      }),
    [props.session.tenantId, status]
  )
  return (
    <>
      <PageHeader title="Conversations" lead="Email threads your team runs with contacts: follow-ups, replies to campaigns.">
        <a class="button primary" href={href("/growth/conversations/new")}>
          New conversation
        </a>
      </PageHeader>
      <div class="toolbar">
        <label for="conversation-status">Status</label>
        <select
          id="conversation-status"
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as Conversation["status"] | "all")}
        >
          <option value="all">All</option>
          <option value="open">Open</option>
          <option value="closed">Closed</option>
        </select>
      </div>
      <PagedTable
        pages={conversations}
        caption="Conversations"
        empty={{
          title: "No conversations here",
          text: "Start one to email a contact; their replies can be recorded in the thread."
        }}
        columns={
          <>
            <th scope="col">Subject</th>
            <th scope="col">Contact</th>
            <th scope="col">Status</th>
            <th scope="col" class="number">Messages</th>
            <th scope="col">Last message</th>
          </>
        }
        row={(conversation) => (
          <tr key={conversation.id}>
            <td>
              <a href={href(`/growth/conversations/${conversation.id}`)}>{conversation.subject}</a>
            </td>
            <td>
              {conversation.contact.name === null ? null : <span class="block">{conversation.contact.name}</span>}
              <span class="mono small">{conversation.contact.email}</span>
            </td>
            <td>
              <span class={`status ${conversation.status}`}>{conversation.status === "open" ? "Open" : "Closed"}</span>
            </td>
            <td class="number">{conversation.messageCount}</td>
            <td class="nowrap">{formatTime(conversation.lastMessageAt)}</td>
          </tr>
        )}
      />
    </>
  )
}
