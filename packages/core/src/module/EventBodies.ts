import { Schema } from "effect"
import { Timestamp, UuidText } from "../http/Schemas.js"
import type { ProductEvent } from "../platform/Products.js"

/**
 * The body a webhook delivery of event `name` POSTs: `{ event, eventId, timestamp, payload }`,
 * with `payload` as the product defines it. `identifier` names the schema in the OpenAPI document
 * (and so in the typed client); `description` says when the event is sent.
 */
export const eventBody = <const E extends string, P extends Schema.Struct.Fields>(
  name: E,
  identifier: string,
  payload: P,
  description: string
) =>
  Schema.Struct({
    event: Schema.Literal(name),
    eventId: UuidText.annotations({ description: "The event's id: the same for every subscription it is sent to." }),
    timestamp: Timestamp.annotations({ description: "When the event happened." }),
    payload: Schema.Struct(payload)
  }).annotations({ identifier, description })

/** A product's event as its body declares it (see ProductDeclaration's `events`). */
export const sentEvent = (
  body: Schema.Schema<any, any> & { readonly fields: { readonly event: { readonly literals: ReadonlyArray<string> } } }
): ProductEvent => ({ name: body.fields.event.literals[0]!, body })
