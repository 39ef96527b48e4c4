import { useState } from "preact/hooks"
import type { CatalogEvent } from "../Api.js"
import { productNames } from "../Overview.js"

export interface EventGroup {
  /** The product sending them; null for the platform's own (the endpoints' events). */
  readonly product: string | null
  readonly title: string
  readonly events: ReadonlyArray<CatalogEvent>
}

/**
 * The events an endpoint of this tenant may list, by product: those of the products it has, then
 * the platform's own (any tenant's); the API refuses the others.
 */
export const eventGroups = (
  events: ReadonlyArray<CatalogEvent>,
  entitlements: ReadonlyArray<string>
): ReadonlyArray<EventGroup> => {
  const groups = new Map<string | null, Array<CatalogEvent>>()
  for (const event of events) {
    if (event.product !== null && !entitlements.includes(event.product)) continue
    groups.set(event.product, [...(groups.get(event.product) ?? []), event])
  }
  return [...groups].map(([product, events]) => ({
    product,
    title: product === null ? "Endpoint" : (productNames[product] ?? product),
    events
  }))
}

/**
 * What a new endpoint receives: every event (the default, sent as neither `events` nor
 * `products`), or the whole products and single events chosen. The pickers are only in the form
 * while "Chosen" is, so that a hidden tick never reaches the API.
 */
export const ReceivesPicker = (props: { readonly groups: ReadonlyArray<EventGroup> }) => {
  const [chosen, setChosen] = useState(false)
  const products = props.groups.flatMap((group) => (group.product === null ? [] : [group]))
  return (
    <>
      <fieldset class="field">
        <legend>Receives</legend>
        <div class="choices">
          <label>
            <input type="radio" name="receives" value="all" checked={!chosen} onChange={() => setChosen(false)} /> All
            events
          </label>
          <label>
            <input type="radio" name="receives" value="chosen" checked={chosen} onChange={() => setChosen(true)} />{" "}
            Chosen products and events
          </label>
        </div>
        <p class="help">All events: every event your products send, those added later too.</p>
      </fieldset>
      {chosen ? (
        <>
          {products.length === 0 ? null : (
            <fieldset class="field">
              <legend>Whole products</legend>
              <div class="choices">
                {products.map((group) => (
                  <label key={group.product}>
                    <input type="checkbox" name="products" value={group.product!} /> Every event of {group.title}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {props.groups.map((group) => (
            <fieldset class="field" key={group.title}>
              <legend>{group.title} events</legend>
              <div class="choices">
                {group.events.map((event) => (
                  // The description as a tooltip: the catalog page shows it in full.
                  <label key={event.name} title={event.description ?? undefined}>
                    <input type="checkbox" name="events" value={event.name} /> <span class="mono">{event.name}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </>
      ) : null}
    </>
  )
}

/** An endpoint's choice as a reader says it: all events, or its products and events. */
export const receivesText = (webhook: {
  readonly events: ReadonlyArray<string>
  readonly products: ReadonlyArray<string>
}) =>
  webhook.events.length === 0 && webhook.products.length === 0
    ? "All events"
    : [
        ...webhook.products.map((product) => `Every event of ${productNames[product] ?? product}`),
        ...webhook.events
      ].join(", ")

/** A throttle as a reader says it. */
export const throttleText = (ratePerSecond: number | null) =>
  ratePerSecond === null ? "None" : `At most ${ratePerSecond} ${ratePerSecond === 1 ? "delivery" : "deliveries"} a second`

/** The throttle field's value as the API takes it: empty is none (null). */
export const rateOf = (value: FormDataEntryValue | null): number | null => {
  const text = String(value ?? "").trim()
  return text === "" ? null : Number(text)
}

/** The throttle input: whole numbers 1 to 1000, empty for none (the browser checks the range before the API does). */
export const ThrottleField = (props: { readonly id: string; readonly label: string; readonly value?: number | null }) => (
  <div class="field">
    <label for={props.id}>{props.label}</label>
    <input
      id={props.id}
      name="ratePerSecond"
      type="number"
      min={1}
      max={1000}
      step={1}
      inputMode="numeric"
      defaultValue={props.value === null || props.value === undefined ? "" : String(props.value)}
      aria-describedby={`${props.id}-help`}
    />
    <p id={`${props.id}-help`} class="help">
      Empty: deliveries go out as fast as they come. At most 1000 a second.
    </p>
  </div>
)
