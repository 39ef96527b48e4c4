import type { Data } from "@servicekit/client"
import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Confirm, Notice, formatTime } from "../Components.js"
import type { PageProps } from "../PageProps.js"

type Trunk = NonNullable<Data<"sipDashboard.getTrunkStatus">>
type Transport = Trunk["transport"]

interface Draft {
  readonly host: string
  readonly port: string
  readonly transport: Transport
  readonly username: string
  readonly password: string
}

const draftOf = (trunk: Trunk | null): Draft => ({
  host: trunk?.host ?? "",
  port: String(trunk?.port ?? 5060),
  transport: trunk?.transport ?? "udp",
  username: trunk?.username ?? "",
  password: ""
})

/** The register form: a new trunk needs its password; an update keeps the stored one when it is left empty. */
const TrunkForm = (props: PageProps & { readonly trunk: Trunk | null; readonly onSaved: () => void }) => {
  const [draft, setDraft] = useState(() => draftOf(props.trunk))
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const field = (key: keyof Draft) => ({
    value: draft[key],
    onInput: (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) =>
      setDraft({ ...draft, [key]: event.currentTarget.value })
  })
  const submit = async (event: Event) => {
    event.preventDefault()
    setBusy(true)
    const { error } = await props.client.sipDashboard.registerTrunk({
      body: {
        host: draft.host.trim(),
        port: Number(draft.port),
        transport: draft.transport,
        username: draft.username,
        ...(draft.password === "" ? {} : { password: draft.password })
      }
    })
    setBusy(false)
    if (error !== undefined) return setFailure(describeError(error))
    setFailure(undefined)
    props.onSaved()
  }
  return (
    <form class="form" onSubmit={submit} aria-label="Own SIP trunk">
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <div class="field-row">
        <div class="field grow">
          <label for="trunk-host">Host</label>
          <input id="trunk-host" required maxLength={253} placeholder="sip.carrier.example" {...field("host")} />
        </div>
        <div class="field">
          <label for="trunk-port">Port</label>
          <input id="trunk-port" type="number" required min={1} max={65535} {...field("port")} />
        </div>
        <div class="field">
          <label for="trunk-transport">Transport</label>
          <select id="trunk-transport" {...field("transport")}>
            <option value="udp">UDP</option>
            <option value="tcp">TCP</option>
            <option value="tls">TLS</option>
          </select>
        </div>
      </div>
      <div class="field-row">
        <div class="field grow">
          <label for="trunk-username">Username</label>
          <input id="trunk-username" required maxLength={128} autoComplete="off" {...field("username")} />
        </div>
        <div class="field grow">
          <label for="trunk-password">Password</label>
          <input
            id="trunk-password"
            type="password"
            required={props.trunk === null}
            maxLength={256}
            autoComplete="new-password"
            aria-describedby="trunk-password-help"
            {...field("password")}
          />
          <p class="help" id="trunk-password-help">
            {props.trunk === null ? "Stored encrypted, never shown again." : "Leave empty to keep the stored password."}
          </p>
        </div>
      </div>
      <div class="form-actions">
        <button type="submit" class="button primary" disabled={busy}>
          {props.trunk === null ? "Register trunk" : "Update trunk"}
        </button>
      </div>
    </form>
  )
}

/** The tenant's own trunk as the API shows it (never its password); admins register, update and remove it. */
export const OwnTrunk = (props: PageProps & { readonly trunk: Trunk | null; readonly onChanged: () => void }) => {
  const [removing, setRemoving] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const admin = props.session.role === "admin"
  const remove = async () => {
    setRemoving(false)
    const { error } = await props.client.sipDashboard.removeTrunk({})
    setFailure(error === undefined ? undefined : describeError(error))
    props.onChanged()
  }
  return (
    <section class="card" aria-labelledby="trunk-title">
      <h2 id="trunk-title">Own SIP trunk</h2>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      {props.trunk === null ? (
        <p class="muted" data-testid="trunk-status">
          No own trunk is registered.
        </p>
      ) : (
        <>
          <dl class="facts" data-testid="trunk-status">
            <dt>Host</dt>
            <dd class="mono">{props.trunk.host}</dd>
            <dt>Port</dt>
            <dd>{props.trunk.port}</dd>
            <dt>Transport</dt>
            <dd>{props.trunk.transport.toUpperCase()}</dd>
            <dt>Username</dt>
            <dd class="mono">{props.trunk.username}</dd>
            <dt>Updated</dt>
            <dd>{formatTime(props.trunk.updatedAt)}</dd>
          </dl>
          {admin ? (
            <div class="form-actions">
              <button type="button" class="button danger-text" onClick={() => setRemoving(true)}>
                Remove trunk
              </button>
            </div>
          ) : null}
        </>
      )}
      {admin ? (
        <TrunkForm key={props.trunk?.updatedAt ?? "none"} {...props} onSaved={props.onChanged} />
      ) : (
        <p class="help">Only tenant admins change the SIP setup.</p>
      )}
      {removing ? (
        <Confirm title="Remove the own trunk?" action="Remove trunk" onConfirm={remove} onCancel={() => setRemoving(false)}>
          <p>Calls through it stop at once. Its stored password is deleted.</p>
        </Confirm>
      ) : null}
    </section>
  )
}
