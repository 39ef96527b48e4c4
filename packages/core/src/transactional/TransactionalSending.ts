import { Clock, Effect } from "effect"
import { JobQueue } from "../jobs/JobQueue.js"
import { SenderDomains } from "../module/SenderDomains.js"
import { SendingReputation } from "../module/SendingReputation.js"
import { Suppressions, suppressionAddress } from "../module/Suppressions.js"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { isEmailAddress } from "../platform/EmailAddress.js"
import { notEntitled } from "../platform/Entitlements.js"
import { ValidationFailed, invalidField } from "../platform/Errors.js"
import { committersOn, groupCommit } from "../platform/GroupCommit.js"
import { IdempotencyStore, idempotent } from "../platform/Idempotency.js"
import { makeQueuedWorkLimit } from "../platform/QueuedWork.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { missingVariables } from "../platform/TemplateText.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { allParts, checkContent, parseBody, renderWith } from "./TemplateContent.js"
import { type ActivityEntry, type EmailMessage, type EmailTemplate, TRANSACTIONAL_SOURCE } from "./Transactional.js"
import { deliveryQueue } from "./TransactionalDelivery.js"
import type { TemplateNotFound } from "./TransactionalErrors.js"
import { MAX_RECIPIENTS, type SendInput, SendResult, type Sender, answerOf, mailboxOf } from "./TransactionalInputs.js"
import { missingForSending } from "./TransactionalProducts.js"
import { ActivityLog, MessageRepository } from "./TransactionalRepositories.js"
import type { TransactionalService } from "./TransactionalService.js"

/**
 * Sending: a request becomes one rendered message per recipient, stored with its delivery job in
 * one unit of work (a group commit of the moment's sends, or the idempotency key's, or the caller's).
 */
export const makeTransactionalSending = (
  findTemplate: (tenantId: string, id: string) => Effect.Effect<EmailTemplate, TemplateNotFound>
) =>
  Effect.gen(function* () {
    const messages = yield* MessageRepository
    const jobs = yield* JobQueue
    const crypto = yield* SecretCrypto
    const settings = yield* ServiceKitSettings
    const unit = yield* UnitOfWork
    const idempotencyStore = yield* IdempotencyStore
    const senders = yield* SenderDomains
    const suppressions = yield* Suppressions
    const reputation = yield* SendingReputation
    const activity = yield* ActivityLog
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
    // What a request sends waits at most this deep; a workflow's send is its run's, already counted.
    const queuedMessages = makeQueuedWorkLimit({
      what: "queued messages",
      limit: settings.maxQueuedPerTenant,
      count: messages.countQueued
    })
    /** The request's messages, once there is room for those that will be delivered. */
    const withRoom = (composed: ReadonlyArray<EmailMessage>) => {
      const queued = composed.filter((message) => message.status === "queued").length
      return queued === 0 ? Effect.succeed(composed) : Effect.as(queuedMessages.check(composed[0]!.tenantId, queued), composed)
    }

    /** The rendered messages of a send request, one per recipient, or why it is refused. */
    const compose = (tenantId: string, input: SendInput, test: boolean) =>
      Effect.gen(function* () {
        if (input.to.length === 0 || input.to.length > MAX_RECIPIENTS) {
          return yield* invalidField("to", `must list 1 to ${MAX_RECIPIENTS} addresses`)
        }
        const bad = input.to.findIndex((address) => !isEmailAddress(address))
        if (bad >= 0) return yield* invalidField(`to.${bad}`, "must be an email address")
        if (input.from !== undefined && !isEmailAddress(input.from.address)) {
          return yield* invalidField("from.address", "must be an email address")
        }
        let content: { subject: string; html: string | null; text: string | null }
        let template: EmailTemplate | null = null
        if (input.templateId !== undefined) {
          for (const field of ["subject", "html", "text"] as const) {
            if (input[field] !== undefined) return yield* invalidField(field, "must not be given with templateId")
          }
          template = yield* findTemplate(tenantId, input.templateId)
          const parts = yield* Effect.orDie(parseBody(template.body, "bodyJson"))
          const missing = missingVariables(allParts(parts), input.variables ?? {})
          if (missing.length > 0) {
            return yield* new ValidationFailed({
              message: `The template uses variables that were not given: ${missing.join(", ")}`,
              details: missing.map((name) => ({
                field: `variables.${name}`,
                reason: "is used by the template and was not given"
              }))
            })
          }
          const rendered = renderWith(parts, input.variables ?? {})
          content = { subject: rendered.subject, html: rendered.html || null, text: rendered.text || null }
        } else {
          if (input.variables !== undefined) return yield* invalidField("variables", "only apply with templateId")
          if (input.subject === undefined) return yield* invalidField("subject", "is required without templateId")
          if (input.html === undefined && input.text === undefined) {
            return yield* invalidField("html", "html or text is required without templateId")
          }
          // Inline content is sent as given: its braces are text, not placeholders.
          yield* checkContent({ subject: input.subject, html: input.html ?? "", text: input.text ?? "" }, "")
          content = { subject: input.subject, html: input.html ?? null, text: input.text ?? null }
        }
        // The send's own sender, else its template's: either must still be on a verified domain.
        const from = input.from ?? template?.from ?? undefined
        if (from !== undefined) yield* senders.requireVerified(tenantId, from.address, "from.address")
        const createdAt = yield* now
        const stream = input.stream ?? "transactional"
        const suppressed = yield* suppressions.among(tenantId, stream, input.to)
        return input.to.map((to): EmailMessage => {
          // Not attempted: its error is the suppression's reason.
          const suppression = suppressed.get(suppressionAddress(to))
          return {
            id: randomUuid(crypto),
            tenantId,
            templateId: template?.id ?? null,
            templateName: template?.name ?? null,
            from: from === undefined ? settings.mailFrom : mailboxOf(from),
            to,
            ...content,
            test,
            source: input.source ?? TRANSACTIONAL_SOURCE,
            stream,
            status: suppression === undefined ? "queued" : "suppressed",
            attempts: 0,
            providerMessageId: null,
            error: suppression ?? null,
            createdAt,
            updatedAt: createdAt
          }
        })
      })

    /** Sending needs what Transactional requires beside itself (the key's product, checked by its auth), or a notice's own product. */
    const checkEntitled = (sender: Sender) => {
      const missing =
        sender.noticeOf === undefined
          ? missingForSending(sender.entitlements)
          : sender.entitlements.includes(sender.noticeOf)
            ? undefined
            : sender.noticeOf
      return missing === undefined ? Effect.void : notEntitled(missing)
    }
    /**
     * Live mail needs a tenant whose sending is not paused; test mail does not leave. Checked after
     * an idempotency key's stored answer, which a replay still gets.
     */
    const checkNotPaused = (sender: Sender) =>
      sender.environment === "test" ? Effect.void : reputation.checkSending(sender.tenantId)

    /**
     * Stores composed messages and queues their deliveries (in the caller's unit of work); a
     * suppressed one is logged instead.
     */
    const store = (composed: ReadonlyArray<EmailMessage>) =>
      Effect.gen(function* () {
        yield* messages.insertMany(composed)
        const queued = composed.filter((message) => message.status === "queued")
        if (queued.length < composed.length) {
          yield* Effect.forEach(
            composed.filter((message) => message.status === "suppressed"),
            (message) => activity.append(suppressedEntry(message)),
            { discard: true }
          )
        }
        if (queued.length === 0) return
        yield* jobs.enqueueMany(
          deliveryQueue,
          queued.map((message) => ({
            payload: { tenantId: message.tenantId, messageId: message.id },
            options: { tenant: message.tenantId, key: message.id }
          }))
        )
      })
    /** The activity ledger's row of a message not attempted, its recipient suppressed. */
    const suppressedEntry = (message: EmailMessage): ActivityEntry => ({
      id: randomUuid(crypto),
      tenantId: message.tenantId,
      status: "suppressed",
      recipient: message.to,
      templateId: message.templateId,
      templateName: message.templateName,
      subject: message.subject,
      providerMessageId: null,
      error: message.error,
      metadata: { source: message.source, messageId: message.id, attempt: 0, test: message.test },
      createdAt: message.createdAt
    })
    /** Sends without an idempotency key, stored in groups: the requests of a moment in one unit of work. */
    const storeGrouped = yield* groupCommit(
      (sends: ReadonlyArray<ReadonlyArray<EmailMessage>>) =>
        Effect.as(unit.withTransaction(store(sends.flat())), sends),
      { max: 100, committers: committersOn(unit, 4) }
    )

    const methods: Pick<TransactionalService["Type"], "send" | "sendWithin"> = {
      send: (sender, input, idempotencyKey) =>
        Effect.gen(function* () {
          yield* checkEntitled(sender)
          const test = sender.environment === "test"
          const answer = (composed: ReadonlyArray<EmailMessage>) => answerOf(test, composed)
          if (idempotencyKey === undefined) {
            yield* checkNotPaused(sender)
            return answer(yield* storeGrouped(yield* withRoom(yield* compose(sender.tenantId, input, test))))
          }
          // The key's mode is part of the request: a test send never answers for a live one.
          const fingerprint = yield* crypto.sha256Hex(JSON.stringify([sender.environment, input]))
          return yield* idempotent(
            { tenantId: sender.tenantId, scope: "transactional.send", key: idempotencyKey, fingerprint },
            SendResult,
            Effect.gen(function* () {
              yield* checkNotPaused(sender)
              const composed = yield* withRoom(yield* compose(sender.tenantId, input, test))
              yield* store(composed)
              return answer(composed)
            })
          ).pipe(Effect.provideService(IdempotencyStore, idempotencyStore), Effect.provideService(UnitOfWork, unit))
        }),
      sendWithin: (sender, input) =>
        Effect.gen(function* () {
          yield* checkEntitled(sender)
          yield* checkNotPaused(sender)
          const test = sender.environment === "test"
          const composed = yield* compose(sender.tenantId, input, test)
          yield* store(composed)
          return answerOf(test, composed)
        })
    }
    return methods
  })
