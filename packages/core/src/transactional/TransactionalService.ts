import { Context, type Effect } from "effect"
import type { PermissionDenied, ValidationFailed } from "../platform/Errors.js"
import type { QueueFull } from "../platform/QueuedWork.js"
import type { IdempotencyInProgress, IdempotencyKeyReused } from "../platform/Idempotency.js"
import type { Listed } from "../platform/Keyset.js"
import type { MailRejected } from "./Mailer.js"
import type { ActivityEntry, DeliveryStatistics, EmailTemplate } from "./Transactional.js"
import type { TemplateNameTaken, TemplateNotFound } from "./TransactionalErrors.js"
import type {
  ListQuery,
  Rendered,
  SendInput,
  SendResult,
  Sender,
  TemplateInput,
  TemplatePatch
} from "./TransactionalInputs.js"

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
      ValidationFailed | TemplateNotFound | PermissionDenied | IdempotencyKeyReused | IdempotencyInProgress | QueueFull
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
>() {}
