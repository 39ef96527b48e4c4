import type { Client, Data } from "@servicekit/client"
import { useEffect, useRef, useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Notice } from "../Components.js"

type Rendered = Data<"transactionalDashboard.renderDashboardTemplate">

/** Sample variables for a template's placeholders: each filled with its own name. */
export const sampleVariables = (placeholders: ReadonlyArray<string>): Record<string, unknown> => {
  const sample: Record<string, unknown> = {}
  for (const placeholder of placeholders) {
    const path = placeholder.split(".")
    let node = sample
    for (const [index, key] of path.entries()) {
      if (index === path.length - 1) node[key] = placeholder
      else node = (node[key] = typeof node[key] === "object" && node[key] !== null ? node[key] : {}) as Record<string, unknown>
    }
  }
  return sample
}

/**
 * The HTML of a rendered template in the preview frame: a page of the kit's own, sandboxed (its
 * origin opaque, so nothing in it reaches the console), that shows what it is posted.
 */
const HtmlFrame = (props: { readonly apiPath: string; readonly html: string }) => {
  const frame = useRef<HTMLIFrameElement>(null)
  const [ready, setReady] = useState(false)
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.source === frame.current?.contentWindow && event.data?.previewReady === true) setReady(true)
    }
    addEventListener("message", listen)
    return () => removeEventListener("message", listen)
  }, [])
  useEffect(() => {
    // The frame's origin is opaque ("null"): no narrower target origin can name it.
    if (ready) frame.current?.contentWindow?.postMessage({ html: props.html }, "*")
  }, [ready, props.html])
  return (
    <iframe
      ref={frame}
      class="preview-frame"
      title="HTML part, as rendered"
      sandbox="allow-scripts"
      src={`${props.apiPath}/console/preview`}
    />
  )
}

/**
 * The saved template rendered with sample variables, again as they change: subject, HTML (in the
 * sandboxed frame) and text, and the placeholders left without a value.
 */
export const TemplatePreview = (props: {
  readonly client: Client
  readonly apiPath: string
  readonly templateId: string
  readonly placeholders: ReadonlyArray<string>
  /** Changes when the template is saved, to render it again. */
  readonly version: string
}) => {
  const [variablesText, setVariablesText] = useState(() => JSON.stringify(sampleVariables(props.placeholders), null, 2))
  const [rendered, setRendered] = useState<Rendered | undefined>(undefined)
  const [problem, setProblem] = useState<string | undefined>(undefined)

  useEffect(() => {
    let variables: unknown
    try {
      variables = JSON.parse(variablesText)
    } catch {
      setProblem("The sample variables are not valid JSON.")
      return
    }
    if (typeof variables !== "object" || variables === null || Array.isArray(variables)) {
      setProblem("The sample variables must be a JSON object.")
      return
    }
    let current = true
    // A pause in typing renders once, not at every key.
    const timer = setTimeout(async () => {
      const { data, error } = await props.client.transactionalDashboard.renderDashboardTemplate({
        path: { id: props.templateId },
        body: { variables: variables as Record<string, never> }
      })
      if (!current) return
      if (data === undefined) setProblem(describeError(error))
      else {
        setProblem(undefined)
        setRendered(data)
      }
    }, 250)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [variablesText, props.templateId, props.version])

  return (
    <section class="card form" aria-labelledby="preview-title">
      <h2 id="preview-title">
        Preview
      </h2>
      <p class="help">The saved template with these sample variables; values are escaped in the HTML part, as in a send.</p>
      <div class="field">
        <label for="preview-variables">Sample variables (JSON)</label>
        <textarea
          id="preview-variables"
          class="mono"
          rows={5}
          value={variablesText}
          onInput={(event) => setVariablesText(event.currentTarget.value)}
        />
      </div>
      {problem === undefined ? null : <Notice tone="error">{problem}</Notice>}
      {rendered === undefined ? null : (
        <div class="preview">
          <p>
            <span class="muted">Subject: </span>
            <strong data-testid="preview-subject">{rendered.subject}</strong>
          </p>
          {rendered.missingVariables.length === 0 ? null : (
            <Notice tone="info">Without a value (a send would refuse it): {rendered.missingVariables.join(", ")}</Notice>
          )}
          <HtmlFrame apiPath={props.apiPath} html={rendered.html} />
          <details>
            <summary>Text part</summary>
            <pre class="preview-text" data-testid="preview-text">
              {rendered.text}
            </pre>
          </details>
        </div>
      )}
    </section>
  )
}
