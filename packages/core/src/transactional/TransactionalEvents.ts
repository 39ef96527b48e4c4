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
  "The mail server accepted a message for delivery.",
  {
    eventId: "5b0f2c1e-8d4a-4f6b-9c3e-2a7d1e9f4b60",
    timestamp: "2026-03-14T09:26:53.000Z",
    payload: {
      messageId: "0c9e6a4d-3b7f-4e2a-8d15-6f4b2c9a7e31",
      to: "ada@example.com",
      subject: "Your order #1042 has shipped",
      templateId: "7f3d2a1b-9c8e-4b6f-a5d4-3e2c1b0a9f87",
      templateName: "order-shipped",
      source: "transactional_v1",
      test: false,
      attempts: 1,
      providerMessageId: "<20260314092653.1a2b3c@mail.example.com>"
    }
  }
)

export const EmailFailedEvent = event(
  "email.failed",
  "EmailFailedEvent",
  { ...message, reason: Schema.String.annotations({ description: "What the mail server (or the sender) answered." }) },
  "A message could not be delivered and will not be tried again: refused for good, or out of attempts.",
  {
    eventId: "e1a7c3f9-4d2b-4a8e-b6c5-9f0d3e2a1b74",
    timestamp: "2026-03-14T10:02:17.000Z",
    payload: {
      messageId: "3a8b5c2d-1e4f-4a6b-9c7d-8e0f2a4b6c13",
      to: "grace@example.com",
      subject: "Reset your password",
      templateId: null,
      templateName: null,
      source: "automations_v1",
      test: false,
      attempts: 5,
      reason: "550 5.1.1 <grace@example.com>: Recipient address rejected: User unknown"
    }
  }
)

export const EmailBouncedEvent = event(
  "email.bounced",
  "EmailBouncedEvent",
  {
    ...message,
    bounce: Schema.Literal("hard", "soft").annotations({
      description: "hard: the address is bad or gone, and is now suppressed; soft: a passing failure (mailbox full, blocked, …)."
    }),
    status: Schema.String.annotations({ description: "The enhanced status code the report gave (`5.1.1`), or empty." }),
    diagnostic: Schema.NullOr(Schema.String).annotations({ description: "What the recipient's server answered." })
  },
  "A message the mail server accepted came back: the recipient's server reported it undeliverable.",
  {
    eventId: "9d2e4f6a-1b3c-4d5e-8f7a-2b4c6d8e0f13",
    timestamp: "2026-03-14T09:31:02.000Z",
    payload: {
      messageId: "0c9e6a4d-3b7f-4e2a-8d15-6f4b2c9a7e31",
      to: "ada@example.com",
      subject: "Your order #1042 has shipped",
      templateId: "7f3d2a1b-9c8e-4b6f-a5d4-3e2c1b0a9f87",
      templateName: "order-shipped",
      source: "transactional_v1",
      test: false,
      attempts: 1,
      bounce: "hard",
      status: "5.1.1",
      diagnostic: "550 5.1.1 <ada@example.com>: Recipient address rejected: User unknown"
    }
  }
)

export const EmailComplainedEvent = event(
  "email.complained",
  "EmailComplainedEvent",
  {
    ...message,
    feedbackType: Schema.String.annotations({ description: "The report's Feedback-Type: `abuse` for a spam complaint, …" })
  },
  "The recipient reported a message as spam (a mailbox provider's feedback report): the address is now suppressed.",
  {
    eventId: "4c6e8a0b-2d4f-4a6b-8c0d-2e4f6a8b0c25",
    timestamp: "2026-03-15T17:12:40.000Z",
    payload: {
      messageId: "0c9e6a4d-3b7f-4e2a-8d15-6f4b2c9a7e31",
      to: "ada@example.com",
      subject: "Your order #1042 has shipped",
      templateId: "7f3d2a1b-9c8e-4b6f-a5d4-3e2c1b0a9f87",
      templateName: "order-shipped",
      source: "transactional_v1",
      test: false,
      attempts: 1,
      feedbackType: "abuse"
    }
  }
)

const reported = {
  ...message,
  status: Schema.String.annotations({ description: "The enhanced status code the report gave (`2.0.0`, `4.4.7`), or empty." }),
  diagnostic: Schema.NullOr(Schema.String).annotations({ description: "What the recipient's server said, if the report quotes it." })
}

export const EmailDeliveredEvent = event(
  "email.delivered",
  "EmailDeliveredEvent",
  reported,
  "The recipient's server reported the message delivered (a delivery status notification with action `delivered`, where the relay asks for one).",
  {
    eventId: "2a4c6e8f-0b1d-4f3a-8c5e-7a9b1c3d5e26",
    timestamp: "2026-03-14T09:27:10.000Z",
    payload: {
      messageId: "0c9e6a4d-3b7f-4e2a-8d15-6f4b2c9a7e31",
      to: "ada@example.com",
      subject: "Your order #1042 has shipped",
      templateId: "7f3d2a1b-9c8e-4b6f-a5d4-3e2c1b0a9f87",
      templateName: "order-shipped",
      source: "transactional_v1",
      test: false,
      attempts: 1,
      status: "2.0.0",
      diagnostic: null
    }
  }
)

export const EmailDeferredEvent = event(
  "email.deferred",
  "EmailDeferredEvent",
  reported,
  "The receiving side could not deliver the message yet and keeps trying (a delivery status notification with action `delayed`).",
  {
    eventId: "6e8a0c2d-4f6b-4d8e-9a1c-3e5a7c9e1b37",
    timestamp: "2026-03-14T13:27:10.000Z",
    payload: {
      messageId: "0c9e6a4d-3b7f-4e2a-8d15-6f4b2c9a7e31",
      to: "ada@example.com",
      subject: "Your order #1042 has shipped",
      templateId: "7f3d2a1b-9c8e-4b6f-a5d4-3e2c1b0a9f87",
      templateName: "order-shipped",
      source: "transactional_v1",
      test: false,
      attempts: 1,
      status: "4.4.7",
      diagnostic: "421 4.4.7 Mailbox temporarily unavailable"
    }
  }
)

export const transactionalEvents: ReadonlyArray<ProductEvent> = [
  EmailSentEvent,
  EmailFailedEvent,
  EmailBouncedEvent,
  EmailComplainedEvent,
  EmailDeliveredEvent,
  EmailDeferredEvent
].map(sentEvent)

/** The event of a final outcome: `email.sent`, or `email.failed` for one failed for good. */
export const emailEventType = (message: EmailMessage) => (message.status === "sent" ? "email.sent" : "email.failed")

/** The event a delivery's final outcome sends: `message` as just recorded (sent, or failed for good). */
export const emailEvent = (id: string, message: EmailMessage): DomainEvent => {
  const fields = messageFields(message)
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

/** The event of what a report said of a sent message: bounced, complained, delivered or deferred. */
export const reportEvent = (
  id: string,
  message: EmailMessage,
  said:
    | { readonly type: "email.bounced"; readonly bounce: "hard" | "soft"; readonly status: string; readonly diagnostic: string | null }
    | { readonly type: "email.complained"; readonly feedbackType: string }
    | {
        readonly type: "email.delivered" | "email.deferred"
        readonly status: string
        readonly diagnostic: string | null
      },
  occurredAt: Date
): DomainEvent => {
  const { type, ...detail } = said
  return {
    id,
    tenantId: message.tenantId,
    aggregate: `email:${message.id}`,
    type,
    payload: { ...messageFields(message), ...detail },
    occurredAt
  }
}

const messageFields = (message: EmailMessage) => ({
  messageId: message.id,
  to: message.to,
  subject: message.subject,
  templateId: message.templateId,
  templateName: message.templateName,
  source: message.source,
  test: message.test,
  attempts: message.attempts
})
