import type { Data } from "@servicekit/client"
import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Confirm, Loading, Notice, PageHeader, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { TemplatePreview } from "./TemplatePreview.js"

type Template = Data<"transactionalDashboard.getDashboardTemplate">

interface Draft {
  readonly name: string
  readonly fromName: string
  readonly fromAddress: string
  readonly subject: string
  readonly html: string
  readonly text: string
}

const draftOf = (template: Template | undefined): Draft => ({
  name: template?.name ?? "",
  fromName: template?.from?.name ?? "",
  fromAddress: template?.from?.address ?? "",
  subject: template?.bodyJson.subject ?? "",
  html: template?.bodyJson.html ?? "",
  text: template?.bodyJson.text ?? ""
})

/** The fields of a template; `onSave` answers the failure to show, if any. */
const TemplateForm = (props: {
  readonly initial: Draft
  readonly action: string
  readonly onSave: (draft: Draft) => Promise<string | undefined>
}) => {
  const [draft, setDraft] = useState(props.initial)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [saved, setSaved] = useState(false)
  const field = (key: keyof Draft) => ({
    value: draft[key],
    onInput: (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      setDraft({ ...draft, [key]: event.currentTarget.value })
      setSaved(false)
    }
  })
  const submit = async (event: Event) => {
    event.preventDefault()
    if (draft.fromName.trim() !== "" && draft.fromAddress.trim() === "") {
      setFailure("A sender name needs the sender's address: give one, or clear the name.")
      return
    }
    setBusy(true)
    const problem = await props.onSave(draft)
    setBusy(false)
    setFailure(problem)
    setSaved(problem === undefined)
  }
  return (
    <form class="card form" onSubmit={submit} aria-label="Template">
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {saved ? <Notice tone="info">Saved.</Notice> : null}
      <div class="field">
        <label for="template-name">Name</label>
        <input id="template-name" required maxLength={200} {...field("name")} />
      </div>
      <div class="field-row">
        <div class="field">
          <label for="template-from-name">Sender name</label>
          <input id="template-from-name" maxLength={200} autoComplete="off" {...field("fromName")} />
        </div>
        <div class="field grow">
          <label for="template-from-address">Sender address</label>
          <input
            id="template-from-address"
            type="email"
            maxLength={254}
            autoComplete="off"
            aria-describedby="template-from-hint"
            {...field("fromAddress")}
          />
          <p id="template-from-hint" class="muted small">
            On one of your verified <a href={href("/transactional/domains")}>sending domains</a>; empty, the
            platform's sender. A send's own sender wins.
          </p>
        </div>
      </div>
      <div class="field">
        <label for="template-subject">Subject</label>
        <input id="template-subject" {...field("subject")} />
      </div>
      <div class="field">
        <label for="template-html">HTML</label>
        <textarea id="template-html" class="mono" rows={10} {...field("html")} />
      </div>
      <div class="field">
        <label for="template-text">Text</label>
        <textarea id="template-text" class="mono" rows={5} {...field("text")} />
      </div>
      <div class="form-actions">
        <button type="submit" class="button primary" disabled={busy}>
          {props.action}
        </button>
      </div>
    </form>
  )
}

/** The sender a draft names; without an address, none (`null` takes a saved one away). */
const fromOf = (draft: Draft) =>
  draft.fromAddress.trim() === ""
    ? null
    : { address: draft.fromAddress.trim(), ...(draft.fromName.trim() === "" ? {} : { name: draft.fromName.trim() }) }

const bodyOf = (draft: Draft) => ({
  name: draft.name,
  bodyJson: { subject: draft.subject, html: draft.html, text: draft.text }
})

/** A new template: once created, its own page (with the preview) takes over. */
export const NewTemplate = (props: PageProps) => (
  <>
    <p class="breadcrumb">
      <a href={href("/transactional/templates")}>Email templates</a>
    </p>
    <PageHeader title="New template" />
    <TemplateForm
      initial={draftOf(undefined)}
      action="Create template"
      onSave={async (draft) => {
        const from = fromOf(draft)
        const { data, error } = await props.client.transactionalDashboard.createDashboardTemplate({
          body: { ...bodyOf(draft), ...(from === null ? {} : { from }) }
        })
        if (data === undefined) return describeError(error)
        location.hash = href(`/transactional/templates/${data.id}`)
        return undefined
      }}
    />
  </>
)

/** A template: its fields, saved with PATCH, its preview and its deletion. */
export const TemplateEditor = (props: PageProps & { readonly templateId: string }) => {
  const [loaded, reload] = useLoad(
    () => props.client.transactionalDashboard.getDashboardTemplate({ path: { id: props.templateId } }),
    [props.templateId]
  )
  const [deleting, setDeleting] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const remove = async () => {
    setDeleting(false)
    const { error } = await props.client.transactionalDashboard.deleteDashboardTemplate({ path: { id: props.templateId } })
    if (error === undefined) location.hash = href("/transactional/templates")
    else setFailure(describeError(error))
  }
  return (
    <>
      <p class="breadcrumb">
        <a href={href("/transactional/templates")}>Email templates</a>
      </p>
      <Loading loaded={loaded}>
        {(template) => (
          <>
            <PageHeader title={template.name} lead={`Updated ${formatTime(template.updatedAt)}`}>
              <button type="button" class="button danger-text" onClick={() => setDeleting(true)}>
                Delete
              </button>
            </PageHeader>
            {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
            <div class="editor">
              <TemplateForm
                key={template.id}
                initial={draftOf(template)}
                action="Save"
                onSave={async (draft) => {
                  // The sender only when it changed: a saved one whose domain is no longer verified would refuse the save.
                  const saved = fromOf(draftOf(template))
                  const from = fromOf(draft)
                  const { error } = await props.client.transactionalDashboard.updateDashboardTemplate({
                    path: { id: template.id },
                    body: { ...bodyOf(draft), ...(JSON.stringify(from) === JSON.stringify(saved) ? {} : { from }) }
                  })
                  if (error !== undefined) return describeError(error)
                  reload()
                  return undefined
                }}
              />
              <TemplatePreview
                client={props.client}
                apiPath={props.kit.apiPath}
                templateId={template.id}
                placeholders={template.variables}
                version={template.updatedAt}
              />
            </div>
            {deleting ? (
              <Confirm title="Delete this template?" action="Delete" onConfirm={remove} onCancel={() => setDeleting(false)}>
                <p>
                  Sends that name <strong>{template.name}</strong> will be refused. Messages already accepted are still
                  delivered.
                </p>
              </Confirm>
            ) : null}
          </>
        )}
      </Loading>
    </>
  )
}
