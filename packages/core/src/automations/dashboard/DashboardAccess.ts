import { Effect } from "effect"
import { DashboardSession, requireTenantAdmin } from "../../http/Security.js"
import { notEntitled } from "../../platform/Entitlements.js"
import type { PermissionDenied } from "../../platform/Errors.js"
import { TenantService } from "../../platform/TenantService.js"
import type { Author } from "../workflows/WorkflowService.js"

/**
 * Who may use the Automations dashboard: the session's tenant, entitled to automations (checked
 * on every request, as API keys are: a product taken away locks the dashboard too), as the
 * author the services take. Members read; writes need the tenant admin.
 */
export const dashboardAccess = Effect.gen(function* () {
  const tenants = yield* TenantService
  const notEntitledToAutomations = (): Effect.Effect<never, PermissionDenied> =>
    Effect.fail(notEntitled("automations"))
  const reader: Effect.Effect<Author, PermissionDenied, DashboardSession> = Effect.flatMap(
    DashboardSession,
    (session) =>
      tenants.get(session.tenantId).pipe(
        // A tenant that is gone is entitled to nothing.
        Effect.catchTag("TenantNotFound", notEntitledToAutomations),
        Effect.flatMap((tenant) =>
          tenant.entitlements.includes("automations")
            ? Effect.succeed({ tenantId: tenant.id, entitlements: tenant.entitlements })
            : notEntitledToAutomations()
        )
      )
  )
  const writer = Effect.flatMap(reader, (author) => Effect.as(requireTenantAdmin(author.tenantId), author))
  return { reader, writer }
})
