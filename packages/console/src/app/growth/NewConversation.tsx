import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Notice, PageHeader } from "../Components.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"

interface Draft {
  readonly email: string
  readonly name: string
  readonly subject: string
  readonly content: string
}

/** Starts a thread: its first message is emailed to the contact; the thread's own page takes over. */
export const NewConversation = (props: PageProps) => {
  const [draft, setDraft] = useState<Draft>({ email: "", name: "", subject: "", content: "" })
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const field = (key: keyof Draft) => ({
    value: draft[key],
    onInput: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
      setDraft({ ...draft, [key]: event.currentTarget.value })
  })
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    const { data, error } = await props.client.growthConversations.createGrowthConversation({
      body: {
        contact: { email: draft.email.trim(), name: draft.name.trim() === "" ? null : draft.name.trim() },
        subject: draft.subject,
        content: draft.content
      }
    })
    setBusy(false)
    if (data === undefined) return setFailure(describeError(error))
    location.hash = href(`/growth/conversations/${data.id}`)
  }
  return (
    <>
      <p class="breadcrumb">
        <a href={href("/growth/conversations")}>Conversations</a>
      </p>
      <PageHeader title="New conversation" lead="The message is emailed to the contact as soon as it is stored." />
      <form class="card form" onSubmit={submit} aria-label="New conversation">
        {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
        <div class="field-row">
          <div class="field grow">
            <label for="contact-email">Contact email</label>
            <input id="contact-email" type="email" required {...field("email")} />
          </div>
          <div class="field grow">
            <label for="contact-name">Contact name (optional)</label>
            <input id="contact-name" maxLength={200} {...field("name")} />
          </div>
        </div>
        <div class="field">
          <label for="conversation-subject">Subject</label>
          <input id="conversation-subject" required maxLength={998} {...field("subject")} />
        </div>
        <div class="field">
          <label for="conversation-content">Message</label>
          <textarea id="conversation-content" required rows={8} maxLength={50_000} {...field("content")} />
        </div>
        <div class="form-actions">
          <button type="submit" class="button primary" disabled={busy}>
            Send and start
          </button>
        </div>
      </form>
    </>
  )
}
