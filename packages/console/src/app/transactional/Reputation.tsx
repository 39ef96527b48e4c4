import type { Schema } from "@servicekit/client"
import { Loading, Notice, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"
import { href } from "../Route.js"

type Reputation = Schema<"SendingReputation">

const percent = (fraction: number) =>
  `${(fraction * 100).toLocaleString("en", { maximumFractionDigits: fraction < 0.01 ? 2 : 1 })} %`

const STATUS: Readonly<Record<Reputation["status"], { readonly label: string; readonly badge: string }>> = {
  good: { label: "Good", badge: "active" },
  warning: { label: "Warning", badge: "pending" },
  paused: { label: "Sending paused", badge: "failed" }
}

/** What a warning or a pause means for the tenant, and what it can do. */
const Standing = (props: { readonly reputation: Reputation }) => {
  const { cause, since, status } = props.reputation
  if (status === "good") return null
  const rate = cause === "complaints" ? "complaint rate (recipients reporting your mail as spam)" : "bounce rate (addresses that do not exist)"
  const clean = (
    <>
      Check the lists you send to, and the <a href={href("/transactional/suppressions")}>suppressions</a>.
    </>
  )
  return status === "paused" ? (
    <Notice tone="error">
      Sending is paused since {formatTime(since!)}: your {rate} passed the platform's limit. Until the platform resumes it,
      live mail is refused and queued mail fails instead of leaving; test mail still works. {clean}
    </Notice>
  ) : (
    <Notice tone="info">
      Your {rate} passed the platform's warning level on {formatTime(since!)}. Mail goes on, but past the limit it stops
      until the platform resumes it. {clean}
    </Notice>
  )
}

/** The account's bounce and complaint rates against the platform's thresholds. */
export const ReputationCard = (props: PageProps) => {
  const [reputation] = useLoad(() => props.client.reputation.getReputation(), [props.session.tenantId])
  return (
    <Loading loaded={reputation}>
      {(loaded) => (
        <section class="card" aria-labelledby="reputation-title">
          <h2 id="reputation-title">
            Sending reputation <span class={`status ${STATUS[loaded.status].badge}`}>{STATUS[loaded.status].label}</span>
          </h2>
          <Standing reputation={loaded} />
          <dl class="stats" data-testid="reputation">
            <div>
              <dt>Sent</dt>
              <dd>{loaded.sent.toLocaleString("en")}</dd>
            </div>
            <div>
              <dt>Bounce rate</dt>
              <dd>{percent(loaded.bounceRate)}</dd>
            </div>
            <div>
              <dt>Complaint rate</dt>
              <dd>{percent(loaded.complaintRate)}</dd>
            </div>
          </dl>
          <p class="muted small">
            Over the last {loaded.windowDays} days, test mail aside. The platform warns at a bounce rate of{" "}
            {percent(loaded.thresholds.bounceRate.warning)} and pauses sending at{" "}
            {percent(loaded.thresholds.bounceRate.pause)}; for complaints at{" "}
            {percent(loaded.thresholds.complaintRate.warning)} and {percent(loaded.thresholds.complaintRate.pause)}. Fewer
            than {loaded.thresholds.minimumSends.toLocaleString("en")} messages are not judged.
          </p>
        </section>
      )}
    </Loading>
  )
}
