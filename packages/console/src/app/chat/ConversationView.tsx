import { useEffect, useRef, useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Notice, formatTime } from "../Components.js"
import type { PageProps } from "../PageProps.js"
import {
  type Conversation,
  type Message,
  type Note,
  STATUSES,
  type SharedConversation,
  titleOf,
  useTyping,
  withRead
} from "./InboxStream.js"
import { FileLinks } from "./ChatFiles.js"
import { Labels } from "./ConversationLabels.js"
import { ReplyBox } from "./ReplyBox.js"
import { merge, mergeNotes, threadOf } from "./Thread.js"
import { VisitorPanel } from "./VisitorPanel.js"

/** Messages are read in pages of this many, oldest first. */
const MESSAGE_PAGE = 100

const author = (message: Message, me: string, visitor: Conversation["visitor"]) =>
  message.authorType === "visitor"
    ? (visitor?.displayName ?? "Visitor")
    : message.authorType === "agent"
      ? message.authorId === me
        ? "You"
        : (message.authorName ?? message.authorId ?? "Agent")
      : message.authorType === "api"
        ? "API"
        : "System"

/** Who the visitor is, in the words the tenant gave: name, email and its own id for them. */
const visitorLine = (visitor: NonNullable<Conversation["visitor"]>) =>
  [visitor.displayName, visitor.email, `id ${visitor.externalId}`].filter((part) => part !== null).join(" · ")

/** The notes shown when a conversation opens: its newest, up to this many. */
const NOTES_SHOWN = 100

/** The later of two states of a conversation (ISO times compare as text): the stream and a fetch may cross. */
const newer = (shown: Conversation | undefined, next: Conversation) =>
  shown === undefined || next.updatedAt >= shown.updatedAt ? next : shown

/** One conversation: its messages and their files (live), a reply box that Enter sends, its assignee and status. */
export const ConversationView = (
  props: PageProps & {
    readonly conversationId: string
    /** Changes on each `resync` of the stream: everything is fetched again. */
    readonly round: number
    /** The stream's latest messages and conversation changes, of any conversation, newest last. */
    readonly arrived: ReadonlyArray<Message>
    /** The stream's latest private notes, of any conversation, newest last. */
    readonly noted: ReadonlyArray<Note>
    readonly changed: ReadonlyArray<SharedConversation>
    /** When the stream last said this conversation's visitor is typing. */
    readonly typing: number | undefined
    /** The conversation once the agent has read more of it. */
    readonly onRead: (conversation: Conversation) => void
  }
) => {
  const tenantId = props.session.tenantId
  const path = { tenantId, id: props.conversationId }
  const me = props.session.subject
  const [conversation, setConversation] = useState<Conversation | undefined>(undefined)
  const [messages, setMessages] = useState<ReadonlyArray<Message>>([])
  const [notes, setNotes] = useState<ReadonlyArray<Note>>([])
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const log = useRef<HTMLOListElement>(null)
  const visitorTyping = useTyping(props.typing, messages)

  useEffect(() => {
    let current = true
    void (async () => {
      const found = await props.client.chatDashboard.getAgentConversation({ path })
      if (!current) return
      if (found.error !== undefined) return setFailure(describeError(found.error))
      setConversation((shown) => newer(shown, found.data))
      const noted = await props.client.chatDashboard.listAgentNotes({ path, query: { limit: NOTES_SHOWN } })
      if (!current) return
      if (noted.error !== undefined) return setFailure(describeError(noted.error))
      setNotes((shown) => mergeNotes(shown, noted.data.data))
      let after: string | undefined
      for (;;) {
        const page = await props.client.chatDashboard.listAgentMessages({
          path,
          query: { limit: MESSAGE_PAGE, ...(after === undefined ? {} : { after }) }
        })
        if (!current) return
        if (page.error !== undefined) return setFailure(describeError(page.error))
        setMessages((shown) => merge(shown, page.data.data))
        if (page.data.meta.nextCursor === null) return
        after = page.data.meta.nextCursor
      }
    })()
    return () => {
      current = false
    }
  }, [props.conversationId, props.round])

  useEffect(() => {
    const ours = props.arrived.filter((message) => message.conversationId === props.conversationId)
    if (ours.length > 0) setMessages((shown) => merge(shown, ours))
  }, [props.arrived])
  useEffect(() => {
    const ours = props.noted.filter((note) => note.conversationId === props.conversationId)
    if (ours.length > 0) setNotes((shown) => mergeNotes(shown, ours))
  }, [props.noted])
  useEffect(() => {
    const ours = props.changed.filter((changed) => changed.id === props.conversationId)
    const latest = ours[ours.length - 1]
    if (latest !== undefined) setConversation((shown) => newer(shown, withRead(latest, shown?.lastReadSequence ?? 0)))
  }, [props.changed])
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView({ block: "end" })
  }, [messages.length, notes.length])

  // What the agent has on screen is read: the last message shown, once the tab is visible.
  const asked = useRef(0)
  const markRead = async () => {
    const last = messages[messages.length - 1]
    if (last === undefined || conversation === undefined || document.visibilityState !== "visible") return
    if (last.sequence <= Math.max(conversation.lastReadSequence, asked.current)) return
    asked.current = last.sequence
    const { data } = await props.client.chatDashboard.markConversationRead({ path, body: { sequence: last.sequence } })
    if (data === undefined) return
    setConversation((shown) => newer(shown, data))
    props.onRead(data)
  }
  useEffect(() => {
    void markRead()
  }, [messages, conversation?.lastReadSequence])
  useEffect(() => {
    const onVisible = () => void markRead()
    document.addEventListener("visibilitychange", onVisible)
    return () => document.removeEventListener("visibilitychange", onVisible)
  })

  const act = async (answer: Promise<{ readonly data?: Conversation; readonly error?: Parameters<typeof describeError>[0] }>) => {
    const { data, error } = await answer
    if (error !== undefined) return setFailure(describeError(error))
    setFailure(undefined)
    if (data !== undefined) setConversation((shown) => newer(shown, data))
  }

  if (conversation === undefined) {
    return (
      <section class="card inbox-thread">
        {failure === undefined ? <p class="muted" role="status">Loading…</p> : <Notice tone="error">{failure}</Notice>}
      </section>
    )
  }
  return (
    <section class="card flush inbox-thread" aria-labelledby="thread-title">
      <header class="thread-header">
        <div>
          <h2 id="thread-title">{titleOf(conversation)}</h2>
          <p class="muted small">
            {conversation.visitor === null ? "No visitor" : visitorLine(conversation.visitor)} · source {conversation.source} · started {formatTime(conversation.createdAt)}
          </p>
        </div>
        <div class="thread-actions form">
          <div class="field">
            <label for="thread-status">Status</label>
            <select
              id="thread-status"
              value={conversation.status}
              onChange={(e) =>
                act(
                  props.client.chatDashboard.setConversationStatus({
                    path,
                    body: { status: e.currentTarget.value as (typeof STATUSES)[number] }
                  })
                )
              }
            >
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status[0]!.toUpperCase() + status.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <p class="assignee">
            <span class="muted">Assigned to </span>
            <span>{conversation.assigneeId === null ? "nobody" : conversation.assigneeId === me ? "you" : conversation.assigneeId}</span>
          </p>
          {conversation.assigneeId === me ? (
            <button
              type="button"
              class="button small"
              onClick={() => act(props.client.chatDashboard.assignConversation({ path, body: { assigneeId: null } }))}
            >
              Unassign
            </button>
          ) : (
            <button
              type="button"
              class="button small"
              onClick={() => act(props.client.chatDashboard.assignConversation({ path, body: { assigneeId: me } }))}
            >
              Assign to me
            </button>
          )}
        </div>
      </header>
      <Labels
        labels={conversation.labels}
        onChange={(labels) => act(props.client.chatDashboard.setAgentConversationLabels({ path, body: { labels } }))}
      />
      <VisitorPanel {...props} conversation={conversation} />
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {/* Focusable, so that a long thread scrolls with the keyboard too. */}
      <div class="thread" role="log" aria-live="polite" aria-label="Messages" tabIndex={0}>
        <ol ref={log}>
        {messages.length === 0 ? <li class="muted">No messages yet.</li> : null}
        {threadOf(messages, notes).map((entry) =>
          "note" in entry ? (
            <li key={entry.note.id} class="bubble note">
              <span class="bubble-meta">
                Private note · {entry.note.authorId === me ? "You" : (entry.note.authorName ?? entry.note.authorId ?? "API")} ·{" "}
                <time dateTime={entry.note.createdAt}>{formatTime(entry.note.createdAt)}</time>
              </span>
              <span class="bubble-text">{entry.note.content}</span>
            </li>
          ) : (
            <li key={entry.message.id} class={`bubble ${entry.message.authorType}`}>
              <span class="bubble-meta">
                {author(entry.message, me, conversation.visitor)} ·{" "}
                <time dateTime={entry.message.createdAt}>{formatTime(entry.message.createdAt)}</time>
              </span>
              {entry.message.content === "" ? null : <span class="bubble-text">{entry.message.content}</span>}
              <FileLinks files={entry.message.files} />
            </li>
          )
        )}
        </ol>
      </div>
      <p class="typing muted small" role="status">
        {visitorTyping ? `${conversation.visitor?.displayName ?? "The visitor"} is typing…` : ""}
      </p>
      <ReplyBox
        {...props}
        closed={conversation.status === "closed"}
        onReplied={(message) => setMessages((shown) => merge(shown, [message]))}
        onNoted={(note) => setNotes((shown) => mergeNotes(shown, [note]))}
        onFailure={setFailure}
      />
    </section>
  )
}
