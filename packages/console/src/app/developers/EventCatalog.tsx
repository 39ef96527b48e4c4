import type { CatalogEvent } from "../Api.js"
import { PageHeader } from "../Components.js"
import { href } from "../Route.js"
import type { PageProps } from "../PageProps.js"
import { eventGroups } from "./WebhookReceives.js"

/** One event: when it is sent, and a body as a delivery POSTs it. */
const EventEntry = (props: { readonly event: CatalogEvent }) => {
  const { description, example, name } = props.event
  const id = `event-${name.replace(/[^a-z0-9]+/gi, "-")}`
  return (
    <article class="catalog-event" aria-labelledby={id}>
      <h3 id={id} class="mono">
        {name}
      </h3>
      {/* An event without a body is accepted in subscriptions but not sent (yet). */}
      <p>{description ?? <span class="muted">Accepted in subscriptions; not sent yet.</span>}</p>
      {example === null ? null : (
        // Long bodies scroll: keyboard users reach them too.
        <pre class="code" tabIndex={0} aria-label={`Example body of ${name}`}>
          {JSON.stringify(example, null, 2)}
        </pre>
      )}
    </article>
  )
}

/**
 * The events this tenant's endpoints may receive, by product (those it has, then the endpoints'
 * own): what each means and what its body looks like, from the kit's own declarations.
 */
export const EventCatalog = (props: PageProps) => {
  return (
    <>
      <PageHeader title="Event catalog" lead="The events your webhook endpoints can receive, with an example of each." />
      <p>
        Every delivery POSTs a JSON body <span class="mono">{"{ event, eventId, timestamp, payload }"}</span>, signed
        with the endpoint's secret. Subscribe to them under <a href={href("/developers/webhooks")}>Webhooks</a>.
      </p>
      {eventGroups(props.kit.catalog.webhookEvents, props.entitlements).map((group) => (
        <section class="card" key={group.title} aria-labelledby={`events-${group.product ?? "endpoint"}`}>
          <h2 id={`events-${group.product ?? "endpoint"}`}>{group.title} events</h2>
          {group.events.map((event) => (
            <EventEntry key={event.name} event={event} />
          ))}
        </section>
      ))}
    </>
  )
}
