import { useRef, useState } from "preact/hooks"
import { describeError } from "../Api.js"
import type { PageProps } from "../PageProps.js"
import { matching, useCannedResponses, withCannedFiles } from "./CannedSuggestions.js"
import type { CannedResponse } from "./CannedResponses.js"
import { AttachFiles, type ChatFile, MAX_FILES_PER_MESSAGE, UPLOAD_OPTIONS, uploaded } from "./ChatFiles.js"
import type { Message, Note } from "./InboxStream.js"

/**
 * The box under a conversation: a reply the visitor reads (with files attached) or a note for the
 * team. Enter sends; `/shortcut` and Enter inserts a canned response, its files attached.
 */
export const ReplyBox = (
  props: PageProps & {
    readonly conversationId: string
    readonly closed: boolean
    readonly onReplied: (message: Message) => void
    readonly onNoted: (note: Note) => void
    /** What the last send said went wrong; undefined once one succeeds. */
    readonly onFailure: (failure: string | undefined) => void
  }
) => {
  const tenantId = props.session.tenantId
  const path = { tenantId, id: props.conversationId }
  /** What the box writes: a reply the visitor reads, or a note for the team. */
  const [mode, setMode] = useState<"reply" | "note">("reply")
  const [draft, setDraft] = useState("")
  /** Files uploaded to the conversation for the next reply; notes carry none. */
  const [attached, setAttached] = useState<ReadonlyArray<ChatFile>>([])
  const [sending, setSending] = useState(false)
  const canned = useCannedResponses(props)
  const suggested = draft.startsWith("/") && mode === "reply" ? matching(canned, draft.slice(1)) : []
  /** Puts a canned response's text in the box, to edit before sending, and attaches its files. */
  const insert = (response: CannedResponse) => {
    setDraft(response.content)
    setAttached((files) => withCannedFiles(files, response, MAX_FILES_PER_MESSAGE))
    document.getElementById("reply")?.focus()
  }
  // The visitor sees the agent typing: said at most every three seconds.
  const saidTyping = useRef(0)
  const sayTyping = () => {
    if (Date.now() - saidTyping.current < 3_000) return
    saidTyping.current = Date.now()
    void props.client.chatDashboard.agentTyping({ path })
  }

  const send = async () => {
    const content = draft.trim()
    const files = mode === "reply" ? attached : []
    if ((content === "" && files.length === 0) || sending) return
    setSending(true)
    if (mode === "note") {
      const { data, error } = await props.client.chatDashboard.addAgentNote({ path, body: { content } })
      setSending(false)
      if (error !== undefined) return props.onFailure(describeError(error))
      props.onNoted(data)
    } else {
      const body = { content, ...(files.length === 0 ? {} : { fileIds: files.map((file) => file.id) }) }
      const { data, error } = await props.client.chatDashboard.replyAsAgent({ path, body })
      setSending(false)
      if (error !== undefined) return props.onFailure(describeError(error))
      props.onReplied(data)
      setAttached([])
    }
    props.onFailure(undefined)
    setDraft("")
  }

  const replyClosed = mode === "reply" && props.closed
  return (
    <form
      class="reply form"
      onSubmit={(event) => {
        event.preventDefault()
        void send()
      }}
    >
      <fieldset class="reply-mode">
        <legend class="visually-hidden">Write</legend>
        <label>
          <input type="radio" name="reply-mode" checked={mode === "reply"} onChange={() => setMode("reply")} /> Reply
        </label>
        <label>
          <input type="radio" name="reply-mode" checked={mode === "note"} onChange={() => setMode("note")} /> Private note
        </label>
      </fieldset>
      <label for="reply" class="visually-hidden">
        {mode === "note" ? "Private note" : "Reply"}
      </label>
      <textarea
        id="reply"
        rows={2}
        placeholder={
          mode === "note"
            ? "A note only your team sees; Enter adds it"
            : props.closed
              ? "Reopen the conversation to reply"
              : "Write a reply; Enter sends, Shift+Enter adds a line"
        }
        value={draft}
        disabled={replyClosed}
        onInput={(e) => {
          setDraft(e.currentTarget.value)
          // A note is the team's: the visitor is not told of it.
          if (mode === "reply") sayTyping()
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
            event.preventDefault()
            // "/shortcut" and Enter inserts the response it names (or the one that matches) instead of sending.
            const chosen = suggested.find((each) => `/${each.shortcut}` === draft.trim()) ?? (suggested.length === 1 ? suggested[0] : undefined)
            if (chosen !== undefined) return insert(chosen)
            void send()
          }
        }}
      />
      <button type="submit" class="button primary" disabled={sending || replyClosed}>
        {mode === "note" ? "Add note" : "Send"}
      </button>
      {mode === "note" ? null : (
        <AttachFiles
          id="reply-file"
          files={attached}
          max={MAX_FILES_PER_MESSAGE}
          disabled={replyClosed}
          upload={async (file) =>
            uploaded(file, await props.client.chatFilesDashboard.uploadAgentFile({ path, query: { name: file.name }, body: file }, UPLOAD_OPTIONS))
          }
          onChange={setAttached}
        />
      )}
      {suggested.length === 0 ? null : (
        <ul class="canned-suggestions" aria-label="Canned responses">
          {suggested.map((response) => (
            <li key={response.id}>
              <button type="button" class="button small" onClick={() => insert(response)}>
                /{response.shortcut} · {response.name}
                {response.files.length === 0 ? "" : ` · ${response.files.length === 1 ? "1 file" : `${response.files.length} files`}`}
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  )
}
