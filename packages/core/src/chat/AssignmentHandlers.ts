import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { ApiCaller, requireTenant, requireTenantAdmin } from "../http/Security.js"
import { AssignmentApi, AssignmentDashboardApi } from "./AssignmentApi.js"
import { AssignmentService } from "./AssignmentService.js"

export const assignmentHandlers = implement(
  AssignmentApi,
  Effect.gen(function* () {
    const assignment = yield* AssignmentService
    const tenant = Effect.map(ApiCaller, (caller) => caller.tenantId)
    return {
      getAssignment: () => Effect.flatMap(tenant, assignment.rules),
      setAssignment: ({ payload }) => Effect.flatMap(tenant, (tenantId) => assignment.setRules(tenantId, payload))
    }
  })
)

export const assignmentDashboardHandlers = implement(
  AssignmentDashboardApi,
  Effect.gen(function* () {
    const assignment = yield* AssignmentService
    return {
      getAgentAssignment: ({ path }) => Effect.zipRight(requireTenant(path.tenantId), assignment.rules(path.tenantId)),
      setAgentAssignment: ({ path, payload }) =>
        Effect.zipRight(requireTenantAdmin(path.tenantId), assignment.setRules(path.tenantId, payload))
    }
  })
)
