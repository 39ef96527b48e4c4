import { Effect } from "effect"
import { implement } from "../http/Implement.js"
import { actorTenant } from "../http/Security.js"
import { AvailabilityService } from "./Availability.js"
import { WorkingHoursApi } from "./WorkingHoursApi.js"

export const workingHoursHandlers = implement(
  WorkingHoursApi,
  Effect.gen(function* () {
    const availability = yield* AvailabilityService
    return {
      getWorkingHours: () => Effect.flatMap(actorTenant(false), availability.workingHours),
      setWorkingHours: ({ payload }) =>
        Effect.flatMap(actorTenant(true), (tenantId) => availability.setWorkingHours(tenantId, payload))
    }
  })
)
