import { type ComponentChildren, Fragment } from "preact"
import { useEffect, useRef, useState } from "preact/hooks"
import type { Loaded } from "./Load.js"

export const formatTime = (iso: string | null | undefined) =>
  iso === null || iso === undefined
    ? "—"
    : new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })

/** A day, with its time on hover: lists stay narrow. */
export const Day = (props: { readonly iso: string }) => (
  <time dateTime={props.iso} title={formatTime(props.iso)}>
    {new Date(props.iso).toLocaleDateString(undefined, { dateStyle: "medium" })}
  </time>
)

/** A row's Edit button, named after the row for screen readers. */
export const EditButton = (props: { readonly name: string; readonly onClick: () => void }) => (
  <button type="button" class="button small" aria-label={`Edit ${props.name}`} onClick={props.onClick}>
    Edit
  </button>
)

/** Names (skills, route keys) as tags, or a dash when there are none. */
export const Tags = (props: { readonly items: ReadonlyArray<string> }) =>
  props.items.length === 0 ? (
    <span class="muted">—</span>
  ) : (
    <>
      {props.items.map((item) => (
        <span key={item} class="tag mono">
          {item}
        </span>
      ))}
    </>
  )

/** A value as one line of text: a list of strings joined, anything else not a string as JSON. */
const valueText = (value: unknown) =>
  typeof value === "string"
    ? value
    : Array.isArray(value) && value.every((each) => typeof each === "string")
      ? value.join(", ")
      : JSON.stringify(value)

/** A JSON object's entries (settings, attributes) as name and value, all text; a dash when empty. */
export const KeyValues = (props: { readonly values: Readonly<Record<string, unknown>> }) => {
  const entries = Object.entries(props.values)
  return entries.length === 0 ? (
    <span class="muted">—</span>
  ) : (
    <dl class="key-values">
      {entries.map(([name, value]) => (
        <Fragment key={name}>
          <dt>{name}</dt>
          <dd class="mono">{valueText(value)}</dd>
        </Fragment>
      ))}
    </dl>
  )
}

export const PageHeader = (props: { readonly title: string; readonly lead?: string; readonly children?: ComponentChildren }) => (
  <header class="page-header">
    <div>
      <h1>{props.title}</h1>
      {props.lead === undefined ? null : <p class="lead">{props.lead}</p>}
    </div>
    {props.children === undefined ? null : <div class="actions">{props.children}</div>}
  </header>
)

export const Notice = (props: { readonly tone: "error" | "info"; readonly children: ComponentChildren }) => (
  <p class={`notice ${props.tone}`} role={props.tone === "error" ? "alert" : "status"}>
    {props.children}
  </p>
)

/** A loaded value, or its loading line or failure. */
export const Loading = <T,>(props: { readonly loaded: Loaded<T>; readonly children: (data: T) => ComponentChildren }) =>
  props.loaded.state === "loading" ? (
    <p class="muted" role="status">
      Loading…
    </p>
  ) : props.loaded.state === "failed" ? (
    <Notice tone="error">{props.loaded.message}</Notice>
  ) : (
    <>{props.children(props.loaded.data)}</>
  )

/** What a member sees where only admins may act: the API refuses them too. */
export const AdminsOnly = (props: { readonly what: string }) => (
  <div class="card empty">
    <h2>Managed by tenant admins</h2>
    <p>
      {props.what} are managed by your tenant's admins. You are signed in as a member; ask an admin if you need one.
    </p>
  </div>
)

/**
 * A secret shown once, right after it was made: selectable, with a copy button. Leaving the page
 * (or reloading it) loses it for good; the server keeps only its digest or ciphertext.
 */
export const SecretOnce = (props: { readonly label: string; readonly secret: string; readonly onDone: () => void }) => {
  const field = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState(false)
  useEffect(() => field.current?.focus(), [])
  const copy = async () => {
    field.current?.select()
    try {
      await navigator.clipboard.writeText(props.secret)
      setCopied(true)
    } catch {
      // No clipboard permission (an iframe without it): the text is selected for Ctrl+C.
      setCopied(false)
    }
  }
  return (
    <section class="card secret" aria-labelledby="secret-title">
      <h2 id="secret-title">{props.label}</h2>
      <p>Copy it now and keep it somewhere safe: it is shown only this once.</p>
      <div class="secret-row">
        <input
          ref={field}
          class="mono"
          readOnly
          value={props.secret}
          aria-label={props.label}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" class="button" onClick={copy}>
          {copied ? "Copied" : "Copy"}
        </button>
      </div>
      <button type="button" class="button primary" onClick={props.onDone}>
        I have stored it
      </button>
    </section>
  )
}

/** A modal question; Escape or Cancel closes it without acting. */
export const Confirm = (props: {
  readonly title: string
  readonly children: ComponentChildren
  readonly action: string
  readonly onConfirm: () => void
  readonly onCancel: () => void
}) => {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    dialog.current?.showModal()
  }, [])
  return (
    <dialog ref={dialog} class="dialog" aria-labelledby="dialog-title" onClose={props.onCancel}>
      <h2 id="dialog-title">{props.title}</h2>
      <div class="dialog-body">{props.children}</div>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={props.onCancel} autofocus>
          Cancel
        </button>
        <button type="button" class="button danger" onClick={props.onConfirm}>
          {props.action}
        </button>
      </div>
    </dialog>
  )
}
