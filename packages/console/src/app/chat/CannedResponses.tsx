import type { Data } from "@servicekit/client"
import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Confirm, Loading, Notice, PageHeader } from "../Components.js"
import { useEditing } from "../Editing.js"
import { Field } from "../Field.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"
import { AttachFiles, type ChatFile, FileLinks, MAX_FILES_PER_CANNED_RESPONSE, UPLOAD_OPTIONS, uploaded } from "./ChatFiles.js"

export type CannedResponse = Data<"chatCannedResponsesDashboard.createAgentCannedResponse">

const FIELDS = ["name", "shortcut", "content"] as const

/** The tenant's canned responses: every agent reads them (and inserts them with `/` in a reply); admins change them. */
export const CannedResponses = (props: PageProps) => {
  const tenantId = props.session.tenantId
  const admin = props.session.role === "admin"
  const [loaded, reload] = useLoad(
    () => props.client.chatCannedResponsesDashboard.listAgentCannedResponses({ path: { tenantId } }),
    [tenantId]
  )
  const editing = useEditing<CannedResponse>()
  const [removing, setRemoving] = useState<CannedResponse | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const remove = async (response: CannedResponse) => {
    setRemoving(undefined)
    const { error } = await props.client.chatCannedResponsesDashboard.removeAgentCannedResponse({
      path: { tenantId, id: response.id }
    })
    setFailure(error === undefined ? undefined : describeError(error))
    if (error === undefined) editing.done(`Removed /${response.shortcut}.`)
    reload()
  }
  return (
    <>
      <PageHeader
        title="Canned responses"
        lead="Replies your team keeps ready: type / and the shortcut in a reply to insert one, then edit it before you send."
      >
        {admin && editing.editing === undefined ? (
          <button type="button" class="button primary" onClick={() => editing.open(null)}>
            Add a canned response
          </button>
        ) : null}
      </PageHeader>
      {editing.saved === undefined ? null : <Notice tone="info">{editing.saved}</Notice>}
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {editing.editing === undefined ? null : (
        <CannedResponseForm
          {...props}
          editing={editing.editing}
          onSaved={(saved) => {
            editing.done(`Saved /${saved.shortcut}.`)
            reload()
          }}
          onCancel={editing.close}
        />
      )}
      <Loading loaded={loaded}>
        {({ data }) =>
          data.length === 0 ? (
            <p class="muted">No canned responses yet.</p>
          ) : (
            <div class="card flush">
              <table class="table">
                <caption class="visually-hidden">Canned responses</caption>
                <thead>
                  <tr>
                    <th scope="col">Shortcut</th>
                    <th scope="col">Name</th>
                    <th scope="col">Text</th>
                    {admin ? (
                      <th scope="col">
                        <span class="visually-hidden">Actions</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {data.map((response) => (
                    <tr key={response.id}>
                      <td class="mono">/{response.shortcut}</td>
                      <td>{response.name}</td>
                      <td class="preview-cell">
                        {response.content}
                        <FileLinks files={response.files} />
                      </td>
                      {admin ? (
                        <td class="row-actions">
                          <button type="button" class="button small" aria-label={`Edit /${response.shortcut}`} onClick={() => editing.open(response)}>
                            Edit
                          </button>
                          <button type="button" class="button small" aria-label={`Remove /${response.shortcut}`} onClick={() => setRemoving(response)}>
                            Remove
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loading>
      {admin ? null : <p class="muted small">An admin of your account adds and changes canned responses.</p>}
      {removing === undefined ? null : (
        <Confirm
          title={`Remove /${removing.shortcut}?`}
          action="Remove"
          onConfirm={() => remove(removing)}
          onCancel={() => setRemoving(undefined)}
        >
          <p>Agents can no longer insert it. Replies sent with it stay as they were.</p>
        </Confirm>
      )}
    </>
  )
}

/** A new canned response, or one to change, with its files; what the API refuses is said at its field. */
const CannedResponseForm = (
  props: PageProps & {
    readonly editing: CannedResponse | null
    readonly onSaved: (saved: CannedResponse) => void
    readonly onCancel: () => void
  }
) => {
  const [problems, setProblems] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({})
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  /** Library files: uploaded for the tenant, not for a conversation; a reply that inserts the response carries copies. */
  const [files, setFiles] = useState<ReadonlyArray<ChatFile>>(props.editing?.files ?? [])
  const submit = async (event: Event) => {
    event.preventDefault()
    if (busy) return
    const form = new FormData(event.currentTarget as HTMLFormElement)
    const body = {
      name: String(form.get("name") ?? ""),
      shortcut: String(form.get("shortcut") ?? "").trim().replace(/^\//, ""),
      content: String(form.get("content") ?? ""),
      fileIds: files.map((file) => file.id)
    }
    const path = { tenantId: props.session.tenantId }
    setBusy(true)
    const { data, error } =
      props.editing === null
        ? await props.client.chatCannedResponsesDashboard.createAgentCannedResponse({ path, body })
        : await props.client.chatCannedResponsesDashboard.updateAgentCannedResponse({ path: { ...path, id: props.editing.id }, body })
    setBusy(false)
    if (error === undefined) return props.onSaved(data)
    const atFields = Object.fromEntries(
      (error.details ?? [])
        .filter((detail) => (FIELDS as ReadonlyArray<string>).includes(detail.field))
        .map((detail) => [detail.field, `It ${detail.reason}.`])
    )
    setProblems(atFields)
    setFailure(Object.keys(atFields).length === 0 ? describeError(error) : undefined)
  }
  return (
    <form class="card form" onSubmit={submit} aria-labelledby="canned-form-title">
      <h2 id="canned-form-title">{props.editing === null ? "Add a canned response" : `Change /${props.editing.shortcut}`}</h2>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <div class="field-row">
        <Field id="canned-shortcut" label="Shortcut" problem={problems.shortcut}>
          {(aria) => (
            <input
              {...aria}
              name="shortcut"
              required
              maxLength={33}
              spellcheck={false}
              autocomplete="off"
              class="mono"
              defaultValue={props.editing?.shortcut ?? ""}
              placeholder="refund"
            />
          )}
        </Field>
        <Field id="canned-name" label="Name" problem={problems.name}>
          {(aria) => <input {...aria} name="name" required maxLength={100} defaultValue={props.editing?.name ?? ""} />}
        </Field>
      </div>
      <Field id="canned-content" label="Text" problem={problems.content}>
        {(aria) => <textarea {...aria} name="content" required rows={4} maxLength={10_000} defaultValue={props.editing?.content ?? ""} />}
      </Field>
      <fieldset class="field">
        <legend>Files</legend>
        <p class="help">Attached to the reply whenever an agent inserts this response; at most {MAX_FILES_PER_CANNED_RESPONSE}.</p>
        <AttachFiles
          id="canned-file"
          files={files}
          max={MAX_FILES_PER_CANNED_RESPONSE}
          upload={async (file) =>
            uploaded(
              file,
              await props.client.chatFilesDashboard.uploadAgentLibraryFile(
                { path: { tenantId: props.session.tenantId }, query: { name: file.name }, body: file },
                UPLOAD_OPTIONS
              )
            )
          }
          onChange={setFiles}
        />
      </fieldset>
      <div class="form-actions">
        <button type="button" class="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" class="button primary" aria-disabled={busy ? "true" : undefined}>
          Save
        </button>
      </div>
    </form>
  )
}
