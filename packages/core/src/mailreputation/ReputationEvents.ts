import { Schema } from "effect"
import { Integer } from "../http/Schemas.js"
import type { DomainEvent } from "../jobs/EventOutbox.js"
import { eventBody, sentEvent } from "../module/EventBodies.js"
import type { ProductEvent } from "../platform/Products.js"
import type { MailReputationSettings } from "../platform/Settings.js"
import { type ReputationCause, type ReputationTotals, rateOf } from "./Reputation.js"

/** The counts and rates an event and the API answer with. */
export const ReputationFigures = {
  sent: Integer.annotations({ description: "Messages the relay took in the window (test mail aside)." }),
  bounced: Integer.annotations({ description: "Hard bounces in the window." }),
  complained: Integer.annotations({ description: "Spam complaints in the window." }),
  bounceRate: Schema.Number.annotations({ description: "bounced / sent, as a fraction (0.1 is 10 %); 0 with nothing sent." }),
  complaintRate: Schema.Number.annotations({ description: "complained / sent, as a fraction." }),
  windowDays: Integer.annotations({ description: "The rolling window the counts cover, in days." })
}

export const figuresOf = (totals: ReputationTotals, settings: MailReputationSettings) => ({
  ...totals,
  bounceRate: rateOf(totals.bounced, totals.sent),
  complaintRate: rateOf(totals.complained, totals.sent),
  windowDays: settings.windowDays
})

const Cause = Schema.Literal("bounces", "complaints").annotations({ description: "The rate past its threshold." })

const example = { sent: 1_240, bounced: 131, complained: 2, bounceRate: 0.10564516129032258, complaintRate: 0.0016129032258064516, windowDays: 7 }

export const SendingWarningEvent = eventBody(
  "sending.warning",
  "SendingWarningEvent",
  { cause: Cause, ...ReputationFigures },
  "The tenant's bounce or complaint rate passed the platform's warning threshold: mail goes on, but past the pause threshold it stops until the platform resumes it. Clean the list (suppressions) before sending more.",
  {
    eventId: "0d4e8b2a-6f1c-4a9e-b3d7-5c2f8e1a9b46",
    timestamp: "2026-03-19T09:26:53.000Z",
    payload: { cause: "bounces", ...example, bounced: 74, bounceRate: 0.05967741935483871 }
  }
)

export const SendingPausedEvent = eventBody(
  "sending.paused",
  "SendingPausedEvent",
  { cause: Cause, ...ReputationFigures },
  "The tenant's bounce or complaint rate passed the platform's pause threshold: until a platform admin resumes it, its mail is refused (403 `sending_paused`) and its queued mail fails for good instead of leaving.",
  {
    eventId: "7a2c9e4f-1b8d-4d6a-9f3e-2e5b7c1d8a03",
    timestamp: "2026-03-19T11:02:41.000Z",
    payload: { cause: "bounces", ...example }
  }
)

export const SendingResumedEvent = eventBody(
  "sending.resumed",
  "SendingResumedEvent",
  { ...ReputationFigures },
  "A platform admin resumed the tenant's paused sending; its rates start again from nothing.",
  {
    eventId: "c4f1a8d3-9e2b-4c7f-a6d5-8b3e1f9c2a70",
    timestamp: "2026-03-20T08:15:00.000Z",
    payload: { sent: 0, bounced: 0, complained: 0, bounceRate: 0, complaintRate: 0, windowDays: 7 }
  }
)

export const reputationEvents: ReadonlyArray<ProductEvent> = [
  sentEvent(SendingWarningEvent),
  sentEvent(SendingPausedEvent),
  sentEvent(SendingResumedEvent)
]

export type ReputationEventType = "sending.warning" | "sending.paused" | "sending.resumed"

/** An event of the tenant's standing changing to `type`, on the counts it was taken on. */
export const reputationEvent = (
  id: string,
  tenantId: string,
  type: ReputationEventType,
  cause: ReputationCause | null,
  totals: ReputationTotals,
  settings: MailReputationSettings,
  at: Date
): DomainEvent => ({
  id,
  tenantId,
  aggregate: `tenant:${tenantId}`,
  type,
  payload: { ...(cause === null ? {} : { cause }), ...figuresOf(totals, settings) },
  occurredAt: at
})
