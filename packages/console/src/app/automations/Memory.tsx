import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Day, EditButton, formatTime } from "../Components.js"
import { Pager, usePages } from "../Pages.js"
import type { PageProps } from "../PageProps.js"
import { type Outcome, OutcomeNotice } from "./Outcome.js"
import { type MemoryEntry, formatJson } from "./Types.js"

/** Every read and write of memory, newest first: who (a key, a dashboard user, a run) and when. */
const AuditLog = (props: PageProps & { readonly round: number }) => {
  const pages = usePages(
    (cursor) => props.client.automationsDashboard.listDashboardMemoryAudit({ query: { limit: 20, cursor } }),
    [props.round]
  )
  return (
    <>
      <h3 id="memory-audit-title">Audit log</h3>
      {pages.failure === undefined ? null : <p class="notice error">{pages.failure}</p>}
      {pages.items === undefined ? (
        <p class="muted">Loading…</p>
      ) : pages.items.length === 0 ? (
        <p class="muted">Nothing read or written yet.</p>
      ) : (
        <table class="table" aria-labelledby="memory-audit-title">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Action</th>
              <th scope="col">Key</th>
              <th scope="col">By</th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((row) => (
              <tr key={row.id}>
                <td class="nowrap">{formatTime(row.createdAt)}</td>
                <td>{row.action}</td>
                <td class="mono">{row.key}</td>
                <td class="mono">{row.actor}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager pages={pages} />
    </>
  )
}

/**
 * The account's memory: entries by key (reading them is audited), edited by admins as JSON, and
 * the audit log of every read and write.
 */
export const Memory = (props: PageProps & { readonly admin: boolean }) => {
  const [prefix, setPrefix] = useState("")
  // Bumped after a write, so that the entries and the audit log are read again.
  const [round, setRound] = useState(0)
  const pages = usePages(
    (cursor) =>
      props.client.automationsDashboard.listDashboardMemory({
        query: { limit: 20, cursor, prefix: prefix === "" ? undefined : prefix }
      }),
    [prefix, round]
  )
  const [key, setKey] = useState("")
  const [value, setValue] = useState("")
  const [outcome, setOutcome] = useState<Outcome>(undefined)
  const edit = (entry: MemoryEntry) => {
    setKey(entry.key)
    setValue(formatJson(entry.value))
  }
  const save = async (event: Event) => {
    event.preventDefault()
    let parsed: unknown
    try {
      parsed = JSON.parse(value)
    } catch (error) {
      setOutcome({ tone: "error", text: `The value is not JSON: ${(error as Error).message}` })
      return
    }
    const { error } = await props.client.automationsDashboard.putDashboardMemory({ body: { key, value: parsed } })
    if (error !== undefined) setOutcome({ tone: "error", text: describeError(error) })
    else {
      setOutcome({ tone: "info", text: `Memory entry ${key} saved.` })
      setKey("")
      setValue("")
      setRound((n) => n + 1)
    }
  }
  return (
    <section class="card" aria-labelledby="memory-title">
      <h2 id="memory-title">Memory</h2>
      <p class="help">What runs remember across runs, by key. Every read and write is audited.</p>
      <div class="form filters">
        <div class="field">
          <label for="memory-prefix">Keys starting with</label>
          <input id="memory-prefix" value={prefix} onChange={(event) => setPrefix(event.currentTarget.value)} />
        </div>
      </div>
      {pages.failure === undefined ? null : <p class="notice error">{pages.failure}</p>}
      {pages.items === undefined ? (
        <p class="muted">Loading…</p>
      ) : pages.items.length === 0 ? (
        <p class="muted">No memory entries.</p>
      ) : (
        <table class="table">
          <caption class="visually-hidden">Memory entries</caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Value</th>
              <th scope="col">Changed</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((entry) => (
              <tr key={entry.id}>
                <td class="mono">{entry.key}</td>
                <td>
                  <pre class="code" tabIndex={0}>
                    {formatJson(entry.value)}
                  </pre>
                </td>
                <td class="nowrap">
                  <Day iso={entry.updatedAt} />
                </td>
                <td class="row-actions">
                  {props.admin ? (
                    <EditButton name={entry.key} onClick={() => edit(entry)} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager pages={pages} />
      {props.admin ? (
        <form class="form subform" onSubmit={save} aria-labelledby="memory-form-title">
          <h3 id="memory-form-title">Write an entry</h3>
          <OutcomeNotice outcome={outcome} />
          <div class="field-row">
            <div class="field">
              <label for="memory-key">Key</label>
              <input id="memory-key" class="mono" value={key} onInput={(event) => setKey(event.currentTarget.value)} />
            </div>
            <div class="field grow">
              <label for="memory-value">Value (JSON)</label>
              <textarea
                id="memory-value"
                class="mono"
                rows={3}
                value={value}
                onInput={(event) => setValue(event.currentTarget.value)}
              />
            </div>
          </div>
          <div class="form-actions">
            <button type="submit" class="button primary">
              Save entry
            </button>
          </div>
        </form>
      ) : null}
      <AuditLog {...props} round={round} />
    </section>
  )
}
