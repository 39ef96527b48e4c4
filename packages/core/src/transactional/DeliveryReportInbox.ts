import { Clock, Context, Effect, Layer, Option } from "effect"
import { EventBus } from "../jobs/EventBus.js"
import { SendingReputation } from "../module/SendingReputation.js"
import { Suppressions } from "../module/Suppressions.js"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { SecretBox } from "../platform/SecretBox.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { type DeliveryReport, type RecipientOutcome, type ReportParts, interpretReport } from "./DeliveryReports.js"
import { messageOfReturnPath } from "./MessageTokens.js"
import type { ActivityEntry, EmailMessage } from "./Transactional.js"
import { reportEvent } from "./TransactionalEvents.js"
import { ActivityLog, MessageRepository } from "./TransactionalRepositories.js"

/** A report as it arrived: the envelope's recipients and the message's parts that bear on it. */
export interface ArrivedReport {
  /** The RCPT TO addresses: a bounce comes to the message's Return-Path. */
  readonly recipients: ReadonlyArray<string>
  readonly parts: ReportParts
}

/** What became of a report: recorded against its message, or ignored and why. */
export interface ReportReceipt {
  readonly recorded: boolean
  readonly detail: string
}

/** A report sent again (the mail server's copy of one recorded already): taken, counted once. */
const ALREADY = {
  bounce: { recorded: false, detail: "the message's bounce was recorded already" },
  complaint: { recorded: false, detail: "the message's complaint was recorded already" }
} as const

/**
 * The reports mail servers send back about delivered mail (bounces and complaints), as the inbound
 * SMTP listener hands them over: each is matched to its message by the Return-Path it came to (or
 * that the report quotes), which only the platform's key makes; what does not match is ignored.
 */
export class DeliveryReportInbox extends Context.Tag("@servicekit/core/DeliveryReportInbox")<
  DeliveryReportInbox,
  { readonly receive: (report: ArrivedReport) => Effect.Effect<ReportReceipt> }
>() {
  static readonly layer = Layer.effect(
    DeliveryReportInbox,
    Effect.gen(function* () {
      const messages = yield* MessageRepository
      const activity = yield* ActivityLog
      const suppressions = yield* Suppressions
      const reputation = yield* SendingReputation
      const events = yield* EventBus
      const unit = yield* UnitOfWork
      const box = yield* SecretBox
      const crypto = yield* SecretCrypto

      /** The message the report is about: by the envelope, else by the Return-Path the report quotes. */
      const namedBy = (arrived: ArrivedReport, report: DeliveryReport) => {
        for (const recipient of arrived.recipients) {
          const named = messageOfReturnPath(box, recipient)
          if (named !== undefined) return named
        }
        const quoted = report.kind === "unrecognized" ? undefined : report.original?.headers["return-path"]
        return quoted === undefined ? undefined : messageOfReturnPath(box, quoted.replace(/^\s*<|>\s*$/g, "").trim())
      }

      const entry = (
        message: EmailMessage,
        status: ActivityEntry["status"],
        error: string | null,
        detail: Record<string, unknown>,
        createdAt: Date
      ): ActivityEntry => ({
        id: randomUuid(crypto),
        tenantId: message.tenantId,
        status,
        recipient: message.to,
        templateId: message.templateId,
        templateName: message.templateName,
        subject: message.subject,
        providerMessageId: message.providerMessageId,
        error,
        metadata: { source: message.source, messageId: message.id, test: message.test, ...detail },
        createdAt
      })

      /** The report's word on the message's own recipient; a report of one recipient speaks of it. */
      const outcomeFor = (message: EmailMessage, outcomes: ReadonlyArray<RecipientOutcome>) =>
        outcomes.find((outcome) => outcome.recipient.toLowerCase() === message.to.toLowerCase()) ??
        (outcomes.length === 1 ? outcomes[0] : undefined)

      const record = (message: EmailMessage, report: Exclude<DeliveryReport, { kind: "unrecognized" }>, at: Date) =>
        Effect.gen(function* () {
          if (report.kind === "complaint") {
            if (!(yield* messages.firstReport(message, "complaint", at))) return ALREADY.complaint
            yield* suppressions.add([
              {
                tenantId: message.tenantId,
                stream: message.stream,
                email: message.to,
                reason: "complaint",
                detail: `Feedback-Type: ${report.feedbackType}`,
                messageId: message.id
              }
            ])
            yield* countAgainst(message, { complained: 1 })
            yield* activity.append(entry(message, "complained", null, { feedbackType: report.feedbackType }, at))
            yield* publish(message, { type: "email.complained", feedbackType: report.feedbackType }, at)
            return { recorded: true, detail: `complaint (${report.feedbackType}) suppressed ${message.to}` }
          }
          const outcome = outcomeFor(message, report.outcomes)
          if (outcome === undefined) return { recorded: false, detail: "the report does not speak of the message's recipient" }
          const said = { status: outcome.status, diagnostic: outcome.diagnostic }
          switch (outcome.action) {
            case "failed": {
              if (!(yield* messages.firstReport(message, "bounce", at))) return ALREADY.bounce
              const bounce = outcome.hard ? "hard" : "soft"
              const bounced = {
                tenantId: message.tenantId,
                stream: message.stream,
                email: message.to,
                detail: [outcome.status, outcome.diagnostic].filter(Boolean).join(" ") || null,
                messageId: message.id
              }
              // A soft bounce suppresses only when repeated (see SOFT_BOUNCE_LIMIT).
              yield* outcome.hard
                ? Effect.zipRight(suppressions.add([{ ...bounced, reason: "hard_bounce" }]), countAgainst(message, { bounced: 1 }))
                : suppressions.softBounced([bounced])
              yield* activity.append(entry(message, "bounced", outcome.diagnostic, { bounce, ...said }, at))
              yield* publish(message, { type: "email.bounced", bounce, ...said }, at)
              return { recorded: true, detail: `${bounce} bounce of ${message.to}` }
            }
            case "delayed":
              yield* activity.append(entry(message, "deferred", outcome.diagnostic, said, at))
              yield* publish(message, { type: "email.deferred", ...said }, at)
              return { recorded: true, detail: `delivery to ${message.to} deferred` }
            case "delivered":
              yield* activity.append(entry(message, "delivered", null, said, at))
              yield* publish(message, { type: "email.delivered", ...said }, at)
              return { recorded: true, detail: `delivered to ${message.to}` }
            default:
              return { recorded: false, detail: `a ${outcome.action} notice says nothing of the delivery` }
          }
        })

      /**
       * A hard bounce or complaint of live mail weighs on its tenant's reputation (its send is
       * counted already), once the report is recorded: the count is advisory and never undoes it.
       */
      const countAgainst = (message: EmailMessage, counted: { readonly bounced?: number; readonly complained?: number }) =>
        message.test
          ? Effect.void
          : unit.afterCommit(
              reputation.tally([
                { tenantId: message.tenantId, sent: 0, bounced: 0, complained: 0, sentAt: message.createdAt, ...counted }
              ])
            )

      /** The event of a report, written with it when an endpoint hears it. */
      const publish = (message: EmailMessage, said: Parameters<typeof reportEvent>[2], at: Date) =>
        Effect.flatMap(events.heard([{ tenantId: message.tenantId, type: said.type }]), ([heard]) =>
          heard ? events.publish([reportEvent(randomUuid(crypto), message, said, at)]) : Effect.void
        )

      return {
        receive: (arrived) =>
          Effect.gen(function* () {
            const report = interpretReport(arrived.parts)
            if (report.kind === "unrecognized") return { recorded: false, detail: report.reason }
            const named = namedBy(arrived, report)
            if (named === undefined) return { recorded: false, detail: "it names no message sent by this platform" }
            const found = yield* messages.find(named.tenantId, named.messageId)
            if (Option.isNone(found)) return { recorded: false, detail: "its message is gone" }
            const at = new Date(yield* Clock.currentTimeMillis)
            return yield* unit.withTransaction(record(found.value, report, at))
          })
      }
    })
  )
}
