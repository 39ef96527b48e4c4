import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Loading, Notice, PageHeader, formatTime } from "../Components.js"
import { useLiveRefresh } from "../Live.js"
import { useLoad } from "../Load.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { type Approval, formatJson } from "./Types.js"

/** The approvals waiting for a decision, each showing exactly what runs once approved. */
export const Approvals = (props: PageProps) => {
  const [pending, reload] = useLoad(
    () => props.client.automationsDashboard.listDashboardApprovals({ query: { status: "pending", limit: 100 } }),
    []
  )
  const [decided, setDecided] = useState<string | undefined>(undefined)
  // New approvals join the queue, and those decided elsewhere leave it, without a reload.
  useLiveRefresh(reload, true)
  return (
    <>
      <PageHeader title="Approvals" lead="Steps waiting for a person to approve exactly what they will run. New ones appear as they come." />
      {decided === undefined ? null : <Notice tone="info">{decided}</Notice>}
      <Loading loaded={pending}>
        {({ data }) =>
          data.length === 0 ? (
            <div class="card empty">
              <h2>Nothing is waiting</h2>
              <p>An approval step, or a gated tool an agent calls, waits here until someone decides.</p>
            </div>
          ) : (
            <ul class="approvals">
              {data.map((approval) => (
                <ApprovalCard
                  key={approval.id}
                  {...props}
                  approval={approval}
                  onDecided={(message) => {
                    setDecided(message)
                    reload()
                  }}
                />
              ))}
            </ul>
          )
        }
      </Loading>
    </>
  )
}

/** The parts of a gated call a person must read before approving it, shown apart from the full input. */
const WhatRuns = (props: { readonly approval: Approval }) => {
  const input = props.approval.input
  if (input === null) return <p>Approving lets the run go on after step {props.approval.stepIndex + 1}.</p>
  const argv = input.argv
  const url = input.url
  return (
    <>
      {Array.isArray(argv) ? (
        <div class="field">
          <p class="label">Command (argv)</p>
          <ol class="argv">
            {argv.map((arg, index) => (
              <li key={index}>
                <code>{String(arg)}</code>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {typeof url === "string" ? (
        <div class="field">
          <p class="label">URL</p>
          <code class="mono block">{url}</code>
        </div>
      ) : null}
      <div class="field">
        <p class="label">Full input</p>
        <pre class="code">{formatJson(input)}</pre>
      </div>
    </>
  )
}

const ApprovalCard = (
  props: PageProps & { readonly approval: Approval; readonly onDecided: (message: string) => void }
) => {
  const { approval } = props
  const [note, setNote] = useState("")
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const titleId = `approval-${approval.id}`

  const decide = async (decision: "approve" | "reject") => {
    setBusy(true)
    const { error } = await props.client.automationsDashboard.decideDashboardApproval({
      path: { id: approval.id },
      body: { decision, ...(note.trim() === "" ? {} : { note: note.trim() }) }
    })
    setBusy(false)
    if (error !== undefined) setFailure(describeError(error))
    else props.onDecided(`${decision === "approve" ? "Approved" : "Rejected"}: ${approval.title}`)
  }

  return (
    <li class="card approval">
      <h2 id={titleId}>{approval.title}</h2>
      <p class="muted">
        {approval.skillId === null ? "Approval step" : <span class="mono">{approval.skillId}</span>} · step{" "}
        {approval.stepIndex + 1} of <a href={href(`/automations/runs/${approval.runId}`)}>run {approval.runId.slice(0, 8)}</a>{" "}
        · expires {formatTime(approval.expiresAt)}
      </p>
      <WhatRuns approval={approval} />
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {props.session.role !== "admin" ? (
        <p class="muted">Only tenant admins decide approvals.</p>
      ) : (
        <div class="form">
          <div class="field">
            <label for={`note-${approval.id}`}>Note (optional)</label>
            <input
              id={`note-${approval.id}`}
              maxLength={2000}
              value={note}
              onInput={(event) => setNote(event.currentTarget.value)}
            />
          </div>
          <div class="form-actions">
            <button type="button" class="button danger" disabled={busy} onClick={() => decide("reject")}>
              Reject
            </button>
            <button type="button" class="button primary" disabled={busy} onClick={() => decide("approve")}>
              Approve
            </button>
          </div>
        </div>
      )}
    </li>
  )
}
