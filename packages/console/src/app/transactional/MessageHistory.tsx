import { useEffect, useRef, useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Notice, PageHeader, formatTime } from "../Components.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { LogBadge, LogDetail, type LogEntry, messageIdOf } from "./LogStatus.js"

/** The logs' largest page, and how many pages one search reads before it asks to go on. */
const PAGE_SIZE = 100
const PAGES_A_SEARCH = 10

/**
 * A message's first row (its first attempt, or the row saying it was not attempted): every older
 * row was written before the message existed, so a search newest first may stop there.
 */
const isFirst = (entry: LogEntry) => entry.status === "suppressed" || entry.metadata.attempt === 1

interface Search {
  /** The message's rows found so far, newest first. */
  readonly rows: ReadonlyArray<LogEntry>
  /** How many log rows were read. */
  readonly read: number
  /** Where to read on; null once the log, or the message's first row, is reached. */
  readonly cursor: string | null
  readonly busy: boolean
  readonly failure: string | undefined
}

/**
 * One message's rows of the log, oldest first: its attempts and what the receiving side reported
 * later. The logs API has no filter by message, so the console reads the log newest first (all
 * products' sends) and keeps the message's rows, stopping at its first row or after a bounded
 * number of pages, when it offers to read on.
 */
export const MessageHistory = (props: PageProps & { readonly messageId: string }) => {
  const [search, setSearch] = useState<Search>({ rows: [], read: 0, cursor: null, busy: true, failure: undefined })
  // A search answered after the page moved to another message is dropped.
  const current = useRef(props.messageId)

  const read = async (from: Search, cursor: string | undefined) => {
    let state = { ...from, busy: true }
    setSearch(state)
    let next = cursor
    for (let page = 0; page < PAGES_A_SEARCH; page++) {
      const { data, error } = await props.client.transactionalDashboard
        .listDashboardLogs({ query: { source: "all", limit: PAGE_SIZE, ...(next === undefined ? {} : { cursor: next }) } })
        .catch(() => ({ data: undefined, error: { message: "The server could not be reached." } }))
      if (current.current !== props.messageId) return
      if (data === undefined) {
        setSearch({ ...state, busy: false, failure: describeError(error ?? {}) })
        return
      }
      const found = data.data.filter((entry) => messageIdOf(entry) === props.messageId)
      const reachedFirst = found.some(isFirst)
      state = {
        rows: [...state.rows, ...found],
        read: state.read + data.data.length,
        cursor: reachedFirst ? null : data.meta.nextCursor,
        busy: false,
        failure: undefined
      }
      if (state.cursor === null) break
      next = state.cursor
    }
    setSearch(state)
  }

  useEffect(() => {
    current.current = props.messageId
    void read({ rows: [], read: 0, cursor: null, busy: true, failure: undefined }, undefined)
    return () => {
      current.current = ""
    }
  }, [props.messageId, props.session.tenantId])

  const oldestFirst = [...search.rows].reverse()
  const first = oldestFirst[0]
  return (
    <>
      <p class="breadcrumb">
        <a href={href("/transactional/logs")}>Email logs</a>
      </p>
      <PageHeader
        title="Message history"
        lead="Every log row of one message, oldest first: its attempts, and what the receiving side reported later."
      />
      <section class="card" aria-label="Message">
        <dl class="facts">
          <dt>Message id</dt>
          <dd class="mono">{props.messageId}</dd>
          <dt>Recipient</dt>
          <dd class="mono">{first?.recipient ?? "—"}</dd>
          <dt>Subject</dt>
          <dd>{first?.subject ?? "—"}</dd>
        </dl>
      </section>
      {search.failure === undefined ? null : <Notice tone="error">{search.failure}</Notice>}
      {search.rows.length === 0 ? (
        search.busy ? (
          <p class="muted" role="status">
            Searching the log…
          </p>
        ) : (
          <div class="card empty">
            <h2>No log rows of this message found</h2>
            <p>
              Rows appear once the message is attempted; the log may also have been pruned since.
            </p>
          </div>
        )
      ) : (
        <div class="card flush">
          <table class="table">
            <caption class="visually-hidden">The message's log rows, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Status</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {oldestFirst.map((entry) => (
                <tr key={entry.id}>
                  <td class="nowrap">{formatTime(entry.createdAt)}</td>
                  <td class="nowrap">
                    <LogBadge entry={entry} />
                  </td>
                  <td class="log-detail">
                    <LogDetail entry={entry} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {search.busy || search.cursor === null ? null : (
        <div class="pager">
          <p class="muted small" role="status">
            Searched the newest {search.read} log rows; older ones may hold more of this message.
          </p>
          <button type="button" class="button small" onClick={() => read(search, search.cursor ?? undefined)}>
            Search older rows
          </button>
        </div>
      )}
    </>
  )
}
