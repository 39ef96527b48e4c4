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
  from: template.from,
  variables: templateVariables(template.body),
  createdAt: template.createdAt,
  updatedAt: template.updatedAt
})

const same = <A>(item: A) => item

/**
 * The template and log routes, for the tenant `tenant` names: the public routes and the
 * dashboard's serve the same calls, only the caller differs.
 */
const templateRoutes = <R>(transactional: TransactionalService["Type"], tenant: Effect.Effect<string, never, R>) => ({
  list: ({ urlParams }: { readonly urlParams: Parameters<TransactionalService["Type"]["listTemplates"]>[1] }) =>
    Effect.flatMap(tenant, (tenantId) => transactional.listTemplates(tenantId, urlParams)).pipe(
      Effect.map((listed) => pageJson(listed, templateJson))
    ),
  create: ({ payload }: { readonly payload: Parameters<TransactionalService["Type"]["createTemplate"]>[1] }) =>
    Effect.flatMap(tenant, (tenantId) => transactional.createTemplate(tenantId, payload)).pipe(Effect.map(templateJson)),
  get: ({ path }: { readonly path: { readonly id: string } }) =>
    Effect.flatMap(tenant, (tenantId) => transactional.getTemplate(tenantId, path.id)).pipe(Effect.map(templateJson)),
  update: ({
    path,
    payload
  }: {
    readonly path: { readonly id: string }
    readonly payload: Parameters<TransactionalService["Type"]["updateTemplate"]>[2]
  }) =>
    Effect.flatMap(tenant, (tenantId) => transactional.updateTemplate(tenantId, path.id, payload)).pipe(
      Effect.map(templateJson)
    ),
  remove: ({ path }: { readonly path: { readonly id: string } }) =>
    Effect.flatMap(tenant, (tenantId) => transactional.deleteTemplate(tenantId, path.id)).pipe(Effect.map(templateJson)),
  render: ({
    path,
    payload
  }: {
    readonly path: { readonly id: string }
    readonly payload: { readonly variables?: Parameters<TransactionalService["Type"]["renderTemplate"]>[2] }
  }) => Effect.flatMap(tenant, (tenantId) => transactional.renderTemplate(tenantId, path.id, payload.variables ?? {})),
  logs: ({ urlParams }: { readonly urlParams: Parameters<TransactionalService["Type"]["logs"]>[1] }) =>
    Effect.flatMap(tenant, (tenantId) => transactional.logs(tenantId, urlParams)).pipe(
      Effect.map((listed) => pageJson(listed, same))
    )
})

export const transactionalHandlers = implement(
  TransactionalApi,
  Effect.gen(function* () {
    const transactional = yield* TransactionalService
    const routes = templateRoutes(
      transactional,
      Effect.map(ApiCaller, (caller) => caller.tenantId)
    )
    return {
      listTemplates: routes.list,
      createTemplate: routes.create,
      getTemplate: routes.get,
      updateTemplate: routes.update,
      deleteTemplate: routes.remove,
      renderTemplate: routes.render,
      sendMessage: ({ headers, payload }) =>
        Effect.flatMap(ApiCaller, (caller) => transactional.send(caller, payload, headers["idempotency-key"])),
      listLogs: routes.logs
    }
  })
)

export const transactionalDashboardHandlers = implement(
  TransactionalDashboardApi,
  Effect.gen(function* () {
    const transactional = yield* TransactionalService
    const tenant = Effect.map(DashboardSession, (session) => session.tenantId)
    const routes = templateRoutes(transactional, tenant)
    return {
      listDashboardTemplates: routes.list,
      createDashboardTemplate: routes.create,
      getDashboardTemplate: routes.get,
      updateDashboardTemplate: routes.update,
      deleteDashboardTemplate: routes.remove,
      renderDashboardTemplate: routes.render,
      listDashboardLogs: routes.logs,
      getTransactionalStatistics: ({ urlParams }) =>
        Effect.flatMap(tenant, (tenantId) => transactional.statistics(tenantId, urlParams))
    }
  })
)
