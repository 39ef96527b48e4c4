import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Confirm, Day, Notice, PageHeader } from "../Components.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { type MorePages, useLoadMore } from "./LoadMore.js"
import { SuppressionFilterForm, type SuppressionFilters, isFiltered, listQuery, noFilters } from "./SuppressionFilters.js"
import { AddSuppressionForm } from "./SuppressionForm.js"
import { AdminsChangeSuppressions, ReasonBadge, STREAMS, type Suppression, keptBecause } from "./SuppressionReasons.js"

const PAGE_SIZE = 50

const LEAD = "Addresses your mail is not sent to, and why."

/** What the list is, said while it is empty. */
const Empty = (props: { readonly filtered: boolean }) =>
  props.filtered ? (
    <div class="card empty">
      <h2>No addresses match these filters</h2>
      <p>Try another stream or reason, or the whole address.</p>
    </div>
  ) : (
    <div class="card empty">
      <h2>No suppressed addresses</h2>
      <p>
        Mail is not sent to the addresses on this list: ones that bounced for good (hard bounces), whose owners
        reported your mail as spam (complaints) or unsubscribed, and ones added by hand. They are added as it happens;
        a send to one of them is not attempted, and its log says Suppressed.
      </p>
    </div>
  )

const SuppressionRow = (props: {
  readonly entry: Suppression
  readonly admin: boolean
  readonly onRemove: (entry: Suppression) => void
}) => {
  const { entry } = props
  const kept = keptBecause(entry.reason)
  return (
    <tr>
      <td class="mono">{entry.email}</td>
      <td>{STREAMS[entry.stream]}</td>
      <td class="nowrap">
        <ReasonBadge reason={entry.reason} />
      </td>
      <td class="suppression-detail">
        {entry.detail === null ? <span class="muted">—</span> : <span class="block">{entry.detail}</span>}
        {entry.messageId === null ? null : (
          <span class="block small">
            Message{" "}
            <a class="mono" href={href(`/transactional/logs/messages/${entry.messageId}`)}>
              {entry.messageId}
            </a>
          </span>
        )}
      </td>
      <td class="nowrap">
        <Day iso={entry.createdAt} />
      </td>
      {props.admin ? (
        <td class="row-actions">
          {kept === undefined ? (
            <button
              type="button"
              class="button small"
              aria-label={`Remove ${entry.email} from the ${entry.stream} list`}
              onClick={() => props.onRemove(entry)}
            >
              Remove
            </button>
          ) : (
            <span class="muted small kept">{kept}</span>
          )}
        </td>
      ) : null}
    </tr>
  )
}

const SuppressionTable = (props: {
  readonly entries: MorePages<Suppression>
  readonly admin: boolean
  readonly filtered: boolean
  readonly onRemove: (entry: Suppression) => void
}) => {
  const { items, more, busy } = props.entries
  if (items === undefined) {
    return (
      <p class="muted" role="status">
        Loading…
      </p>
    )
  }
  if (items.length === 0) return <Empty filtered={props.filtered} />
  return (
    <>
      <div class="card flush">
        <table class="table">
          <caption class="visually-hidden">Suppressed addresses</caption>
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Stream</th>
              <th scope="col">Reason</th>
              <th scope="col">Detail</th>
              <th scope="col">Added</th>
              {props.admin ? (
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <SuppressionRow key={entry.id} entry={entry} admin={props.admin} onRemove={props.onRemove} />
            ))}
          </tbody>
        </table>
      </div>
      {more === undefined ? null : (
        <div class="pager">
          <button type="button" class="button small" aria-disabled={busy ? "true" : undefined} onClick={more}>
            {busy ? "Loading…" : "Load more"}
          </button>
        </div>
      )}
    </>
  )
}

/**
 * The tenant's suppression lists, newest first and filtered, growing a page at a time; admins add an
 * address by hand and take off the ones the account may (hard bounces and its own).
 */
export const Suppressions = (props: PageProps) => {
  const [filters, setFilters] = useState<SuppressionFilters>(noFilters)
  const query = listQuery(filters)
  const entries = useLoadMore<Suppression>(
    (cursor) =>
      props.client.suppressions.listSuppressions({
        query: { limit: PAGE_SIZE, ...query, ...(cursor === undefined ? {} : { cursor }) }
      }),
    [props.session.tenantId, query.stream, query.reason, query.email]
  )
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<Suppression | undefined>(undefined)
  const [said, setSaid] = useState<string | undefined>(undefined)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const admin = props.session.role === "admin"

  const added = (entry: Suppression) => {
    setAdding(false)
    setFailure(undefined)
    setSaid(`${entry.email} is on the ${entry.stream} list: mail to it is not sent.`)
    entries.reload()
  }
  const remove = async (entry: Suppression) => {
    setRemoving(undefined)
    setSaid(undefined)
    const { error } = await props.client.suppressions.removeSuppression({
      path: { email: entry.email },
      query: { stream: entry.stream }
    })
    setFailure(error === undefined ? undefined : describeError(error))
    if (error !== undefined) return
    setSaid(`${entry.email} is off the ${entry.stream} list: mail to it is attempted again.`)
    entries.drop((item) => item.id === entry.id)
  }

  return (
    <>
      <PageHeader title="Suppressions" lead={LEAD}>
        {admin && !adding ? (
          <button type="button" class="button primary" onClick={() => setAdding(true)}>
            Suppress an address
          </button>
        ) : null}
      </PageHeader>
      {admin ? null : <AdminsChangeSuppressions />}
      {adding ? <AddSuppressionForm {...props} onAdded={added} onCancel={() => setAdding(false)} /> : null}
      {said === undefined ? null : <Notice tone="info">{said}</Notice>}
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <SuppressionFilterForm applied={filters} onApply={setFilters} />
      {entries.failure === undefined ? null : <Notice tone="error">{entries.failure}</Notice>}
      <SuppressionTable entries={entries} admin={admin} filtered={isFiltered(filters)} onRemove={setRemoving} />
      {removing === undefined ? null : (
        <Confirm
          title="Take this address off the list?"
          action="Remove address"
          onConfirm={() => remove(removing)}
          onCancel={() => setRemoving(undefined)}
        >
          <p>
            Mail to <span class="mono">{removing.email}</span> on the {removing.stream} stream is attempted again.
            {removing.reason === "hard_bounce"
              ? " It bounced for good before: if it does again, it comes back on the list."
              : removing.reason === "soft_bounce"
                ? " It bounced softly time after time before: if it keeps doing so, it comes back on the list."
                : null}
          </p>
        </Confirm>
      )}
    </>
  )
}
