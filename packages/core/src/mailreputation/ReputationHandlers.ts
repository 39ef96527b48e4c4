import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { actorTenant } from "../http/Security.js"
import { TenantService } from "../platform/TenantService.js"
import { figuresOf } from "./ReputationEvents.js"
import { ReputationAdminApi, ReputationApi } from "./ReputationApi.js"
import { ReputationService, type ReputationView } from "./ReputationService.js"

const reputationJson = ({ cause, settings, since, status, totals }: ReputationView) => ({
  status,
  cause,
  since,
  ...figuresOf(totals, settings),
  thresholds: {
    bounceRate: settings.bounceRate,
    complaintRate: settings.complaintRate,
    minimumSends: settings.minimumSends
  }
})

const tenantReputationJson = (view: ReputationView) => ({ tenantId: view.tenantId, ...reputationJson(view) })

export const reputationHandlers = implement(
  ReputationApi,
  Effect.map(ReputationService, (reputations) => ({
    getReputation: () =>
      Effect.flatMap(actorTenant(false), (tenantId) => Effect.map(reputations.reputation(tenantId), reputationJson))
  }))
)

export const reputationAdminHandlers = implement(
  ReputationAdminApi,
  Effect.gen(function* () {
    const reputations = yield* ReputationService
    const tenants = yield* TenantService
    return {
      listReputations: ({ urlParams }) =>
        Effect.map(reputations.list(urlParams.status), (views) => ({ data: views.map(tenantReputationJson) })),
      getTenantReputation: ({ path }) =>
        Effect.zipRight(tenants.get(path.tenantId), Effect.map(reputations.reputation(path.tenantId), tenantReputationJson)),
      resumeTenantSending: ({ path }) =>
        Effect.zipRight(tenants.get(path.tenantId), Effect.map(reputations.resume(path.tenantId), tenantReputationJson))
    }
  })
)
