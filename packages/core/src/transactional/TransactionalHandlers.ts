import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { pageJson } from "../http/Pages.js"
import { ApiCaller, DashboardSession } from "../http/Security.js"
import type { EmailTemplate } from "./Transactional.js"
import { TransactionalApi } from "./TransactionalApi.js"
import { TransactionalDashboardApi } from "./TransactionalDashboardApi.js"
import { templateVariables } from "./TemplateContent.js"
import { TransactionalService } from "./TransactionalService.js"

/** A template as the API shows it. */
const templateJson = (template: EmailTemplate) => ({
  id: template.id,
  name: template.name,
  channel: template.channel,
  bodyJson: template.body,
  variables: templateVariables(template.body),
  createdAt: template.createdAt,
  updatedAt: template.updatedAt
})

const same = <A>(item: A) => item

export const transactionalHandlers = implement(
  TransactionalApi,
  Effect.gen(function* () {
    const transactional = yield* TransactionalService
    const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)
    return {
      listTemplates: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => transactional.listTemplates(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, templateJson))
        ),
      createTemplate: ({ payload }) =>
        Effect.flatMap(tenant, (tenantId) => transactional.createTemplate(tenantId, payload)).pipe(
          Effect.map(templateJson)
        ),
      getTemplate: ({ path }) =>
        Effect.flatMap(tenant, (tenantId) => transactional.getTemplate(tenantId, path.id)).pipe(
          Effect.map(templateJson)
        ),
      updateTemplate: ({ path, payload }) =>
        Effect.flatMap(tenant, (tenantId) => transactional.updateTemplate(tenantId, path.id, payload)).pipe(
          Effect.map(templateJson)
        ),
      deleteTemplate: ({ path }) =>
        Effect.flatMap(tenant, (tenantId) => transactional.deleteTemplate(tenantId, path.id)).pipe(
          Effect.map(templateJson)
        ),
      renderTemplate: ({ path, payload }) =>
        Effect.flatMap(tenant, (tenantId) => transactional.renderTemplate(tenantId, path.id, payload.variables ?? {})),
      sendMessage: ({ headers, payload }) =>
        Effect.flatMap(ApiCaller, (caller) => transactional.send(caller, payload, headers["idempotency-key"])),
      listLogs: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => transactional.logs(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, same))
        )
    }
  })
)

export const transactionalDashboardHandlers = implement(
  TransactionalDashboardApi,
  Effect.gen(function* () {
    const transactional = yield* TransactionalService
    const tenant = Effect.map(DashboardSession, (session) => session.tenantId)
    return {
      listDashboardTemplates: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => transactional.listTemplates(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, templateJson))
        ),
      createDashboardTemplate: ({ payload }) =>
        Effect.flatMap(tenant, (tenantId) => transactional.createTemplate(tenantId, payload)).pipe(
          Effect.map(templateJson)
        ),
      listDashboardLogs: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => transactional.logs(tenantId, urlParams)).pipe(
          Effect.map((listed) => pageJson(listed, same))
        ),
      getTransactionalStatistics: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => transactional.statistics(tenantId, urlParams))
    }
  })
)
