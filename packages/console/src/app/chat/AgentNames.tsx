import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Loading, Notice } from "../Components.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"

/**
 * The names agents sign chat replies with: the signed-in agent sets their own, and the list shows
 * everyone's; an admin may take anyone's off (their replies are then signed "Agent").
 */
export const AgentNames = (props: PageProps) => {
  const tenantId = props.session.tenantId
  const [loaded, reload] = useLoad(() => props.client.chatAppearance.listAgentProfiles({ path: { tenantId } }), [tenantId])
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const remove = async (agentId: string) => {
    const { error } = await props.client.chatAppearance.removeAgentProfile({ path: { tenantId, agentId } })
    setFailure(error === undefined ? undefined : describeError(error))
    reload()
  }
  return (
    <section class="card" aria-labelledby="agent-names-title">
      <h2 id="agent-names-title">Agents' names</h2>
      <p>Visitors see the name and initials of the agent who answers them. Earlier replies keep the name they had.</p>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <Loading loaded={loaded}>
        {({ data }) => (
          <>
            <OwnName {...props} current={data.find((profile) => profile.agentId === props.session.subject)} onSaved={reload} />
            {data.length === 0 ? (
              <p class="muted">No agent has a name yet: replies are signed "Agent".</p>
            ) : (
              <table class="table">
                <caption class="visually-hidden">Agents' names</caption>
                <thead>
                  <tr>
                    <th scope="col">Initials</th>
                    <th scope="col">Name</th>
                    <th scope="col">Agent</th>
                    {props.session.role === "admin" ? (
                      <th scope="col">
                        <span class="visually-hidden">Actions</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {data.map((profile) => (
                    <tr key={profile.agentId}>
                      <td>
                        <span class="initials" aria-hidden="true">
                          {profile.initials}
                        </span>
                        <span class="visually-hidden">{profile.initials}</span>
                      </td>
                      <td>{profile.displayName}</td>
                      <td class="mono">{profile.agentId}</td>
                      {props.session.role === "admin" ? (
                        <td>
                          <button
                            type="button"
                            class="button small"
                            aria-label={`Remove the name of ${profile.displayName}`}
                            onClick={() => remove(profile.agentId)}
                          >
                            Remove
                          </button>
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Loading>
    </section>
  )
}

type Profile = { readonly displayName: string; readonly initials: string }

/** The signed-in agent's own name and initials (initials by default from the name). */
const OwnName = (props: PageProps & { readonly current: Profile | undefined; readonly onSaved: () => void }) => {
  const [problem, setProblem] = useState<{ readonly field: string; readonly text: string } | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const submit = async (event: Event) => {
    event.preventDefault()
    if (busy) return
    const form = new FormData(event.currentTarget as HTMLFormElement)
    const initials = String(form.get("initials") ?? "").trim()
    setBusy(true)
    const { error } = await props.client.chatAppearance.putAgentProfile({
      path: { tenantId: props.session.tenantId, agentId: props.session.subject },
      body: { displayName: String(form.get("displayName") ?? ""), ...(initials === "" ? {} : { initials }) }
    })
    setBusy(false)
    if (error === undefined) {
      setProblem(undefined)
      return props.onSaved()
    }
    const atField = error.details?.[0]
    setProblem({ field: atField?.field ?? "", text: atField === undefined ? describeError(error) : `It ${atField.reason}.` })
  }
  const invalid = (field: string) => (problem?.field === field ? "true" : undefined)
  return (
    <form class="form" onSubmit={submit} aria-labelledby="own-name-title">
      <h3 id="own-name-title">Your name in chat</h3>
      {problem === undefined ? null : (
        <p class="field-error" id="own-name-error" role="alert">
          {problem.text}
        </p>
      )}
      <div class="field-row">
        <div class="field grow">
          <label for="own-name">Your name</label>
          <input
            id="own-name"
            name="displayName"
            required
            maxLength={60}
            defaultValue={props.current?.displayName ?? ""}
            aria-invalid={invalid("displayName")}
            aria-describedby={problem === undefined ? undefined : "own-name-error"}
          />
        </div>
        <div class="field">
          <label for="own-initials">Initials (optional)</label>
          <input
            id="own-initials"
            name="initials"
            maxLength={3}
            defaultValue={props.current?.initials ?? ""}
            aria-invalid={invalid("initials")}
            aria-describedby="own-initials-help"
          />
          <p class="help" id="own-initials-help">
            Up to 3 characters; empty: from your name.
          </p>
        </div>
      </div>
      <div class="form-actions">
        <button type="submit" class="button primary" aria-disabled={busy ? "true" : undefined}>
          Save my name
        </button>
      </div>
    </form>
  )
}
