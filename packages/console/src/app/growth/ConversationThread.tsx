import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Loading, Notice, PageHeader, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"

/** A reply (emailed to the contact) or the contact's own reply, recorded as received elsewhere. */
const MessageForm = (props: PageProps & { readonly conversationId: string; readonly onAdded: () => void }) => {
  const [content, setContent] = useState("")
  const [direction, setDirection] = useState<"outbound" | "inbound">("outbound")
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    const { error } = await props.client.growthConversations.addGrowthMessage({
      path: { id: props.conversationId },
      body: { content, direction }
    })
    setBusy(false)
    if (error !== undefined) return setFailure(describeError(error))
    setFailure(undefined)
    setContent("")
    props.onAdded()
  }
  return (
    <form class="form pad" onSubmit={submit} aria-label="Add a message">
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <fieldset class="field">
        <legend>Message</legend>
        <div class="choices">
          <label>
            <input type="radio" name="direction" checked={direction === "outbound"} onChange={() => setDirection("outbound")} />
            Reply (emailed to the contact)
          </label>
          <label>
            <input type="radio" name="direction" checked={direction === "inbound"} onChange={() => setDirection("inbound")} />
            The contact's reply (recorded, not sent)
          </label>
        </div>
      </fieldset>
      <div class="field">
        <label for="message-content">Text</label>
        <textarea
          id="message-content"
          required
          rows={5}
          maxLength={50_000}
          value={content}
          onInput={(event) => setContent(event.currentTarget.value)}
        />
      </div>
      <div class="form-actions">
        <button type="submit" class="button primary" disabled={busy}>
          {direction === "outbound" ? "Send reply" : "Record reply"}
        </button>
      </div>
    </form>
  )
}

/** One thread: its messages oldest first (the latest 200), adding one, and opening or closing it. */
export const ConversationThread = (props: PageProps & { readonly conversationId: string }) => {
  const [loaded, reload] = useLoad(
    () => props.client.growthConversations.getGrowthConversation({ path: { id: props.conversationId } }),
    [props.conversationId]
  )
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const setStatus = async (status: "open" | "closed") => {
    const { error } = await props.client.growthConversations.updateGrowthConversation({
      path: { id: props.conversationId },
      body: { status }
    })
    setFailure(error === undefined ? undefined : describeError(error))
    reload()
  }
  return (
    <>
      <p class="breadcrumb">
        <a href={href("/growth/conversations")}>Conversations</a>
      </p>
      <Loading loaded={loaded}>
        {(thread) => (
          <>
            <PageHeader
              title={thread.subject}
              lead={`${thread.contact.name === null ? "" : `${thread.contact.name} · `}${thread.contact.email}`}
            >
              <span class={`status ${thread.status}`} data-testid="conversation-status">
                {thread.status === "open" ? "Open" : "Closed"}
              </span>
              <button type="button" class="button" onClick={() => setStatus(thread.status === "open" ? "closed" : "open")}>
                {thread.status === "open" ? "Close" : "Reopen"}
              </button>
            </PageHeader>
            {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
            <section class="card flush" aria-label="Messages">
              {thread.messageCount > thread.messages.length ? (
                <p class="help pad">The {thread.messageCount - thread.messages.length} earliest messages are not shown.</p>
              ) : null}
              <div class="thread">
                <ol>
                  {thread.messages.map((message) => (
                    <li key={message.id} class={`bubble ${message.direction === "outbound" ? "agent" : ""}`}>
                      <span class="bubble-meta">
                        {message.direction === "outbound" ? `Sent by ${message.authorId ?? "the team"}` : "From the contact"} ·{" "}
                        {formatTime(message.createdAt)}
                      </span>
                      <span class="bubble-text">{message.content}</span>
                    </li>
                  ))}
                </ol>
              </div>
              <MessageForm {...props} onAdded={reload} />
            </section>
          </>
        )}
      </Loading>
    </>
  )
}
