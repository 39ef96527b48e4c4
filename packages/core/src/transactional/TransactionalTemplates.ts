import { Clock, Effect, Option } from "effect"
import { SenderDomains } from "../module/SenderDomains.js"
import { isEmailAddress } from "../platform/EmailAddress.js"
import { invalidField } from "../platform/Errors.js"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { listPage } from "../platform/Keyset.js"
import { missingVariables } from "../platform/TemplateText.js"
import type { UniqueViolation } from "../platform/UnitOfWork.js"
import { allParts, checkBody, parseBody, renderWith } from "./TemplateContent.js"
import type { EmailTemplate, FromAddress } from "./Transactional.js"
import { TemplateNameTaken, TemplateNotFound } from "./TransactionalErrors.js"
import { DEFAULT_PAGE_SIZE, checkChannel, checkName } from "./TransactionalInputs.js"
import { TemplateRepository } from "./TransactionalRepositories.js"
import type { TransactionalService } from "./TransactionalService.js"

/** Email templates: kept with names unique per tenant, their bodies checked to parse, and previewed. */
export const makeTransactionalTemplates = Effect.gen(function* () {
  const templates = yield* TemplateRepository
  const crypto = yield* SecretCrypto
  const senders = yield* SenderDomains
  const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

  const findTemplate = (tenantId: string, id: string) =>
    Effect.flatMap(
      templates.find(tenantId, id),
      Option.match({
        onNone: (): Effect.Effect<EmailTemplate, TemplateNotFound> => new TemplateNotFound(),
        onSome: Effect.succeed
      })
    )

  /** A template's sender must be on a verified sending domain of the tenant when it is set. */
  const checkFrom = (tenantId: string, from: FromAddress | null | undefined) =>
    from === undefined || from === null
      ? Effect.void
      : isEmailAddress(from.address)
        ? senders.requireVerified(tenantId, from.address, "from.address")
        : invalidField("from.address", "must be an email address")

  const nameTaken = <A>(write: Effect.Effect<A, UniqueViolation>) =>
    Effect.catchTag(write, "UniqueViolation", () => new TemplateNameTaken())

  const methods: Pick<
    TransactionalService["Type"],
    "createTemplate" | "getTemplate" | "listTemplates" | "updateTemplate" | "deleteTemplate" | "renderTemplate"
  > = {
    createTemplate: (tenantId, input) =>
      Effect.gen(function* () {
        yield* checkName(input.name)
        yield* checkChannel(input.channel)
        yield* checkBody(input.bodyJson, "bodyJson")
        yield* checkFrom(tenantId, input.from)
        const createdAt = yield* now
        const template: EmailTemplate = {
          id: randomUuid(crypto),
          tenantId,
          name: input.name,
          channel: "email",
          body: { subject: input.bodyJson.subject, html: input.bodyJson.html, text: input.bodyJson.text },
          from: input.from ?? null,
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
        yield* checkFrom(tenantId, patch.from)
        const updated: EmailTemplate = {
          ...current,
          name: patch.name ?? current.name,
          body,
          from: patch.from === undefined ? current.from : patch.from,
          updatedAt: yield* now
        }
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
      })
  }
  return methods
})
