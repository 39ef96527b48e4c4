import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Day, EditButton, Tags } from "../Components.js"
import { Pager, usePages } from "../Pages.js"
import type { PageProps } from "../PageProps.js"
import { type Outcome, OutcomeNotice, linesOf } from "./Outcome.js"
import type { ToolProfile } from "./Types.js"

const EMPTY = { name: "", allow: "", deny: "", requireApprovalSkills: "" }

/**
 * Tool profiles: which skills runs may call (allow, deny) and which wait for an approval. Saving
 * a name that exists replaces that profile's lists.
 */
export const ToolProfiles = (props: PageProps & { readonly admin: boolean }) => {
  const pages = usePages(
    (cursor) => props.client.automationsDashboard.listDashboardToolProfiles({ query: { limit: 20, cursor } }),
    []
  )
  const [form, setForm] = useState(EMPTY)
  const [outcome, setOutcome] = useState<Outcome>(undefined)
  const edit = (profile: ToolProfile) =>
    setForm({
      name: profile.name,
      allow: profile.allow.join("\n"),
      deny: profile.deny.join("\n"),
      requireApprovalSkills: profile.requireApprovalSkills.join("\n")
    })
  const save = async (event: Event) => {
    event.preventDefault()
    const { data, error } = await props.client.automationsDashboard.putDashboardToolProfile({
      body: {
        name: form.name,
        allow: linesOf(form.allow),
        deny: linesOf(form.deny),
        requireApprovalSkills: linesOf(form.requireApprovalSkills)
      }
    })
    if (error !== undefined) setOutcome({ tone: "error", text: describeError(error) })
    else {
      setOutcome({ tone: "info", text: `Tool profile ${data.name} saved.` })
      setForm(EMPTY)
      pages.reload()
    }
  }
  const list = (field: "allow" | "deny" | "requireApprovalSkills", label: string, help: string) => (
    <div class="field">
      <label for={`profile-${field}`}>{label}</label>
      <textarea
        id={`profile-${field}`}
        class="mono"
        rows={3}
        value={form[field]}
        aria-describedby={`profile-${field}-help`}
        onInput={(event) => setForm({ ...form, [field]: event.currentTarget.value })}
      />
      <p class="help" id={`profile-${field}-help`}>
        {help}
      </p>
    </div>
  )
  return (
    <section class="card" aria-labelledby="profiles-title">
      <h2 id="profiles-title">Tool profiles</h2>
      <p class="help">
        Skill and agent steps follow the profile they name, else the profile named <code>default</code>.
      </p>
      {pages.failure === undefined ? null : <p class="notice error">{pages.failure}</p>}
      {pages.items === undefined ? (
        <p class="muted">Loading…</p>
      ) : pages.items.length === 0 ? (
        <p class="muted">No tool profiles yet: every skill may be called.</p>
      ) : (
        <table class="table">
          <caption class="visually-hidden">Tool profiles</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Allow</th>
              <th scope="col">Deny</th>
              <th scope="col">Approval</th>
              <th scope="col">Changed</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((profile) => (
              <tr key={profile.id}>
                <td>{profile.name}</td>
                <td>
                  <Tags items={profile.allow} />
                </td>
                <td>
                  <Tags items={profile.deny} />
                </td>
                <td>
                  <Tags items={profile.requireApprovalSkills} />
                </td>
                <td class="nowrap">
                  <Day iso={profile.updatedAt} />
                </td>
                <td class="row-actions">
                  {props.admin ? (
                    <EditButton name={profile.name} onClick={() => edit(profile)} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager pages={pages} />
      {props.admin ? (
        <form class="form subform" onSubmit={save} aria-labelledby="profile-form-title">
          <h3 id="profile-form-title">Save a tool profile</h3>
          <OutcomeNotice outcome={outcome} />
          <div class="field">
            <label for="profile-name">Profile name</label>
            <input id="profile-name" value={form.name} onInput={(event) => setForm({ ...form, name: event.currentTarget.value })} />
          </div>
          <div class="field-row">
            {list("allow", "Allow (one skill per line)", "When not empty, the only skills allowed.")}
            {list("deny", "Deny (one skill per line)", "Skills refused.")}
            {list("requireApprovalSkills", "Wait for approval (one per line)", "!skill lifts a default gate.")}
          </div>
          <div class="form-actions">
            <button type="submit" class="button primary">
              Save tool profile
            </button>
          </div>
        </form>
      ) : null}
    </section>
  )
}
