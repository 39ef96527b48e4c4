import type { Data } from "@servicekit/client"
import { useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Notice, formatTime } from "../Components.js"
import type { PageProps } from "../PageProps.js"

type Hosted = Data<"sipDashboard.getHostedSip">

/** Hosted SIP: whether the platform offers it and whether the tenant uses it; admins opt in and out. */
export const HostedSip = (props: PageProps & { readonly hosted: Hosted; readonly onChanged: () => void }) => {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)
  const { optedIn, optedInAt, platform } = props.hosted
  const change = async () => {
    setBusy(true)
    const { error } = optedIn
      ? await props.client.sipDashboard.optOutHostedSip({})
      : await props.client.sipDashboard.optInHostedSip({})
    setBusy(false)
    setFailure(error === undefined ? undefined : describeError(error))
    props.onChanged()
  }
  return (
    <section class="card" aria-labelledby="hosted-title">
      <h2 id="hosted-title">Hosted SIP</h2>
      {failure === undefined ? null : <Notice tone="error">{failure}</Notice>}
      <dl class="facts" data-testid="hosted-status">
        <dt>Platform</dt>
        <dd>{platform.ready ? <span class="mono">{platform.domain}</span> : "Not offered on this platform yet"}</dd>
        <dt>Your tenant</dt>
        <dd>{optedIn ? `Opted in ${formatTime(optedInAt)}` : "Not opted in"}</dd>
      </dl>
      <p class="help">Calls go through the platform's carrier instead of a trunk of your own; the two exclude each other.</p>
      {props.session.role !== "admin" ? null : (
        <div class="form-actions">
          <button
            type="button"
            class={optedIn ? "button" : "button primary"}
            disabled={busy || (!optedIn && !platform.ready)}
            onClick={change}
          >
            {optedIn ? "Opt out" : "Opt in"}
          </button>
        </div>
      )}
    </section>
  )
}
