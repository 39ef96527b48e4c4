import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { DashboardSession, requireTenantAdmin } from "../http/Security.js"
import { SipDashboardApi } from "./SipDashboardApi.js"
import { SipService } from "./SipService.js"

/** The session's tenant, once the session is a tenant admin's. */
const adminTenant = Effect.flatMap(DashboardSession, (session) =>
  Effect.as(requireTenantAdmin(session.tenantId), session.tenantId)
)
const sessionTenant = Effect.map(DashboardSession, (session) => session.tenantId)

export const sipDashboardHandlers = implement(
  SipDashboardApi,
  Effect.gen(function* () {
    const sip = yield* SipService
    return {
      registerTrunk: ({ payload }) => Effect.flatMap(adminTenant, (tenantId) => sip.register(tenantId, payload)),
      getTrunkStatus: () => Effect.flatMap(sessionTenant, sip.status),
      removeTrunk: () => Effect.flatMap(adminTenant, sip.remove),
      getHostedSip: () => Effect.flatMap(sessionTenant, sip.hosted),
      optInHostedSip: () => Effect.flatMap(adminTenant, sip.optIn),
      optOutHostedSip: () => Effect.flatMap(adminTenant, sip.optOut)
    }
  })
)
