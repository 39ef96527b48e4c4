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
  readonly subject: string
  readonly html: string
  readonly text: string
}

const draftOf = (template: Template | undefined): Draft => ({
  name: template?.name ?? "",
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
        const { data, error } = await props.client.transactionalDashboard.createDashboardTemplate({ body: bodyOf(draft) })
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
                  const { error } = await props.client.transactionalDashboard.updateDashboardTemplate({
                    path: { id: template.id },
                    body: bodyOf(draft)
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
