import { useEffect, useRef, useState } from "preact/hooks"
import { Notice, PageHeader, formatTime } from "../Components.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { ConversationView } from "./ConversationView.js"
import { useNewConversationAlerts } from "./Alerts.js"
import { TeamPresence } from "./Presence.js"
import {
  type Conversation,
  type InboxEvent,
  type Message,
  type Note,
  STATUSES,
  type SharedConversation,
  titleOf,
  useInboxStream,
  withRead
} from "./InboxStream.js"

type Status = (typeof STATUSES)[number]
type Assigned = "anyone" | "me" | "nobody"

/** One page of the list at a time: a tenant with thousands of conversations loads them as asked. */
const PAGE_SIZE = 50
/** How many of the stream's latest events the open conversation is offered; it keeps what it took. */
const LIVE_KEPT = 100

const matches = (conversation: SharedConversation, status: Status | "all", assigned: Assigned, me: string) =>
  (status === "all" || conversation.status === status) &&
  (assigned === "anyone" || conversation.assigneeId === (assigned === "me" ? me : null))

/**
 * The list with a conversation's change: kept in place, added on top, or dropped when it leaves the
 * filters. A change the stream told everyone keeps the agent's read mark as the list knew it.
 */
const withChange = (
  list: ReadonlyArray<Conversation>,
  change: SharedConversation | Conversation,
  keep: (c: SharedConversation) => boolean
) => {
  const shown = list.find((item) => item.id === change.id)
  const conversation =
    "lastReadSequence" in change ? change : withRead(change, shown?.lastReadSequence ?? 0)
  const others = list.filter((item) => item.id !== conversation.id)
  if (!keep(conversation)) return others
  // A known conversation keeps its place (the list is newest first by creation); a new one goes on top.
  return shown === undefined
    ? [conversation, ...others]
    : list.map((item) => (item.id === conversation.id ? conversation : item))
}

const AUTHOR_PREFIX: Record<NonNullable<Conversation["lastMessage"]>["authorType"], string> = {
  visitor: "",
  agent: "Agent: ",
  api: "API: ",
  system: "System: "
}

/** The last message's first line, with who wrote it unless the visitor did. */
const preview = (conversation: Conversation) => {
  const last = conversation.lastMessage
  if (last === null) return "No messages yet"
  return `${AUTHOR_PREFIX[last.authorType]}${last.preview === "" ? "(empty message)" : last.preview}`
}

/** A list's time: the hour today, else the day; the full time on hover. */
const shortTime = (iso: string) => {
  const at = new Date(iso)
  return at.toDateString() === new Date().toDateString()
    ? at.toLocaleTimeString(undefined, { timeStyle: "short" })
    : at.toLocaleDateString(undefined, { dateStyle: "medium" })
}

/** The Live Chat inbox: the tenant's conversations by status and assignee, one open beside them, all live. */
export const Inbox = (props: PageProps & { readonly conversationId: string | undefined }) => {
  const tenantId = props.session.tenantId
  const [status, setStatus] = useState<Status | "all">("open")
  const [assigned, setAssigned] = useState<Assigned>("anyone")
  // The words searched for, once submitted: "" shows every conversation of the filters.
  const [search, setSearch] = useState("")
  const [list, setList] = useState<ReadonlyArray<Conversation>>([])
  const listed = useRef<ReadonlyArray<Conversation>>([])
  listed.current = list
  const [nextCursor, setNextCursor] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [loading, setLoading] = useState(true)
  // Bumped by the stream's `resync`: the list and the open conversation are fetched again.
  const [round, setRound] = useState(0)
  // What the stream brought, newest last: a list, since several events may come between two renders.
  const [arrived, setArrived] = useState<ReadonlyArray<Message>>([])
  const [noted, setNoted] = useState<ReadonlyArray<Note>>([])
  const [changed, setChanged] = useState<ReadonlyArray<SharedConversation>>([])
  /** The latest conversation whose visitor was said to be typing, and when. */
  const [typing, setTyping] = useState<{ readonly conversationId: string; readonly at: number } | undefined>(undefined)

  // Each (re)load of the first page starts a generation: an answer of an older one is dropped, so a
  // slow answer for the previous filters never replaces the list of the current ones.
  const generation = useRef(0)
  // The stream's changes since the current first page was asked for: applied over its answer, which may predate them.
  const heard = useRef<Array<SharedConversation>>([])
  // While searching, the stream only updates what the search found: the server alone knows what else matches.
  const keep = (conversation: SharedConversation) =>
    matches(conversation, status, assigned, props.session.subject) &&
    (search === "" || listed.current.some((item) => item.id === conversation.id))
  const fetchPage = async (cursor: string | undefined, of = generation.current) => {
    const { data, error } = await props.client.chatDashboard.listAgentConversations({
      path: { tenantId },
      query: {
        limit: PAGE_SIZE,
        ...(cursor === undefined ? {} : { cursor }),
        ...(status === "all" ? {} : { status }),
        ...(assigned === "anyone" ? {} : { assigned }),
        ...(search === "" ? {} : { q: search })
      }
    })
    if (of !== generation.current) return
    setLoading(false)
    if (error !== undefined) return setFailure(error.message ?? "The conversations could not be loaded.")
    setFailure(undefined)
    setList((shown) =>
      cursor === undefined
        ? heard.current.reduce((list, change) => withChange(list, change, keep), data.data)
        : [...shown, ...data.data]
    )
    setNextCursor(data.meta.nextCursor)
  }

  useEffect(() => {
    setLoading(true)
    heard.current = []
    void fetchPage(undefined, ++generation.current)
  }, [tenantId, status, assigned, search, round])

  const alerts = useNewConversationAlerts()
  useInboxStream(props.client, tenantId, (event: InboxEvent) => {
    if (event.kind === "resync") return setRound((n) => n + 1)
    if (event.kind === "message") return setArrived((shown) => [...shown.slice(1 - LIVE_KEPT), event.message])
    if (event.kind === "note") return setNoted((shown) => [...shown.slice(1 - LIVE_KEPT), event.note])
    if (event.kind === "typing") return setTyping({ conversationId: event.conversationId, at: Date.now() })
    // The agent read on in another tab: the mark only moves forward.
    if (event.kind === "read") {
      if (event.readerId !== props.session.subject) return
      return setList((shown) =>
        shown.map((item) =>
          item.id === event.conversationId && event.lastReadSequence > item.lastReadSequence
            ? withRead(item, event.lastReadSequence)
            : item
        )
      )
    }
    const conversation = event.conversation
    alerts.heard(conversation)
    setChanged((shown) => [...shown.slice(1 - LIVE_KEPT), conversation])
    heard.current.push(conversation)
    setList((shown) => withChange(shown, conversation, keep))
  })

  return (
    <>
      <PageHeader title="Inbox" lead="Your tenant's Live Chat conversations, updated as visitors write." />
      <TeamPresence {...props}>{alerts.toggle}</TeamPresence>
      <div class="inbox">
        <section class="card flush inbox-list" aria-labelledby="inbox-list-title">
          <h2 id="inbox-list-title" class="visually-hidden">
            Conversations
          </h2>
          <form
            class="filters form inbox-search"
            role="search"
            onSubmit={(event) => {
              event.preventDefault()
              setSearch(String(new FormData(event.currentTarget).get("q") ?? "").trim())
            }}
          >
            <div class="field">
              <label for="inbox-search">Search</label>
              <input id="inbox-search" name="q" type="search" placeholder="Name, email or words" maxLength={200} />
            </div>
          </form>
          <div class="filters form">
            <div class="field">
              <label for="inbox-status">Status</label>
              <select id="inbox-status" value={status} onChange={(e) => setStatus(e.currentTarget.value as Status | "all")}>
                {STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {value[0]!.toUpperCase() + value.slice(1)}
                  </option>
                ))}
                <option value="all">All</option>
              </select>
            </div>
            <div class="field">
              <label for="inbox-assigned">Assigned to</label>
              <select id="inbox-assigned" value={assigned} onChange={(e) => setAssigned(e.currentTarget.value as Assigned)}>
                <option value="anyone">Anyone</option>
                <option value="me">Me</option>
                <option value="nobody">Nobody</option>
              </select>
            </div>
          </div>
          {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
          {loading ? (
            <p class="muted pad" role="status">
              Loading…
            </p>
          ) : list.length === 0 ? (
            <p class="muted pad">No conversations here.</p>
          ) : (
            <ul class="conversations">
              {list.map((conversation) => (
                <li key={conversation.id}>
                  <a
                    href={href(`/chat/inbox/${conversation.id}`)}
                    aria-current={conversation.id === props.conversationId ? "page" : undefined}
                  >
                    <span class="conversation-top">
                      <span class="conversation-name">{titleOf(conversation)}</span>
                      {conversation.unreadCount === 0 ? null : (
                        <span class="unread" title={`${conversation.unreadCount} unread`}>
                          {conversation.unreadCount > 99 ? "99+" : conversation.unreadCount}
                          <span class="visually-hidden"> unread</span>
                        </span>
                      )}
                    </span>
                    <span class="conversation-preview small">
                      <span class="last-message">{preview(conversation)}</span>
                      {conversation.lastMessage === null ? null : (
                        <time
                          class="muted"
                          dateTime={conversation.lastMessage.createdAt}
                          title={formatTime(conversation.lastMessage.createdAt)}
                        >
                          {shortTime(conversation.lastMessage.createdAt)}
                        </time>
                      )}
                    </span>
                    <span class="muted small">
                      <span class={`status ${conversation.status}`}>{conversation.status}</span>{" "}
                      {conversation.messageCount} {conversation.messageCount === 1 ? "message" : "messages"}
                      {conversation.assigneeId === null
                        ? " · unassigned"
                        : conversation.assigneeId === props.session.subject
                          ? " · assigned to you"
                          : ` · ${conversation.assigneeId}`}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
          {nextCursor === null ? null : (
            <div class="pad">
              <button type="button" class="button small" onClick={() => fetchPage(nextCursor)}>
                Load more
              </button>
            </div>
          )}
        </section>
        {props.conversationId === undefined ? (
          <section class="card empty inbox-thread">
            <h2>Pick a conversation</h2>
            <p>Its messages appear here; new ones arrive as the visitor writes.</p>
          </section>
        ) : (
          <ConversationView
            {...props}
            key={props.conversationId}
            conversationId={props.conversationId}
            round={round}
            arrived={arrived}
            noted={noted}
            changed={changed}
            typing={typing?.conversationId === props.conversationId ? typing.at : undefined}
            onRead={(read) => setList((shown) => withChange(shown, read, keep))}
          />
        )}
      </div>
    </>
  )
}
