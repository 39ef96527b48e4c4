import { Context, type Schema } from "effect"

/** What groups and endpoints tell the OpenAPI document beyond what HttpApi knows of them. */

type Spec = Record<string, any>

/** A request ServiceKit sends to a URL its tenant chose: the event's name and its JSON body. */
export interface DocumentedWebhook {
  readonly event: string
  readonly body: Schema.Schema.Any
}

/**
 * The credentials a group's (or an endpoint's) own middleware reads, for the document: the
 * security schemes by name, and which of them a request may use (any one).
 */
export interface SecurityDocumentation {
  readonly schemes: Readonly<Record<string, Spec>>
  readonly anyOf: ReadonlyArray<string>
}

/** Annotates a group or an endpoint with the credentials its own middleware reads. */
export class DocumentedSecurity extends Context.Tag("@servicekit/core/DocumentedSecurity")<
  DocumentedSecurity,
  SecurityDocumentation
>() {}

/** Annotates a group with the webhooks it sends, documented under the document's `webhooks` (OpenAPI 3.1). */
export class DocumentedWebhooks extends Context.Tag("@servicekit/core/DocumentedWebhooks")<
  DocumentedWebhooks,
  ReadonlyArray<DocumentedWebhook>
>() {}
