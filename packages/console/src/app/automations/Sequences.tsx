import { Day, EditButton, Notice, PageHeader } from "../Components.js"
import { useEditing } from "../Editing.js"
import { PagedTable, usePages } from "../Pages.js"
import type { PageProps } from "../PageProps.js"
import { SequenceForm } from "./SequenceForm.js"
import type { Sequence } from "./Types.js"

/** A sequence's steps as a short line: their kinds in order, a wait with its length. */
const outline = (sequence: Sequence) =>
  sequence.stepsJson
    .map((step) => {
      if (step.type !== "wait") return String(step.type ?? "step")
      const parts = ["days", "hours", "minutes", "seconds"].filter((unit) => typeof step[unit] === "number")
      return `wait ${parts.map((unit) => `${step[unit]} ${unit}`).join(" ")}`
    })
    .join(" → ")

/** The account's sequences of timed steps: admins create and change them; members read. */
export const Sequences = (props: PageProps) => {
  const pages = usePages<Sequence>(
    (cursor) => props.client.automationsDashboard.listDashboardSequences({ query: { limit: 25, cursor } }),
    []
  )
  const form = useEditing<Sequence>()
  const admin = props.session.role === "admin"

  return (
    <>
      <PageHeader title="Sequences" lead="Timed steps (an email, a wait of two days, a chat message) run as a workflow.">
        {!admin || form.editing !== undefined ? null : (
          <button type="button" class="button primary" onClick={() => form.open(null)}>
            New sequence
          </button>
        )}
      </PageHeader>
      {form.saved === undefined ? null : <Notice tone="info">{form.saved}</Notice>}
      {form.editing === undefined ? null : (
        <SequenceForm
          {...props}
          sequence={form.editing ?? undefined}
          onCancel={form.close}
          onSaved={(sequence) => {
            form.done(`Sequence ${sequence.name} saved.`)
            pages.reload()
          }}
        />
      )}
      <PagedTable
        pages={pages}
        caption="Sequences"
        empty={{
          title: "No sequences yet",
          text: "A sequence runs its steps in order, waiting between them as its wait steps say."
        }}
        columns={
          <>
            <th scope="col">Sequence</th>
            <th scope="col">Steps</th>
            <th scope="col">Revision</th>
            <th scope="col">Changed</th>
            <th scope="col">
              <span class="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(sequence) => (
          <tr key={sequence.id}>
            <td>
              <span class="sequence-name">{sequence.name}</span>
              <span class="muted block mono">{sequence.id}</span>
            </td>
            <td class="sequence-steps">{outline(sequence)}</td>
            <td>{sequence.revision}</td>
            <td class="nowrap">
              <Day iso={sequence.updatedAt} />
            </td>
            <td class="row-actions">
              {admin ? (
                <EditButton name={sequence.name} onClick={() => form.open(sequence)} />
              ) : null}
            </td>
          </tr>
        )}
      />
    </>
  )
}
