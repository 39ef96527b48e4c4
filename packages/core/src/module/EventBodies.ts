import { Schema } from "effect"
import { Timestamp, UuidText } from "../http/Schemas.js"
import type { ProductEvent } from "../platform/Products.js"

/**
 * An event's example, as its JSON body carries it (`event` aside, which the name gives): fixed,
 * realistic values a reader of the docs and the console's event catalog can map to their code.
 */
export interface EventExample<P extends Schema.Struct.Fields> {
  readonly eventId: string
  readonly timestamp: string
  readonly payload: Schema.Struct.Encoded<P>
}

/**
 * The body a webhook delivery of event `name` POSTs: `{ event, eventId, timestamp, payload }`,
 * with `payload` as the product defines it. `identifier` names the schema in the OpenAPI document
 * (and so in the typed client); `description` says when the event is sent; `example` is a whole
 * body, decoded here so that an example the schema would refuse fails at startup, not in the docs.
 */
export const eventBody = <const E extends string, P extends Schema.Struct.Fields>(
  name: E,
  identifier: string,
  payload: P,
  description: string,
  example: EventExample<NoInfer<P>>
) => {
  const body = Schema.Struct({
    event: Schema.Literal(name),
    eventId: UuidText.annotations({ description: "The event's id: the same for every subscription it is sent to." }),
    timestamp: Timestamp.annotations({ description: "When the event happened." }),
    payload: Schema.Struct(payload)
  })
  // The bodies' schemas need no service: decoding runs without one.
  const decoded = Schema.decodeUnknownSync(body as unknown as Schema.Schema<typeof body.Type, typeof body.Encoded>)({
    event: name,
    ...example
  })
  return body.annotations({ identifier, description, examples: [decoded] })
}

/** A product's event as its body declares it (see ProductDeclaration's `events`). */
export const sentEvent = (
  body: Schema.Schema<any, any> & { readonly fields: { readonly event: { readonly literals: ReadonlyArray<string> } } }
): ProductEvent => ({ name: body.fields.event.literals[0]!, body })
