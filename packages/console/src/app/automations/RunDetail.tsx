import { useEffect, useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Notice, PageHeader, formatTime } from "../Components.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { Transcript, turnsOf } from "./Transcript.js"
import { RETRYABLE, type Run, type Step, UNFINISHED, formatJson, statusTone } from "./Types.js"

/** How often an unfinished run is read again. */
const POLL_MS = 1_000

/** A run: its steps and their results (an agent step's turns as a transcript), live until it ends. */
export const RunDetail = (props: PageProps & { readonly runId: string }) => {
  const [run, setRun] = useState<Run | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  // Bumped after an action: the run is read again at once.
  const [round, setRound] = useState(0)
  const finished = run !== undefined && !UNFINISHED.includes(run.status)

  useEffect(() => {
    let current = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const read = async () => {
      const { data, error } = await props.client.automationsDashboard
        .getDashboardRun({ path: { id: props.runId } })
        .catch(() => ({ data: undefined, error: { message: "The server could not be reached." } }))
      if (!current) return
      if (data !== undefined) {
        setRun(data)
        setFailure(undefined)
      } else if (error !== undefined) setFailure(describeError(error))
      // Read again while the run may still change; a failed read is tried again too.
      if (data === undefined || UNFINISHED.includes(data.status)) timer = setTimeout(read, POLL_MS)
    }
    read()
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [props.runId, round])

  const act = async (action: "cancel" | "retry") => {
    setBusy(true)
    const call =
      action === "cancel"
        ? props.client.automationsDashboard.cancelDashboardRun
        : props.client.automationsDashboard.retryDashboardRun
    const { data, error } = await call({ path: { id: props.runId } })
    setBusy(false)
    if (error !== undefined) setFailure(describeError(error))
    else setRun(data)
    setRound((n) => n + 1)
  }

  const admin = props.session.role === "admin"
  return (
    <>
      <p class="breadcrumb">
        <a href={href("/automations/runs")}>Runs</a>
      </p>
      <PageHeader title={`Run ${props.runId.slice(0, 8)}`} lead={run === undefined ? undefined : `Workflow ${run.workflowId}`}>
        {!admin || run === undefined ? null : finished ? (
          RETRYABLE.includes(run.status) ? (
            <button type="button" class="button primary" disabled={busy} onClick={() => act("retry")}>
              Retry
            </button>
          ) : null
        ) : (
          <button type="button" class="button danger" disabled={busy} onClick={() => act("cancel")}>
            Cancel run
          </button>
        )}
      </PageHeader>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {run === undefined ? (
        failure === undefined ? (
          <p class="muted" role="status">
            Loading…
          </p>
        ) : null
      ) : (
        <>
          <section class="card">
            <dl class="facts">
              <dt>Status</dt>
              <dd>
                <span class={`status ${statusTone(run.status)}`} id="run-status">
                  {run.status.replace("_", " ")}
                </span>
                {finished ? null : <span class="muted"> (updating live)</span>}
              </dd>
              {run.reason === null ? null : (
                <>
                  <dt>Reason</dt>
                  <dd>{run.reason}</dd>
                </>
              )}
              <dt>Attempt</dt>
              <dd>{run.attempt}</dd>
              {run.expiresAt === null ? null : (
                <>
                  <dt>Time to live</dt>
                  <dd>until {formatTime(run.expiresAt)}</dd>
                </>
              )}
              <dt>Started</dt>
              <dd>{formatTime(run.startedAt)}</dd>
              <dt>Finished</dt>
              <dd>{formatTime(run.finishedAt)}</dd>
              <dt>Context</dt>
              <dd>
                {run.context === "" ? "—" : <pre class="code">{run.context}</pre>}
              </dd>
              <dt>Payload</dt>
              <dd>
                <pre class="code">{formatJson(run.payload)}</pre>
              </dd>
            </dl>
          </section>
          <h2 class="section-title">Steps</h2>
          {run.stepsResultJson.length === 0 ? (
            <p class="muted">No step has run yet.</p>
          ) : (
            <ol class="steps">
              {run.stepsResultJson.map((step) => (
                <StepResult key={`${step.index}-${step.attempt}`} step={step} />
              ))}
            </ol>
          )}
        </>
      )}
    </>
  )
}

const StepResult = (props: { readonly step: Step }) => {
  const { step } = props
  const turns = turnsOf(step.output)
  const name = step.name ?? step.type
  return (
    <li class="card step">
      <h3>
        {step.index + 1}. {name} <span class={`status ${statusTone(step.status)}`}>{step.status.replace("_", " ")}</span>
        {step.approved ? <span class="tag">approved</span> : null}
      </h3>
      <p class="muted">
        {step.type} · try {step.attempt} · {formatTime(step.startedAt)}
        {step.finishedAt === null ? "" : ` → ${formatTime(step.finishedAt)}`}
      </p>
      {step.error === null ? null : <Notice tone="error">{step.error}</Notice>}
      {turns.length > 0 ? <Transcript turns={turns} label={`Transcript of step ${step.index + 1}`} /> : null}
      {step.outputText !== null ? (
        step.outputText === "" ? null : <pre class="code step-output">{step.outputText}</pre>
      ) : step.output === null || step.output === undefined || turns.length > 0 ? null : (
        <pre class="code step-output">{formatJson(step.output)}</pre>
      )}
    </li>
  )
}
