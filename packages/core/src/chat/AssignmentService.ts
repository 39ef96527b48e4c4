import { Clock, Context, Effect, Layer, Option } from "effect"
import { JobQueue } from "../jobs/JobQueue.js"
import { SecretCrypto } from "../platform/Crypto.js"
import { type ValidationFailed, invalidField } from "../platform/Errors.js"
import { UnitOfWork } from "../platform/UnitOfWork.js"
import { ASSIGNMENT_MODES, type AssignmentMode, type AssignmentRules, MAX_AGENT_CAPACITY, wakeAssignment } from "./Assignment.js"
import { ensureWidgetOf } from "./ChatChanges.js"
import { ConversationRepository } from "./ChatRepositories.js"
import { WidgetRepository } from "./WidgetRepository.js"
import { ChatService } from "./ChatService.js"
import { PresenceService } from "./PresenceService.js"

/** Changes to a tenant's assignment rules; what is left out stays. */
export interface AssignmentPatch {
  readonly mode?: string | undefined
  readonly capacity?: number | undefined
}

/** Conversations one pass hands out at most; a pass that fills them asks for the next. */
const PASS_SIZE = 100

/** The agents in turn after `cursor` (by id), starting over at the first. */
export const inTurn = (agents: ReadonlyArray<string>, cursor: string | null): ReadonlyArray<string> => {
  const sorted = [...agents].sort()
  const next = cursor === null ? 0 : sorted.findIndex((agent) => agent > cursor)
  return next <= 0 ? sorted : [...sorted.slice(next), ...sorted.slice(0, next)]
}

/**
 * Automatic assignment: a pass over a tenant's open conversations that nobody holds, oldest first,
 * each to the next online agent in turn (round robin by agent id) with room under the tenant's
 * capacity. Passes of one tenant run one at a time (its widget row is held), and each assignment
 * goes through the conversations' own path, so it emits `conversation.assigned` like a manual one.
 */
export class AssignmentService extends Context.Tag("@servicekit/core/AssignmentService")<
  AssignmentService,
  {
    readonly rules: (tenantId: string) => Effect.Effect<AssignmentRules>
    readonly setRules: (tenantId: string, patch: AssignmentPatch) => Effect.Effect<AssignmentRules, ValidationFailed>
    /** Hands out what it can now: how many conversations it assigned. */
    readonly pass: (tenantId: string) => Effect.Effect<number>
  }
>() {
  static readonly layer = Layer.effect(
    AssignmentService,
    Effect.gen(function* () {
      const widgets = yield* WidgetRepository
      const conversations = yield* ConversationRepository
      const presence = yield* PresenceService
      const chat = yield* ChatService
      const unit = yield* UnitOfWork
      const crypto = yield* SecretCrypto
      const wake = wakeAssignment(yield* JobQueue, widgets)
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
      const widgetOf = (tenantId: string) => Effect.flatMap(now, (at) => ensureWidgetOf(widgets, crypto, tenantId, at))

      const pass = (tenantId: string) =>
        unit.withTransaction(
          Effect.gen(function* () {
            const held = yield* widgets.holdForAssignment(tenantId)
            if (Option.isNone(held) || held.value.assignment.mode !== "auto") return 0
            const { capacity } = held.value.assignment
            const online = (yield* presence.present(tenantId)).filter((agent) => agent.status === "online")
            if (online.length === 0) return 0
            const load = new Map(yield* conversations.heldBy(tenantId, online.map((agent) => agent.agentId)))
            const waiting = yield* conversations.oldestUnassigned(tenantId, PASS_SIZE)
            let cursor = held.value.assignmentCursor
            let assigned = 0
            for (const conversation of waiting) {
              const agent = inTurn(
                online.map((each) => each.agentId),
                cursor
              ).find((each) => (load.get(each) ?? 0) < capacity)
              if (agent === undefined) break
              // Gone or changed since it was read: the next one.
              const done = yield* Effect.either(chat.assign(tenantId, conversation.id, agent))
              if (done._tag === "Left") continue
              load.set(agent, (load.get(agent) ?? 0) + 1)
              cursor = agent
              assigned++
            }
            if (cursor !== null && cursor !== held.value.assignmentCursor) yield* widgets.setAssignmentCursor(tenantId, cursor)
            if (assigned === PASS_SIZE) yield* wake(tenantId)
            return assigned
          })
        )

      return {
        rules: (tenantId) => Effect.map(widgetOf(tenantId), (widget) => widget.assignment),
        setRules: (tenantId, patch) =>
          Effect.gen(function* () {
            const current = (yield* widgetOf(tenantId)).assignment
            const mode = patch.mode ?? current.mode
            if (!ASSIGNMENT_MODES.includes(mode as AssignmentMode)) {
              return yield* Effect.fail(invalidField("mode", `must be ${ASSIGNMENT_MODES.join(" or ")}`))
            }
            const capacity = patch.capacity ?? current.capacity
            if (!Number.isInteger(capacity) || capacity < 1 || capacity > MAX_AGENT_CAPACITY) {
              return yield* Effect.fail(invalidField("capacity", `must be a whole number from 1 to ${MAX_AGENT_CAPACITY}`))
            }
            const next: AssignmentRules = { mode: mode as AssignmentMode, capacity }
            // Turned on, or given more room: what waits is handed out.
            yield* unit.withTransaction(Effect.zipRight(widgets.setAssignment(tenantId, next), wake(tenantId)))
            return next
          }),
        pass
      }
    })
  )
}
