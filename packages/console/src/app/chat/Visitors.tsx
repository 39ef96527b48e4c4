import type { PageItem } from "@servicekit/client"
import { useState } from "preact/hooks"
import { Day, KeyValues, PageHeader } from "../Components.js"
import { PagedTable, usePages } from "../Pages.js"
import type { PageProps } from "../PageProps.js"
import { VisitorConversations } from "./VisitorConversations.js"

type Visitor = PageItem<"chatDashboard.listAgentVisitors">

/** The tenant's chat visitors, newest first, 25 a page, or the one an external id names. */
export const Visitors = (props: PageProps) => {
  // What the filter field holds, and the external id the list is filtered by once applied.
  const [typed, setTyped] = useState("")
  const [externalId, setExternalId] = useState("")
  const [chosen, setChosen] = useState<Visitor | undefined>(undefined)
  const pages = usePages<Visitor>(
    (cursor) =>
      props.client.chatDashboard.listAgentVisitors({
        path: { tenantId: props.session.tenantId },
        query: { limit: 25, ...(cursor === undefined ? {} : { cursor }), ...(externalId === "" ? {} : { externalId }) }
      }),
    [externalId]
  )
  const apply = (event: Event) => {
    event.preventDefault()
    setExternalId(typed.trim())
  }

  return (
    <>
      <PageHeader title="Visitors" lead="The people your application opened chats for, by the id it knows them by." />
      <div class="toolbar">
        <form role="search" onSubmit={apply}>
          <label for="visitor-external-id">External id</label>
          <input id="visitor-external-id" value={typed} onInput={(event) => setTyped(event.currentTarget.value)} />
          <button type="submit" class="button small">
            Filter
          </button>
          {externalId === "" ? null : (
            <button
              type="button"
              class="button small"
              onClick={() => {
                setTyped("")
                setExternalId("")
              }}
            >
              Show all
            </button>
          )}
        </form>
      </div>
      {chosen === undefined ? null : (
        <VisitorConversations {...props} visitor={chosen} onClose={() => setChosen(undefined)} />
      )}
      <PagedTable
        pages={pages}
        caption="Visitors"
        empty={{
          title: externalId === "" ? "No visitors yet" : "No visitor has this external id",
          text: "A visitor is added when your server mints a chat session or opens a conversation for them."
        }}
        columns={
          <>
            <th scope="col">Visitor</th>
            <th scope="col">Email</th>
            <th scope="col">Attributes</th>
            <th scope="col">First seen</th>
            <th scope="col">Changed</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(visitor) => (
          <tr key={visitor.id}>
            <td>
              <span class="visitor-name">{visitor.displayName ?? "—"}</span>
              <span class="muted block mono visitor-external-id">{visitor.externalId}</span>
            </td>
            <td>{visitor.email ?? "—"}</td>
            <td>
              <KeyValues values={visitor.attributes} />
            </td>
            <td class="nowrap">
              <Day iso={visitor.createdAt} />
            </td>
            <td class="nowrap">
              <Day iso={visitor.updatedAt} />
            </td>
            <td class="row-actions">
              <button
                type="button"
                class="button small"
                aria-label={`Conversations of ${visitor.externalId}`}
                onClick={() => setChosen(visitor)}
              >
                Conversations
              </button>
            </td>
          </tr>
        )}
      />
    </>
  )
}
