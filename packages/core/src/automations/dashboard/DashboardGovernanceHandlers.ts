import { Effect } from "effect"
import { pageJson } from "../../http/Pages.js"
import { DashboardSession } from "../../http/Security.js"
import { workflowJson } from "../workflows/AutomationsHandlers.js"
import { auditJson, entryJson as memoryEntryJson, profileJson } from "../governance/GovernanceHandlers.js"
import { GovernanceService } from "../governance/GovernanceService.js"
import { MemoryService } from "../governance/MemoryService.js"
import { ModelService } from "../governance/ModelService.js"
import { entryJson as sessionEntryJson, sessionJson } from "../sessions/SessionHandlers.js"
import { SessionService } from "../sessions/SessionService.js"
import { marketplacePackJson } from "../marketplace/MarketplaceHandlers.js"
import { MarketplaceService } from "../marketplace/MarketplaceService.js"
import { dashboardAccess } from "./DashboardAccess.js"

type Params<F extends (...args: any) => any, N extends number> = Parameters<F>[N]

/**
 * The handlers of DashboardGovernanceApi's routes, calling the services the public routes call:
 * members read, writes go through `writer` (the tenant admin). Memory's audit trail names the
 * dashboard user as `user:<userId>`.
 */
export const dashboardGovernanceHandlers = Effect.gen(function* () {
  const { reader, writer } = yield* dashboardAccess
  const marketplace = yield* MarketplaceService
  const governance = yield* GovernanceService
  const models = yield* ModelService
  const memory = yield* MemoryService
  const sessions = yield* SessionService
  const actorOf = <A extends { readonly tenantId: string }, E, R>(access: Effect.Effect<A, E, R>) =>
    Effect.flatMap(access, ({ tenantId }) =>
      Effect.map(DashboardSession, (session) => ({ tenantId, actor: `user:${session.sub}` }))
    )
  return {
    listDashboardSkillPacks: ({ urlParams }: { readonly urlParams: Params<typeof marketplace.list, 1> }) =>
      Effect.flatMap(reader, ({ tenantId }) => marketplace.list(tenantId, urlParams)).pipe(
        Effect.map((page) => ({
          data: page.items.map(marketplacePackJson),
          meta: { limit: page.limit, nextCursor: page.nextCursor }
        }))
      ),
    installDashboardSkillPack: ({
      payload
    }: {
      readonly payload: { readonly packId: string; readonly version?: string | undefined }
    }) =>
      Effect.flatMap(writer, ({ tenantId }) => marketplace.install(tenantId, payload.packId, payload.version)).pipe(
        Effect.map(marketplacePackJson)
      ),
    createDashboardWorkflowFromPack: ({
      path,
      payload
    }: {
      readonly path: { readonly packId: string }
      readonly payload: Params<typeof marketplace.createWorkflow, 2>
    }) =>
      Effect.flatMap(writer, (author) => marketplace.createWorkflow(author, path.packId, payload)).pipe(
        Effect.map(workflowJson)
      ),
    getDashboardPolicy: () => Effect.flatMap(reader, ({ tenantId }) => governance.getPolicy(tenantId)),
    putDashboardPolicy: ({ payload }: { readonly payload: { readonly standingOrders: string } }) =>
      Effect.flatMap(writer, ({ tenantId }) => governance.putPolicy(tenantId, payload.standingOrders)),
    getDashboardModels: () => Effect.flatMap(reader, ({ tenantId }) => models.get(tenantId)),
    putDashboardModels: ({ payload }: { readonly payload: Params<typeof models.put, 1> }) =>
      Effect.flatMap(writer, ({ tenantId }) => models.put(tenantId, payload)),
    listDashboardToolProfiles: ({ urlParams }: { readonly urlParams: Params<typeof governance.listProfiles, 1> }) =>
      Effect.flatMap(reader, ({ tenantId }) => governance.listProfiles(tenantId, urlParams)).pipe(
        Effect.map((listed) => pageJson(listed, profileJson))
      ),
    putDashboardToolProfile: ({ payload }: { readonly payload: Params<typeof governance.putProfile, 1> }) =>
      Effect.flatMap(writer, ({ tenantId }) => governance.putProfile(tenantId, payload)).pipe(
        Effect.map(profileJson)
      ),
    listDashboardMemory: ({ urlParams }: { readonly urlParams: Params<typeof memory.list, 1> }) =>
      Effect.flatMap(actorOf(reader), ({ tenantId, actor }) => memory.list(tenantId, urlParams, actor)).pipe(
        Effect.map((listed) => pageJson(listed, memoryEntryJson))
      ),
    putDashboardMemory: ({ payload }: { readonly payload: { readonly key: string; readonly value: unknown } }) =>
      Effect.flatMap(actorOf(writer), ({ tenantId, actor }) =>
        memory.write(tenantId, payload.key, payload.value, actor)
      ).pipe(Effect.map(memoryEntryJson)),
    listDashboardMemoryAudit: ({ urlParams }: { readonly urlParams: Params<typeof memory.audit, 1> }) =>
      Effect.flatMap(reader, ({ tenantId }) => memory.audit(tenantId, urlParams)).pipe(
        Effect.map((listed) => pageJson(listed, auditJson))
      ),
    getDashboardSession: ({
      path,
      urlParams
    }: {
      readonly path: { readonly id: string }
      readonly urlParams: Params<typeof sessions.get, 2>
    }) =>
      Effect.flatMap(reader, ({ tenantId }) => sessions.get(tenantId, path.id, urlParams)).pipe(
        Effect.map((detail) => ({
          ...sessionJson(detail.session),
          tokenEstimate: detail.tokenEstimate,
          messages: detail.entries.map(sessionEntryJson),
          meta: { limit: detail.limit, nextAfter: detail.nextAfter }
        }))
      )
  }
})
