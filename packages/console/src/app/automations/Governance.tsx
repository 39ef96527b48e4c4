import { useEffect, useState } from "preact/hooks"
import { describeError } from "../Api.js"
import { Loading, PageHeader, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"
import { Memory } from "./Memory.js"
import { type Outcome, OutcomeNotice, linesOf } from "./Outcome.js"
import { ToolProfiles } from "./ToolProfiles.js"

/** The standing orders AI steps follow (`{{policy}}`): one text, replaced whole. */
const StandingOrders = (props: PageProps & { readonly admin: boolean }) => {
  const [policy, reload] = useLoad(() => props.client.automationsDashboard.getDashboardPolicy(), [])
  const [text, setText] = useState("")
  const [outcome, setOutcome] = useState<Outcome>(undefined)
  useEffect(() => {
    if (policy.state === "ready") setText(policy.data.standingOrders)
  }, [policy])
  const save = async (event: Event) => {
    event.preventDefault()
    const { error } = await props.client.automationsDashboard.putDashboardPolicy({ body: { standingOrders: text } })
    setOutcome(error === undefined ? { tone: "info", text: "Standing orders saved." } : { tone: "error", text: describeError(error) })
    if (error === undefined) reload()
  }
  return (
    <form class="card form" onSubmit={save} aria-labelledby="orders-title">
      <h2 id="orders-title">Standing orders</h2>
      <p class="help">The instructions AI steps follow, and <code>{"{{policy}}"}</code> in step inputs. Runs starting from now see them.</p>
      <OutcomeNotice outcome={outcome} />
      <Loading loaded={policy}>
        {(current) => (
          <>
            <div class="field">
              <label for="standing-orders">Policy text</label>
              <textarea
                id="standing-orders"
                rows={8}
                value={text}
                readOnly={!props.admin}
                onInput={(event) => setText(event.currentTarget.value)}
              />
              <p class="help">Last changed: {formatTime(current.updatedAt)}</p>
            </div>
            {props.admin ? (
              <div class="form-actions">
                <button type="submit" class="button primary">
                  Save standing orders
                </button>
              </div>
            ) : null}
          </>
        )}
      </Loading>
    </form>
  )
}

/** The model labels AI steps ask, primary first, then each failover label in order. */
const Models = (props: PageProps & { readonly admin: boolean }) => {
  const [models, reload] = useLoad(() => props.client.automationsDashboard.getDashboardModels(), [])
  const [primary, setPrimary] = useState("")
  const [failover, setFailover] = useState("")
  const [outcome, setOutcome] = useState<Outcome>(undefined)
  useEffect(() => {
    if (models.state !== "ready") return
    setPrimary(models.data.primary ?? "")
    setFailover(models.data.failover.join("\n"))
  }, [models])
  const save = async (event: Event) => {
    event.preventDefault()
    const { error } = await props.client.automationsDashboard.putDashboardModels({
      body: { primary, failover: linesOf(failover) }
    })
    setOutcome(error === undefined ? { tone: "info", text: "Model labels saved." } : { tone: "error", text: describeError(error) })
    if (error === undefined) reload()
  }
  return (
    <form class="card form" onSubmit={save} aria-labelledby="models-title">
      <h2 id="models-title">Models</h2>
      <p class="help">The model labels AI and agent steps ask: the primary first, then each failover label in order.</p>
      <OutcomeNotice outcome={outcome} />
      <Loading loaded={models}>
        {(current) => (
          <>
            {current.primary === null ? (
              <p class="muted">The platform has no language model configured.</p>
            ) : current.updatedAt === null ? (
              <p class="muted">The platform's default is in use.</p>
            ) : null}
            <div class="field-row">
              <div class="field">
                <label for="model-primary">Primary label</label>
                <input
                  id="model-primary"
                  value={primary}
                  readOnly={!props.admin}
                  onInput={(event) => setPrimary(event.currentTarget.value)}
                />
              </div>
              <div class="field grow">
                <label for="model-failover">Failover labels (one per line)</label>
                <textarea
                  id="model-failover"
                  rows={3}
                  value={failover}
                  readOnly={!props.admin}
                  onInput={(event) => setFailover(event.currentTarget.value)}
                />
              </div>
            </div>
            {props.admin ? (
              <div class="form-actions">
                <button type="submit" class="button primary">
                  Save model labels
                </button>
              </div>
            ) : null}
          </>
        )}
      </Loading>
    </form>
  )
}

/** Governance of the tenant's automations: standing orders, models, tool profiles and memory. Admins change them. */
export const Governance = (props: PageProps) => {
  const admin = props.session.role === "admin"
  return (
    <>
      <PageHeader title="Governance" lead="What runs may do: standing orders, models, tool profiles and memory." />
      <StandingOrders {...props} admin={admin} />
      <Models {...props} admin={admin} />
      <ToolProfiles {...props} admin={admin} />
      <Memory {...props} admin={admin} />
    </>
  )
}
