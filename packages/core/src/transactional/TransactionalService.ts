import { Clock, Context, Effect, Either, Layer, Option, Schema } from "effect"
import { storableText } from "../http/Inputs.js"
import { JobQueue, defineQueue } from "../jobs/JobQueue.js"
import { committersOn, groupCommit, toFirstAskers } from "../platform/GroupCommit.js"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { notEntitled } from "../platform/Entitlements.js"
import { type PermissionDenied, ValidationFailed, invalidField } from "../platform/Errors.js"
import {
  type IdempotencyInProgress,
  type IdempotencyKeyReused,
  IdempotencyStore,
  idempotent
} from "../platform/Idempotency.js"
import type { Environment, Product } from "../platform/Products.js"
import { isEmailAddress } from "../platform/EmailAddress.js"
import { type Listed, listPage } from "../platform/Keyset.js"
import { reportWindow } from "../platform/ReportWindow.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { type UniqueViolation, UnitOfWork } from "../platform/UnitOfWork.js"
import { MailRejected, Mailer, TestMailbox } from "./Mailer.js"
import { TemplateNameTaken, TemplateNotFound } from "./TransactionalErrors.js"
import {
  type ActivityEntry,
  type DeliveryStatistics,
  type EmailMessage,
  type EmailTemplate,
  TRANSACTIONAL_SOURCE,
  type TemplateBody
} from "./Transactional.js"
import {
  ActivityLog,
  type MessageKey,
  MessageRepository,
  type RecordedDelivery,
  TemplateRepository
} from "./TransactionalRepositories.js"
import {
  type TemplatePart,
  escapeHtml,
  missingVariables,
  parseTemplateText,
  renderTemplateText,
  variablesOf
} from "../platform/TemplateText.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
/** Recipients of one send request; each gets a message of its own. */
export const MAX_RECIPIENTS = 50
/** Template and message text limits: a subject line, and 512 KiB for each body. */
export const MAX_SUBJECT_LENGTH = 998
export const MAX_BODY_LENGTH = 512 * 1024
export const MAX_NAME_LENGTH = 200

/** Deliveries: five attempts, retried after 2 s, 4 s, 8 s and 16 s. */
export const deliveryQueue = defineQueue("servicekit.transactional.deliver", {
  maxAttempts: 5,
  backoff: "2 seconds",
  lease: "2 minutes"
})

export interface TemplateInput {
  readonly name: string
  readonly channel?: string | undefined
  readonly bodyJson: TemplateBody
}

export interface TemplatePatch {
  readonly name?: string | undefined
  readonly channel?: string | undefined
  readonly bodyJson?: Partial<TemplateBody> | undefined
}

export interface SendInput {
  /** Who sends, as the activity ledger's `metadata.source` records it; Transactional's API by default. */
  readonly source?: string | undefined
  readonly templateId?: string | undefined
  readonly to: ReadonlyArray<string>
  readonly variables?: Readonly<Record<string, unknown>> | undefined
  readonly subject?: string | undefined
  readonly html?: string | undefined
  readonly text?: string | undefined
}

/** Who sends: the tenant with its entitlements, and whether its key is a test-mode key. */
export interface Sender {
  readonly tenantId: string
  readonly environment: Environment
  readonly entitlements: ReadonlyArray<Product>
}

export const SendResult = Schema.Struct({
  test: Schema.Boolean,
  messages: Schema.Array(Schema.Struct({ id: Schema.String, to: Schema.String, status: Schema.Literal("queued") }))
})
export type SendResult = typeof SendResult.Type

export interface Rendered {
  readonly subject: string
  readonly html: string
  readonly text: string
  /** Variables the template uses that were not given (rendered as nothing here; a send refuses them). */
  readonly missingVariables: ReadonlyArray<string>
}

export interface ListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
}

const SOURCE = /^[a-z0-9_]{1,64}$/

type TemplateParts = { readonly subject: TemplatePart[]; readonly html: TemplatePart[]; readonly text: TemplatePart[] }

/** Parses each part of a template body; a part that does not parse is a 400 naming it and the position. */
const parseBody = (body: TemplateBody, field: string): Effect.Effect<TemplateParts, ValidationFailed> =>
  Effect.gen(function* () {
    const parts: Record<string, TemplatePart[]> = {}
    for (const name of ["subject", "html", "text"] as const) {
      const parsed = parseTemplateText(body[name])
      if (Either.isLeft(parsed)) {
        const { line, column, message } = parsed.left
        return yield* invalidField(`${field}.${name}`, `line ${line}, column ${column}: ${message}`)
      }
      parts[name] = [...parsed.right]
    }
    return parts as TemplateParts
  })

/** The limits of mail content, a template's or an inline send's; `field` prefixes the names in errors. */
const checkContent = (body: TemplateBody, field: string) =>
  Effect.gen(function* () {
    const at = (name: string) => (field === "" ? name : `${field}.${name}`)
    if (body.subject.trim().length === 0) return yield* invalidField(at("subject"), "must not be empty")
    if (body.subject.length > MAX_SUBJECT_LENGTH || /[\r\n]/.test(body.subject)) {
      return yield* invalidField(at("subject"), `must be one line of at most ${MAX_SUBJECT_LENGTH} characters`)
    }
    for (const name of ["html", "text"] as const) {
      if (body[name].length > MAX_BODY_LENGTH) {
        return yield* invalidField(at(name), `must be at most ${MAX_BODY_LENGTH} characters`)
      }
    }
    if (body.html.length === 0 && body.text.length === 0) {
      return yield* invalidField(at("html"), "html or text must not be empty")
    }
  })

/** A template body within the limits whose placeholders all parse. */
const checkBody = (body: TemplateBody, field: string) =>
  Effect.zipRight(checkContent(body, field), parseBody(body, field))

const checkName = (name: string) =>
  name.trim().length === 0 || name.length > MAX_NAME_LENGTH
    ? invalidField("name", `must be 1 to ${MAX_NAME_LENGTH} characters`)
    : Effect.void

const checkChannel = (channel: string | undefined) =>
  channel === undefined || channel === "email" ? Effect.void : invalidField("channel", "must be email")

/** Line breaks in a subject's variables become spaces: a subject is one header line, never two. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ")

const renderWith = (parts: TemplateParts, variables: unknown) => ({
  subject: renderTemplateText(parts.subject, variables, oneLine),
  html: renderTemplateText(parts.html, variables, escapeHtml),
  text: renderTemplateText(parts.text, variables)
})

const allParts = (parts: TemplateParts) => [...parts.subject, ...parts.html, ...parts.text]

/** A send's answer: each composed message, queued. */
const answerOf = (test: boolean, composed: ReadonlyArray<EmailMessage>): SendResult => ({
  test,
  messages: composed.map((message) => ({ id: message.id, to: message.to, status: "queued" as const }))
})

/**
 * Transactional email: templates, sends (one message per recipient, delivered by a job on the
 * platform's queue), the activity ledger's view and delivery statistics.
 */
export class TransactionalService extends Context.Tag("@servicekit/core/TransactionalService")<
  TransactionalService,
  {
    readonly createTemplate: (
      tenantId: string,
      input: TemplateInput
    ) => Effect.Effect<EmailTemplate, ValidationFailed | TemplateNameTaken>
    readonly getTemplate: (tenantId: string, id: string) => Effect.Effect<EmailTemplate, TemplateNotFound>
    readonly listTemplates: (
      tenantId: string,
      query: ListQuery
    ) => Effect.Effect<Listed<EmailTemplate>, ValidationFailed>
    readonly updateTemplate: (
      tenantId: string,
      id: string,
      patch: TemplatePatch
    ) => Effect.Effect<EmailTemplate, ValidationFailed | TemplateNotFound | TemplateNameTaken>
    readonly deleteTemplate: (tenantId: string, id: string) => Effect.Effect<EmailTemplate, TemplateNotFound>
    readonly renderTemplate: (
      tenantId: string,
      id: string,
      variables: Readonly<Record<string, unknown>>
    ) => Effect.Effect<Rendered, TemplateNotFound>
    readonly send: (
      sender: Sender,
      input: SendInput,
      idempotencyKey: string | undefined
    ) => Effect.Effect<
      SendResult,
      ValidationFailed | TemplateNotFound | PermissionDenied | IdempotencyKeyReused | IdempotencyInProgress
    >
    /**
     * `send` without an idempotency key, stored in the caller's unit of work rather than a group
     * commit of its own: for a module that records the send beside writes of its own, in one commit.
     */
    readonly sendWithin: (
      sender: Sender,
      input: SendInput
    ) => Effect.Effect<SendResult, ValidationFailed | TemplateNotFound | PermissionDenied>
    readonly logs: (
      tenantId: string,
      query: ListQuery & { readonly source?: string | undefined }
    ) => Effect.Effect<Listed<ActivityEntry>, ValidationFailed>
    readonly statistics: (
      tenantId: string,
      window: { readonly from?: Date | undefined; readonly to?: Date | undefined }
    ) => Effect.Effect<DeliveryStatistics & { readonly from: Date; readonly to: Date }, ValidationFailed>
    /** Delivers one queued message; fails (so the queue retries) on a transient rejection with attempts left. */
    readonly deliver: (tenantId: string, messageId: string, attempt: number) => Effect.Effect<void, MailRejected>
  }
>() {
  static readonly layer = Layer.scoped(
    TransactionalService,
    Effect.gen(function* () {
      const templates = yield* TemplateRepository
      const messages = yield* MessageRepository
      const activity = yield* ActivityLog
      const jobs = yield* JobQueue
      const crypto = yield* SecretCrypto
      const settings = yield* ServiceKitSettings
      const mailer = yield* Mailer
      const testMailbox = yield* TestMailbox
      const unit = yield* UnitOfWork
      const idempotencyStore = yield* IdempotencyStore
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const findTemplate = (tenantId: string, id: string) =>
        Effect.flatMap(
          templates.find(tenantId, id),
          Option.match({
            onNone: (): Effect.Effect<EmailTemplate, TemplateNotFound> => new TemplateNotFound(),
            onSome: Effect.succeed
          })
        )

      const nameTaken = <A>(write: Effect.Effect<A, UniqueViolation>) =>
        Effect.catchTag(write, "UniqueViolation", () => new TemplateNameTaken())

      /** The rendered messages of a send request, one per recipient, or why it is refused. */
      const compose = (tenantId: string, input: SendInput, test: boolean) =>
        Effect.gen(function* () {
          if (input.to.length === 0 || input.to.length > MAX_RECIPIENTS) {
            return yield* invalidField("to", `must list 1 to ${MAX_RECIPIENTS} addresses`)
          }
          const bad = input.to.findIndex((address) => !isEmailAddress(address))
          if (bad >= 0) return yield* invalidField(`to.${bad}`, "must be an email address")
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
          const createdAt = yield* now
          return input.to.map(
            (to): EmailMessage => ({
              id: randomUuid(crypto),
              tenantId,
              templateId: template?.id ?? null,
              templateName: template?.name ?? null,
              from: settings.mailFrom,
              to,
              ...content,
              test,
              source: input.source ?? TRANSACTIONAL_SOURCE,
              status: "queued",
              attempts: 0,
              providerMessageId: null,
              error: null,
              createdAt,
              updatedAt: createdAt
            })
          )
        })

      /** Sending needs Business Email beside Transactional (the key's product, checked by its auth). */
      const checkEntitled = (sender: Sender) =>
        sender.entitlements.includes("business_email")
          ? Effect.void
          : notEntitled("business_email")

      /** Stores composed messages and queues their deliveries (in the caller's unit of work). */
      const store = (composed: ReadonlyArray<EmailMessage>) =>
        Effect.zipRight(
          messages.insertMany(composed),
          jobs.enqueueMany(
            deliveryQueue,
            composed.map((message) => ({
              payload: { tenantId: message.tenantId, messageId: message.id },
              options: { key: message.id }
            }))
          )
        )
      /** Sends without an idempotency key, stored in groups: the requests of a moment in one unit of work. */
      const storeGrouped = yield* groupCommit(
        (sends: ReadonlyArray<ReadonlyArray<EmailMessage>>) =>
          Effect.as(unit.withTransaction(store(sends.flat())), sends),
        { max: 100, committers: committersOn(unit, 4) }
      )

      const deliveryWrites = { max: 50, committers: committersOn(unit, 2) }
      /** Claims messages for this process's deliveries, the claims of a moment in one write. */
      const claimGrouped = yield* groupCommit(
        (keys: ReadonlyArray<MessageKey>) =>
          Effect.flatMap(now, (at) => Effect.map(messages.claim(keys, at), (claimed) => toFirstAskers(keys, claimed))),
        deliveryWrites
      )
      /** Records delivery outcomes, those of a moment in one write. */
      const recordGrouped = yield* groupCommit(
        (outcomes: ReadonlyArray<RecordedDelivery>) => Effect.as(messages.recordAttempts(outcomes), outcomes),
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

      return {
        createTemplate: (tenantId, input) =>
          Effect.gen(function* () {
            yield* checkName(input.name)
            yield* checkChannel(input.channel)
            yield* checkBody(input.bodyJson, "bodyJson")
            const createdAt = yield* now
            const template: EmailTemplate = {
              id: randomUuid(crypto),
              tenantId,
              name: input.name,
              channel: "email",
              body: { subject: input.bodyJson.subject, html: input.bodyJson.html, text: input.bodyJson.text },
              createdAt,
              updatedAt: createdAt
            }
            yield* nameTaken(templates.insert(template))
            return template
          }),
        getTemplate: findTemplate,
        listTemplates: (tenantId, query) =>
          listPage(
            { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
            (cursor) => templates.find(tenantId, cursor),
            (page) => templates.list(tenantId, page)
          ),
        updateTemplate: (tenantId, id, patch) =>
          Effect.gen(function* () {
            if (patch.name !== undefined) yield* checkName(patch.name)
            yield* checkChannel(patch.channel)
            const current = yield* findTemplate(tenantId, id)
            const body = { ...current.body, ...patch.bodyJson }
            yield* checkBody(body, "bodyJson")
            const updated: EmailTemplate = { ...current, name: patch.name ?? current.name, body, updatedAt: yield* now }
            yield* nameTaken(templates.update(updated))
            return updated
          }),
        deleteTemplate: (tenantId, id) =>
          Effect.gen(function* () {
            const template = yield* findTemplate(tenantId, id)
            yield* templates.remove(tenantId, id)
            return template
          }),
        renderTemplate: (tenantId, id, variables) =>
          Effect.gen(function* () {
            const template = yield* findTemplate(tenantId, id)
            const parts = yield* Effect.orDie(parseBody(template.body, "bodyJson"))
            return { ...renderWith(parts, variables), missingVariables: missingVariables(allParts(parts), variables) }
          }),
        send: (sender, input, idempotencyKey) =>
          Effect.gen(function* () {
            yield* checkEntitled(sender)
            const test = sender.environment === "test"
            const answer = (composed: ReadonlyArray<EmailMessage>) => answerOf(test, composed)
            if (idempotencyKey === undefined) {
              return answer(yield* storeGrouped(yield* compose(sender.tenantId, input, test)))
            }
            // The key's mode is part of the request: a test send never answers for a live one.
            const fingerprint = yield* crypto.sha256Hex(JSON.stringify([sender.environment, input]))
            return yield* idempotent(
              { tenantId: sender.tenantId, scope: "transactional.send", key: idempotencyKey, fingerprint },
              SendResult,
              Effect.gen(function* () {
                const composed = yield* compose(sender.tenantId, input, test)
                yield* store(composed)
                return answer(composed)
              })
            ).pipe(Effect.provideService(IdempotencyStore, idempotencyStore), Effect.provideService(UnitOfWork, unit))
          }),
        sendWithin: (sender, input) =>
          Effect.gen(function* () {
            yield* checkEntitled(sender)
            const test = sender.environment === "test"
            const composed = yield* compose(sender.tenantId, input, test)
            yield* store(composed)
            return answerOf(test, composed)
          }),
        logs: (tenantId, query) =>
          Effect.gen(function* () {
            const source = query.source ?? TRANSACTIONAL_SOURCE
            if (source !== "all" && !SOURCE.test(source)) {
              return yield* invalidField("source", "must be all or a source name such as transactional_v1")
            }
            const filter = source === "all" ? undefined : source
            return yield* listPage(
              { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor },
              (cursor) => activity.find(tenantId, cursor),
              (page) => activity.list(tenantId, { ...page, source: filter })
            )
          }),
        statistics: (tenantId, window) =>
          Effect.gen(function* () {
            const { from, to } = yield* reportWindow(window)
            const statistics = yield* activity.statistics(tenantId, { from, to, source: TRANSACTIONAL_SOURCE })
            return { from, to, ...statistics }
          }),
        deliver: (tenantId, messageId, attempt) =>
          Effect.gen(function* () {
            // Gone, or already delivered or given up by an earlier run of this job.
            const claimed = yield* claimGrouped({ tenantId, id: messageId })
            if (Option.isNone(claimed)) return
            const message = claimed.value
            const destination = message.test ? testMailbox : mailer
            const outcome = yield* Effect.either(
              destination.send({
                messageId: message.id,
                from: message.from,
                to: message.to,
                subject: message.subject,
                html: message.html ?? undefined,
                text: message.text ?? undefined,
                headers: { "X-ServiceKit-Message-Id": message.id }
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
            yield* recordGrouped({
              message: { ...message, ...failed, status: retrying ? "queued" : "failed", updatedAt },
              attempt: attemptEntry(message, failed, retrying, updatedAt)
            })
            if (retrying) return yield* rejection
          })
      }
    })
  )
}

/** The variables a template uses, in order of first use across subject, html and text. */
export const templateVariables = (body: TemplateBody): ReadonlyArray<string> =>
  variablesOf(
    (["subject", "html", "text"] as const).flatMap((name) => {
      const parsed = parseTemplateText(body[name])
      return Either.isRight(parsed) ? parsed.right : []
    })
  )
