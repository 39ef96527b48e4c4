import { Effect, Option } from "effect"
import { type JobQueue, defineQueue } from "../jobs/JobQueue.js"
import type { WidgetRepository } from "./WidgetRepository.js"

export const ASSIGNMENT_MODES = ["manual", "auto"] as const
export type AssignmentMode = (typeof ASSIGNMENT_MODES)[number]

/**
 * How a tenant's conversations find their agent: by hand (`manual`), or (`auto`) each open
 * conversation nobody holds, oldest first, goes to the next online agent in turn who holds fewer
 * than `capacity` open or pending conversations.
 */
export interface AssignmentRules {
  readonly mode: AssignmentMode
  readonly capacity: number
}

export const MAX_AGENT_CAPACITY = 100
export const defaultAssignmentRules: AssignmentRules = { mode: "manual", capacity: 3 }

/** "Tenant X may have conversations to hand out": keyed by the tenant, so a burst of changes makes one pass. */
export const assignmentQueue = defineQueue("servicekit.chat.assignment", {
  maxAttempts: 5,
  backoff: "2 seconds",
  lease: "1 minute"
})

/**
 * Asks for an assignment pass over the tenant's conversations, when it assigns automatically: when
 * one opens, frees an agent's place (resolved, closed, handed over) or an agent comes online. Inside
 * a unit of work it commits with the change. Tenants assigning by hand (most) cost one read.
 */
export const wakeAssignment =
  (jobs: JobQueue["Type"], widgets: WidgetRepository["Type"]) =>
  (tenantId: string): Effect.Effect<void> =>
    Effect.flatMap(widgets.find(tenantId), (widget) =>
      Option.isSome(widget) && widget.value.assignment.mode === "auto"
        ? jobs.enqueue(assignmentQueue, { tenantId }, { key: tenantId, tenant: tenantId })
        : Effect.void
    )
