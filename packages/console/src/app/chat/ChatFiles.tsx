import type { Data } from "@servicekit/client"
import { useState } from "preact/hooks"
import { describeError } from "../Api.js"

/** A file as messages and canned responses carry it: `url` is a signed link that needs no token. */
export type ChatFile = Data<"chatFilesDashboard.uploadAgentFile">

/** An upload may take longer than other calls: a large file on a slow line. */
export const UPLOAD_OPTIONS = { timeoutMs: 600_000 }

/** What an upload answered, as `AttachFiles` takes it: the file, or its refusal in one line that names it. */
export const uploaded = (
  file: File,
  answer: { readonly data?: ChatFile | undefined; readonly error?: Parameters<typeof describeError>[0] | undefined }
): { readonly data?: ChatFile; readonly error?: string } =>
  answer.error === undefined && answer.data !== undefined ? { data: answer.data } : { error: `${file.name}: ${describeError(answer.error ?? {})}` }

/** The most files one message carries, and one canned response (the API's limits too). */
export const MAX_FILES_PER_MESSAGE = 10
export const MAX_FILES_PER_CANNED_RESPONSE = 5

/** A size as people read it, and as the API's refusals say it: 12 KB (rounded up), 3.4 MB. */
export const fileSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`

/** A file's name and size, as a link shows it. */
export const fileLabel = (file: ChatFile) => `${file.name} · ${fileSize(file.size)}`

/** Files shown in a thread: safe images as thumbnails opening the picture, anything else a link that downloads it. */
export const FileLinks = (props: { readonly files: ReadonlyArray<ChatFile> }) =>
  props.files.length === 0 ? null : (
    <ul class="file-links" aria-label="Files">
      {props.files.map((file) => (
        <li key={file.id}>
          {file.inline ? (
            <a href={file.url} target="_blank" rel="noopener noreferrer">
              <img class="file-thumbnail" src={file.url} alt={file.name} />
            </a>
          ) : (
            <a href={file.url} download={file.name}>
              {fileLabel(file)}
            </a>
          )}
        </li>
      ))}
    </ul>
  )

/**
 * A labelled file input that uploads each chosen file at once, and the files attached so far as
 * chips to remove before they are sent. A refusal (too large, a type not allowed) is said beside it.
 */
export const AttachFiles = (props: {
  readonly id: string
  readonly files: ReadonlyArray<ChatFile>
  readonly max: number
  readonly disabled?: boolean
  readonly upload: (file: File) => Promise<{ readonly data?: ChatFile; readonly error?: string }>
  /** Given how the list changes, not the list: files may be inserted or removed while one uploads. */
  readonly onChange: (change: (files: ReadonlyArray<ChatFile>) => ReadonlyArray<ChatFile>) => void
}) => {
  const [uploading, setUploading] = useState<ReadonlyArray<string>>([])
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const choose = async (input: HTMLInputElement) => {
    const room = props.max - props.files.length - uploading.length
    const chosen = [...(input.files ?? [])]
    // Emptied, so that choosing the same file again (after removing it) is a change too.
    input.value = ""
    const refused = chosen.length > room ? [`At most ${props.max} files can be attached.`] : []
    const names = chosen.slice(0, Math.max(0, room)).map((file) => file.name)
    setUploading((shown) => [...shown, ...names])
    for (const file of chosen.slice(0, Math.max(0, room))) {
      const { data, error } = await props.upload(file).catch(() => ({
        data: undefined,
        error: `${file.name} was not uploaded: the server could not be reached.`
      }))
      if (data !== undefined) props.onChange((files) => [...files, data])
      if (error !== undefined) refused.push(error)
      setUploading((shown) => shown.filter((_, at) => at !== shown.indexOf(file.name)))
    }
    setProblem(refused.length === 0 ? undefined : refused.join(" "))
  }
  return (
    <div class="attach-files">
      <span class="file-picker">
        <input
          type="file"
          id={props.id}
          class="visually-hidden"
          multiple
          disabled={props.disabled === true}
          aria-describedby={problem === undefined ? undefined : `${props.id}-error`}
          onChange={(event) => void choose(event.currentTarget)}
        />
        <label for={props.id} class="button small">
          Attach file
        </label>
      </span>
      <span class="muted small" role="status">
        {uploading.length === 0 ? "" : `Uploading ${uploading.join(", ")}…`}
      </span>
      {props.files.length === 0 ? null : (
        <ul class="chips attached-files" aria-label="Attached files">
          {props.files.map((file) => (
            <li key={file.id} class="chip">
              {fileLabel(file)}
              <button
                type="button"
                class="chip-remove"
                aria-label={`Remove ${file.name}`}
                onClick={() => props.onChange((files) => files.filter((each) => each.id !== file.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem === undefined ? null : (
        <p class="field-error" id={`${props.id}-error`} role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}
