import type { Data } from "@servicekit/client"
import { Notice } from "../Components.js"
import { Field } from "../Field.js"
import type { PageProps } from "../PageProps.js"
import { useSave } from "../Saving.js"

export type FileRules = Data<"chatFilesDashboard.getAgentFileRules">
type FileKind = FileRules["kinds"][number]

/** Every kind the API knows, in its order, as people name them; the Record keeps the list complete. */
const KIND_LABELS: Record<FileKind, string> = {
  images: "Images (PNG, JPEG, GIF, WebP)",
  pdf: "PDF",
  text: "Text",
  documents: "Documents (Office, OpenDocument, RTF)",
  archives: "Archives (zip, gzip, 7z, tar)",
  audio: "Audio",
  video: "Video"
}
const KINDS = Object.keys(KIND_LABELS) as ReadonlyArray<FileKind>

const FIELDS = ["maxFileBytes", "kinds"] as const
type FieldName = (typeof FIELDS)[number]

/** The console's MB, as its file sizes elsewhere: 1024 × 1024 bytes. */
const BYTES_PER_MB = 1024 * 1024

/** A size in MB as the field shows it: up to one decimal. */
const megabytesOf = (bytes: number) => String(Math.round((bytes / BYTES_PER_MB) * 10) / 10)

/**
 * Which files the tenant's chat takes, both ways: up to a size, of the kinds ticked (admins change
 * it, members read it). A value the API refuses is said at its field.
 */
export const FileRulesForm = (props: PageProps & { readonly rules: FileRules; readonly onSaved: () => void }) => {
  const { rules } = props
  const admin = props.session.role === "admin"
  const shownMegabytes = megabytesOf(rules.maxFileBytes)
  const shownExactly = Number(shownMegabytes) * BYTES_PER_MB === rules.maxFileBytes
  const { problems, failure, saved, busy, save } = useSave<FieldName>()

  const submit = async (event: Event) => {
    event.preventDefault()
    if (busy || !admin) return
    const form = new FormData(event.currentTarget as HTMLFormElement)
    const typed = String(form.get("maxFileMegabytes") ?? "").trim()
    const stored = await save(FIELDS, () =>
      props.client.chatFilesDashboard.setAgentFileRules({
        path: { tenantId: props.session.tenantId },
        body: {
          // An untouched figure leaves the size as it is: one decimal may round a size set through the API.
          maxFileBytes: typed === shownMegabytes ? undefined : Math.round(Number(typed) * BYTES_PER_MB),
          kinds: form.getAll("kinds").map(String)
        }
      })
    )
    if (stored !== undefined) props.onSaved()
  }

  // The API counts bytes: its reason needs the conversion beside it.
  const sizeProblem = problems.maxFileBytes === undefined ? undefined : `${problems.maxFileBytes} 1 MB is 1,048,576 bytes.`

  return (
    // The browser's own range checks are off: the API's refusal is the one said at the field.
    <form class="card form" onSubmit={submit} noValidate aria-labelledby="file-rules-title">
      <h2 id="file-rules-title">Files</h2>
      <p>What visitors and agents may attach to their messages. Files already sent stay whatever you change here.</p>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {saved ? <Notice tone="info">Saved: files sent from now on follow these rules.</Notice> : null}
      <fieldset disabled={!admin}>
        <Field
          id="file-rules-maxFileBytes"
          label="Largest file (MB)"
          problem={sizeProblem}
          help={
            shownExactly
              ? "Larger files are refused, from visitors and agents alike."
              : `Larger files are refused. Now exactly ${rules.maxFileBytes.toLocaleString("en")} bytes: leave the figure to keep that.`
          }
        >
          {(aria) => (
            <input
              {...aria}
              name="maxFileMegabytes"
              type="number"
              inputMode="decimal"
              min={0.1}
              step={0.1}
              defaultValue={shownMegabytes}
            />
          )}
        </Field>
        <fieldset
          class={`field${problems.kinds === undefined ? "" : " invalid"}`}
          aria-describedby={problems.kinds === undefined ? undefined : "file-rules-kinds-error"}
        >
          <legend>Kinds of files allowed</legend>
          {/* Told from the file's bytes, not its name. Ticked at first only: a refused save keeps what was chosen. */}
          <div class="choices">
            {KINDS.map((kind) => (
              <label key={kind}>
                <input type="checkbox" name="kinds" value={kind} defaultChecked={rules.kinds.includes(kind)} />{" "}
                {KIND_LABELS[kind]}
              </label>
            ))}
          </div>
          {problems.kinds === undefined ? null : (
            <p class="field-error" id="file-rules-kinds-error" role="alert">
              {problems.kinds}
            </p>
          )}
        </fieldset>
      </fieldset>
      {admin ? (
        <div class="form-actions">
          <button type="submit" class="button primary" aria-disabled={busy ? "true" : undefined}>
            Save file rules
          </button>
        </div>
      ) : (
        <p class="muted small">An admin of your account changes which files the chat takes.</p>
      )}
    </form>
  )
}
