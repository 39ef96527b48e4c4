import { useState } from "preact/hooks"
import { Notice } from "../Components.js"
import type { PageProps } from "../PageProps.js"
import { type PackParameter, describeType, initialText, isRequired, parametersOf, valueOf } from "./PackParameters.js"
import type { SkillPack, Workflow } from "./Types.js"

type Issue = { readonly field: string; readonly reason: string }

/** One parameter's input, built from its schema, with the API's complaint about it beneath. */
const ParameterField = (props: {
  readonly name: string
  readonly parameter: PackParameter
  readonly text: string
  readonly issue: string | undefined
  readonly onInput: (text: string) => void
}) => {
  const { name, parameter } = props
  const id = `param-${name}`
  const required = isRequired(parameter)
  const described = [parameter.description === undefined ? null : `${id}-help`, props.issue === undefined ? null : `${id}-error`]
    .filter((part) => part !== null)
    .join(" ")
  const common = {
    id,
    "aria-invalid": props.issue === undefined ? undefined : ("true" as const),
    "aria-required": required ? ("true" as const) : undefined,
    "aria-describedby": described === "" ? undefined : described
  }
  const input =
    parameter.type === "boolean" ? (
      <input
        {...common}
        type="checkbox"
        checked={props.text === "true"}
        onChange={(event) => props.onInput(event.currentTarget.checked ? "true" : "false")}
      />
    ) : parameter.enum !== undefined ? (
      <select {...common} value={props.text} onChange={(event) => props.onInput(event.currentTarget.value)}>
        <option value="">Choose…</option>
        {parameter.enum.map((choice) => (
          <option key={String(choice)} value={String(choice)}>
            {String(choice)}
          </option>
        ))}
      </select>
    ) : parameter.type === "array" ? (
      <textarea {...common} rows={3} value={props.text} onInput={(event) => props.onInput(event.currentTarget.value)} />
    ) : (
      <input
        {...common}
        type="text"
        inputMode={parameter.type === "integer" ? "numeric" : parameter.type === "number" ? "decimal" : "text"}
        value={props.text}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
    )
  return (
    <div class={`field${props.issue === undefined ? "" : " invalid"}`}>
      <label for={id}>
        {name}
        {required ? (
          <span class="required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
        <span class="muted"> ({describeType(parameter)}{parameter.type === "array" ? ", one per line" : ""})</span>
      </label>
      {input}
      {parameter.description === undefined ? null : (
        <p class="help" id={`${id}-help`}>
          {parameter.description}
        </p>
      )}
      {props.issue === undefined ? null : (
        <p class="field-error" id={`${id}-error`}>
          {props.issue}
        </p>
      )}
    </div>
  )
}

/**
 * "Make a workflow" from an installed pack: a form built from the pack's parameter schemas. Empty
 * fields are left out, so the API fills defaults or says a parameter is required; each problem
 * it names (`parameters.<name>`) is shown at its field.
 */
export const PackWorkflowForm = (
  props: PageProps & { readonly pack: SkillPack; readonly onCancel: () => void; readonly onMade: (workflow: Workflow) => void }
) => {
  const parameters = parametersOf(props.pack.parameters)
  const [texts, setTexts] = useState<Readonly<Record<string, string>>>(() =>
    Object.fromEntries(parameters.map(([name, parameter]) => [name, initialText(parameter)]))
  )
  const [template, setTemplate] = useState(props.pack.templates[0]?.key ?? "")
  const [name, setName] = useState("")
  const [message, setMessage] = useState<string | undefined>(undefined)
  const [issues, setIssues] = useState<ReadonlyArray<Issue>>([])
  const [busy, setBusy] = useState(false)
  const issueAt = (field: string) => {
    const found = issues.filter((issue) => issue.field === field)
    return found.length === 0 ? undefined : found.map((issue) => issue.reason).join("; ")
  }
  const fieldNames = new Set([...parameters.map(([parameter]) => `parameters.${parameter}`), "template", "name"])
  const elsewhere = issues.filter((issue) => !fieldNames.has(issue.field))

  const submit = async (event: Event) => {
    event.preventDefault()
    const values: Record<string, unknown> = {}
    for (const [parameterName, parameter] of parameters) {
      const value = valueOf(parameter, texts[parameterName] ?? "")
      if (value !== undefined) values[parameterName] = value
    }
    setBusy(true)
    const { data, error } = await props.client.automationsDashboard.createDashboardWorkflowFromPack({
      path: { packId: props.pack.packId },
      body: {
        template: template === "" ? undefined : template,
        name: name.trim() === "" ? undefined : name,
        parameters: values
      }
    })
    setBusy(false)
    if (error === undefined) props.onMade(data)
    else {
      setMessage(error.message ?? "The request failed.")
      setIssues("details" in error ? ((error.details as ReadonlyArray<Issue> | undefined) ?? []) : [])
    }
  }

  return (
    <form class="card form" onSubmit={submit} noValidate aria-labelledby="pack-form-title">
      <h2 id="pack-form-title">Make a workflow from {props.pack.name}</h2>
      <p class="help">Fields marked * are required; empty fields take the pack's default.</p>
      {message === undefined ? null : (
        <Notice tone="error">
          {message}
          {elsewhere.length === 0 ? null : (
            <ul class="issues">
              {elsewhere.map((issue) => (
                <li key={`${issue.field} ${issue.reason}`}>
                  <code>{issue.field === "" ? "(body)" : issue.field}</code> {issue.reason}
                </li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      <div class="field-row">
        {props.pack.templates.length < 2 ? null : (
          <div class="field">
            <label for="pack-template">Template</label>
            <select id="pack-template" value={template} onChange={(event) => setTemplate(event.currentTarget.value)}>
              {props.pack.templates.map((choice) => (
                <option key={choice.key} value={choice.key}>
                  {choice.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div class="field grow">
          <label for="pack-workflow-name">Workflow name</label>
          <input
            id="pack-workflow-name"
            value={name}
            placeholder={props.pack.templates.find((choice) => choice.key === template)?.name}
            onInput={(event) => setName(event.currentTarget.value)}
          />
          {issueAt("name") === undefined ? null : <p class="field-error">{issueAt("name")}</p>}
        </div>
      </div>
      {parameters.map(([parameterName, parameter]) => (
        <ParameterField
          key={parameterName}
          name={parameterName}
          parameter={parameter}
          text={texts[parameterName] ?? ""}
          issue={issueAt(`parameters.${parameterName}`)}
          onInput={(text) => setTexts({ ...texts, [parameterName]: text })}
        />
      ))}
      <div class="form-actions">
        <button type="button" class="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="submit" class="button primary" disabled={busy}>
          Create workflow
        </button>
      </div>
    </form>
  )
}

