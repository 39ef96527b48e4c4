import { CopyField } from "../CopyField.js"
import { type DomainRecord, PURPOSES, RecordBadge } from "./DomainStatus.js"

/** What the last check found at the record's name, when it is not the record asked for. */
const Found = (props: { readonly record: DomainRecord }) =>
  props.record.status === "missing" ? (
    <p class="muted">No such {props.record.type} record was found at this name.</p>
  ) : props.record.status === "wrong" ? (
    <div class="found">
      <p>Found at this name instead:</p>
      <ul>
        {props.record.found.map((value, index) => (
          <li key={index}>
            <code>{value}</code>
          </li>
        ))}
      </ul>
    </div>
  ) : null

/** One record to publish: what it is for, its type, name and value to copy, and what the last check found. */
const RecordCard = (props: { readonly record: DomainRecord }) => {
  const { record } = props
  const purpose = PURPOSES[record.purpose]
  const id = `record-${record.purpose}`
  return (
    <section class="card record" aria-labelledby={`${id}-title`}>
      <div class="heading-row">
        <h3 id={`${id}-title`}>
          {purpose.title} <span class="tag">{record.required ? "Required" : "Recommended"}</span>
        </h3>
        <RecordBadge status={record.status} />
      </div>
      <p class="muted">{purpose.text}</p>
      <dl class="facts">
        <dt>Type</dt>
        <dd class="mono">{record.type}</dd>
      </dl>
      <CopyField id={`${id}-name`} context={`${purpose.title} record`} label="Name" value={record.name} />
      <CopyField
        id={`${id}-value`}
        context={`${purpose.title} record`}
        label="Value"
        value={record.value}
        {...(record.value.length > 80 ? { rows: Math.min(8, Math.ceil(record.value.length / 90)) } : {})}
      />
      <Found record={record} />
    </section>
  )
}

/** The records a domain asks to be published, in the API's order (DKIM first). */
export const DomainRecords = (props: { readonly records: ReadonlyArray<DomainRecord> }) => (
  <section aria-labelledby="records-title">
    <h2 id="records-title" class="section-title">
      DNS records to publish
    </h2>
    <p class="muted">
      Add each at your DNS provider with the type it names, then check. Names are given in full: if your provider adds
      the domain itself, enter only the part before it.
    </p>
    {props.records.map((record) => (
      <RecordCard key={record.purpose} record={record} />
    ))}
  </section>
)
