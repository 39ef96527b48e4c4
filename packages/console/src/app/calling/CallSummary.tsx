import { Loading, formatTime } from "../Components.js"
import { useLoad } from "../Load.js"
import type { PageProps } from "../PageProps.js"
import { type CallFilters, periodQuery } from "./CallFilters.js"

/** The totals of the calls started in the period, as the API counts them. */
export const CallSummary = (props: PageProps & { readonly filters: CallFilters }) => {
  const query = periodQuery(props.filters)
  const [summary] = useLoad(() => props.client.callsDashboard.getCallSummary({ query }), [
    props.session.tenantId,
    query.from,
    query.to
  ])
  return (
    <Loading loaded={summary}>
      {(totals) => (
        <section class="card" aria-labelledby="summary-title">
          <h2 id="summary-title">
            Summary, {formatTime(totals.from)} to {formatTime(totals.to)}
          </h2>
          <dl class="stats" data-testid="call-summary">
            <div>
              <dt>Calls</dt>
              <dd>{totals.calls}</dd>
            </div>
            <div>
              <dt>Minutes</dt>
              <dd>{totals.minutes}</dd>
            </div>
            <div>
              <dt>Inbound offered</dt>
              <dd>{totals.inboundOffered}</dd>
            </div>
            <div>
              <dt>Inbound answered</dt>
              <dd>{totals.inboundAnswered}</dd>
            </div>
            <div>
              <dt>Answer rate</dt>
              <dd>{totals.answerRatePercent === null ? "—" : `${totals.answerRatePercent}%`}</dd>
            </div>
          </dl>
        </section>
      )}
    </Loading>
  )
}
