import { Clock, Effect, Either, Option } from "effect"
import { storableText } from "../http/Inputs.js"
import { EventBus } from "../jobs/EventBus.js"
import { defineQueue } from "../jobs/JobQueue.js"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { committersOn, groupCommit, toFirstAskers } from "../platform/GroupCommit.js"
import { SenderDomains } from "../module/SenderDomains.js"
import { SendingReputation, type SendingTally } from "../module/SendingReputation.js"
import { type NewSuppression, type SoftBounce, Suppressions } from "../module/Suppressions.js"
import { SecretBox } from "../platform/SecretBox.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { enhancedStatusIn, isHardFailure } from "./DeliveryReports.js"
import { MailRejected, Mailer, TestMailbox } from "./Mailer.js"
import { messageToken, returnPathOf } from "./MessageTokens.js"
import { unsubscribeUrl } from "./UnsubscribeApi.js"
import { addressOf } from "./TransactionalInputs.js"
import type { ActivityEntry, EmailMessage } from "./Transactional.js"
import { emailEvent, emailEventType } from "./TransactionalEvents.js"
import { type MessageKey, MessageRepository, type RecordedDelivery } from "./TransactionalRepositories.js"
import type { TransactionalService } from "./TransactionalService.js"

/** Deliveries: five attempts, retried after 2 s, 4 s, 8 s and 16 s. */
export const deliveryQueue = defineQueue("servicekit.transactional.deliver", {
  maxAttempts: 5,
  backoff: "2 seconds",
  lease: "2 minutes"
})

/**
 * Delivering a queued message: claimed, handed to the mailer (or the test mailbox for test-mode
 * sends), and its outcome recorded with an activity row; claims and outcomes of a moment share a write.
 */
export const makeTransactionalDelivery = Effect.gen(function* () {
  const messages = yield* MessageRepository
  const crypto = yield* SecretCrypto
  const mailer = yield* Mailer
  const testMailbox = yield* TestMailbox
  const unit = yield* UnitOfWork
  const events = yield* EventBus
  const senders = yield* SenderDomains
  const suppressions = yield* Suppressions
  const reputation = yield* SendingReputation
  const { mailBounceDomain, mailFrom, mountPath, publicUrl } = yield* ServiceKitSettings
  const box = yield* SecretBox
  /** How mail from a tenant's own domain goes out (its key, its bounce subdomain); none for the platform's sender. */
  const sendingDomainOf = (message: EmailMessage) =>
    message.from === mailFrom
      ? Effect.succeed(undefined)
      : Effect.map(senders.sendingFrom(message.tenantId, addressOf(message.from)), Option.getOrUndefined)
  const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
  /** RFC 8058: the link a mailbox provider POSTs to when its reader unsubscribes (covered by the DKIM signature). */
  const oneClickUnsubscribe = (message: EmailMessage) => ({
    "List-Unsubscribe": `<${unsubscribeUrl(publicUrl, mountPath, messageToken(box, "unsubscribe", message.tenantId, message.id))}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"
  })

  const deliveryWrites = { max: 50, committers: committersOn(unit, 2) }
  /** Claims messages for this process's deliveries, the claims of a moment in one write. */
  const claimGrouped = yield* groupCommit(
    (keys: ReadonlyArray<MessageKey>) =>
      Effect.flatMap(now, (at) => Effect.map(messages.claim(keys, at), (claimed) => toFirstAskers(keys, claimed))),
    deliveryWrites
  )
  /**
   * Records delivery outcomes, those of a moment in one write; the events of final outcomes (sent,
   * or failed for good) that an endpoint hears commit with it.
   */
  const recordGrouped = yield* groupCommit(
    (
      outcomes: ReadonlyArray<RecordedDelivery & { readonly suppress?: NewSuppression; readonly softBounce?: SoftBounce }>
    ) =>
      Effect.gen(function* () {
        const final = outcomes.filter(({ message }) => message.status !== "queued").map(({ message }) => message)
        const heard = yield* events.heard(
          final.map((message) => ({ tenantId: message.tenantId, type: emailEventType(message) }))
        )
        const published = final.filter((_, i) => heard[i]).map((message) => emailEvent(randomUuid(crypto), message))
        const suppressed = outcomes.flatMap(({ suppress }) => (suppress === undefined ? [] : [suppress]))
        const softBounces = outcomes.flatMap(({ softBounce }) => (softBounce === undefined ? [] : [softBounce]))
        const tallies = outcomes.flatMap(tallyOf)
        yield* published.length === 0 && suppressed.length === 0 && softBounces.length === 0
          ? messages.recordAttempts(outcomes)
          : unit.withTransaction(
              Effect.all(
                [
                  messages.recordAttempts(outcomes),
                  events.publish(published),
                  suppressions.add(suppressed),
                  suppressions.softBounced(softBounces)
                ],
                { discard: true }
              )
            )
        // Counted once the outcomes are stored, apart: a failed count is logged and never undoes a delivery.
        yield* unit.afterCommit(reputation.tally(tallies))
        return outcomes
      }),
    deliveryWrites
  )

  /** The activity ledger's row for one delivery attempt of `message`. */
  const attemptEntry = (
    message: EmailMessage,
    outcome: Pick<ActivityEntry, "status" | "providerMessageId" | "error">,
    retrying: boolean,
    createdAt: Date
  ): ActivityEntry => ({
    id: randomUuid(crypto),
    tenantId: message.tenantId,
    recipient: message.to,
    templateId: message.templateId,
    templateName: message.templateName,
    subject: message.subject,
    ...outcome,
    metadata: {
      source: message.source,
      messageId: message.id,
      attempt: message.attempts,
      test: message.test,
      ...(retrying ? { retrying: true } : {})
    },
    createdAt
  })

  const methods: Pick<TransactionalService["Type"], "deliver"> = {
    deliver: (tenantId, messageId, attempt) =>
      Effect.gen(function* () {
        // Gone, or already delivered or given up by an earlier run of this job.
        const claimed = yield* claimGrouped({ tenantId, id: messageId })
        if (Option.isNone(claimed)) return
        const message = claimed.value
        const destination = message.test ? testMailbox : mailer
        // Mail queued before its tenant's sending was paused is not sent either: the pause stops a blast.
        const paused = !message.test && (yield* reputation.pausedAmong([message.tenantId])).size > 0
        const sending = paused ? undefined : yield* sendingDomainOf(message)
        const outcome = paused
          ? Either.left(SENDING_PAUSED)
          : yield* Effect.either(
              destination.send({
                messageId: message.id,
                from: message.from,
                to: message.to,
                subject: message.subject,
                html: message.html ?? undefined,
                text: message.text ?? undefined,
                headers: {
                  "X-ServiceKit-Message-Id": message.id,
                  ...(message.stream === "broadcast" ? oneClickUnsubscribe(message) : {})
                },
                returnPath:
                  mailBounceDomain === undefined || message.test
                    ? undefined
                    : returnPathOf(box, message.tenantId, message.id, sending?.returnPathDomain ?? mailBounceDomain),
                dkim: sending?.dkim
              })
            )
        const updatedAt = yield* now
        if (Either.isRight(outcome)) {
          const providerMessageId = outcome.right.providerMessageId
          const sent = { status: "sent" as const, providerMessageId, error: null }
          yield* recordGrouped({
            message: { ...message, ...sent, updatedAt },
            attempt: attemptEntry(message, sent, false, updatedAt)
          })
          return
        }
        const rejection = outcome.left
        const retrying = !rejection.permanent && attempt < deliveryQueue.maxAttempts
        // What the server answered may hold what text columns cannot (a NUL).
        const failed = { status: "failed" as const, providerMessageId: null, error: storableText(rejection.reason) }
        // The relay refused the address itself for good (5.1.1 and the like): it is not tried again.
        const hard = rejection.permanent && isHardFailure(enhancedStatusIn(rejection.reason), rejection.reason)
        yield* recordGrouped({
          message: { ...message, ...failed, status: retrying ? "queued" : "failed", updatedAt },
          attempt: attemptEntry(message, failed, retrying, updatedAt),
          ...(hard && !message.test
            ? {
                suppress: {
                  tenantId: message.tenantId,
                  stream: message.stream,
                  email: message.to,
                  reason: "hard_bounce" as const,
                  detail: failed.error,
                  messageId: message.id
                }
              }
            : {}),
          // Temporary refusals to the end count as one soft bounce; a relay that never answered (down, timed out) does not.
          ...(!rejection.permanent && !retrying && !message.test && rejection.code !== undefined
            ? {
                softBounce: {
                  tenantId: message.tenantId,
                  stream: message.stream,
                  email: message.to,
                  detail: failed.error,
                  messageId: message.id
                }
              }
            : {})
        })
        if (retrying) return yield* rejection
      })
  }
  return methods
})

/** Why a message of a paused tenant is not sent; permanent, so it is not retried. */
const SENDING_PAUSED = new MailRejected({
  permanent: true,
  reason: "Not sent: the account's sending is paused for its bounce or complaint rate (see GET /v1/transactional/reputation)."
})

/** What a delivery's outcome adds to its tenant's reputation: a message handed to the relay, taken or refused for good as a hard bounce; test mail nothing. */
const tallyOf = ({ attempt, message, suppress }: RecordedDelivery & { readonly suppress?: NewSuppression }): ReadonlyArray<SendingTally> =>
  message.test || (attempt.status !== "sent" && suppress === undefined)
    ? []
    : [{ tenantId: message.tenantId, sent: 1, bounced: suppress === undefined ? 0 : 1, complained: 0 }]
