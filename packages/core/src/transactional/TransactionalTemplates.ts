import { Clock, Effect, Option } from "effect"
import { SecretCrypto, randomUuid } from "../platform/Crypto.js"
import { listPage } from "../platform/Keyset.js"
import { missingVariables } from "../platform/TemplateText.js"
import type { UniqueViolation } from "../platform/UnitOfWork.js"
import { allParts, checkBody, parseBody, renderWith } from "./TemplateContent.js"
import type { EmailTemplate } from "./Transactional.js"
import { TemplateNameTaken, TemplateNotFound } from "./TransactionalErrors.js"
import { DEFAULT_PAGE_SIZE, checkChannel, checkName } from "./TransactionalInputs.js"
import { TemplateRepository } from "./TransactionalRepositories.js"
import type { TransactionalService } from "./TransactionalService.js"

/** Email templates: kept with names unique per tenant, their bodies checked to parse, and previewed. */
export const makeTransactionalTemplates = Effect.gen(function* () {
  const templates = yield* TemplateRepository
  const crypto = yield* SecretCrypto
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

  const methods: Pick<
    TransactionalService["Type"],
    "createTemplate" | "getTemplate" | "listTemplates" | "updateTemplate" | "deleteTemplate" | "renderTemplate"
  > = {
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
      })
  }
  return methods
})
