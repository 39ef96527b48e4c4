import { Schema } from "effect"
import { Integer, UuidText } from "../http/Schemas.js"
import type { DomainEvent } from "../jobs/EventOutbox.js"
import { eventBody as event, sentEvent } from "../module/EventBodies.js"
import type { ProductEvent } from "../platform/Products.js"
import type { EmailMessage } from "./Transactional.js"

/*
 * The bodies Transactional's webhooks POST: one event per change in a message's delivery. A
 * message sent through the email pipeline by another product (an automation's `email.send`)
 * sends them too; `source` says which.
 */

const message = {
  messageId: UuidText,
  to: Schema.String,
  subject: Schema.String,
  templateId: Schema.NullOr(UuidText),
  templateName: Schema.NullOr(Schema.String),
  source: Schema.String.annotations({
    description: "What sent it: `transactional_v1` (the API), `automations_v1` (a run's email.send), …"
  }),
  test: Schema.Boolean.annotations({ description: "Sent with a test key: delivered to the development mailbox only." }),
  attempts: Integer.annotations({ description: "Delivery attempts made, this one included." })
}

export const EmailSentEvent = event(
  "email.sent",
  "EmailSentEvent",
  {
    ...message,
    providerMessageId: Schema.NullOr(Schema.String).annotations({
      description: "The mail server's id for it, if it gave one."
    })
  },
  "The mail server accepted a message for delivery."
)

export const EmailFailedEvent = event(
  "email.failed",
  "EmailFailedEvent",
  { ...message, reason: Schema.String.annotations({ description: "What the mail server (or the sender) answered." }) },
  "A message could not be delivered and will not be tried again: refused for good, or out of attempts."
)

export const transactionalEvents: ReadonlyArray<ProductEvent> = [EmailSentEvent, EmailFailedEvent].map(sentEvent)

/** The event of a final outcome: `email.sent`, or `email.failed` for one failed for good. */
export const emailEventType = (message: EmailMessage) => (message.status === "sent" ? "email.sent" : "email.failed")

/** The event a delivery's final outcome sends: `message` as just recorded (sent, or failed for good). */
export const emailEvent = (id: string, message: EmailMessage): DomainEvent => {
  const fields = {
    messageId: message.id,
    to: message.to,
    subject: message.subject,
    templateId: message.templateId,
    templateName: message.templateName,
    source: message.source,
    test: message.test,
    attempts: message.attempts
  }
  return {
    id,
    tenantId: message.tenantId,
    aggregate: `email:${message.id}`,
    type: emailEventType(message),
    payload:
      message.status === "sent"
        ? { ...fields, providerMessageId: message.providerMessageId }
        : { ...fields, reason: message.error ?? "" },
    occurredAt: message.updatedAt
  }
}
