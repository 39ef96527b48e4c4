import { Clock, Context, Effect, Layer } from "effect"
import { AgentPresenceRepository, PRESENCE_HOLDS_MS, PRESENCE_KEPT_MS, type PresenceStatus } from "./AgentPresence.js"
import { AgentProfileRepository, signatureOf } from "./AgentProfiles.js"
import { JobQueue } from "../jobs/JobQueue.js"
import { wakeAssignment } from "./Assignment.js"
import { WidgetRepository } from "./WidgetRepository.js"
import { MAX_AGENT_PROFILES } from "./Appearance.js"

/** An agent who is online or away now, with their profile's name when they have one. */
export interface PresentAgent {
  readonly agentId: string
  readonly status: PresenceStatus
  readonly seenAt: Date
  readonly displayName: string | null
  readonly initials: string | null
}

/** Agents present at most: more than a support team has at once. */
export const MAX_PRESENT_AGENTS = 500

/**
 * Who of the tenant's team is here: each agent says online or away (the console, every minute it
 * is open); one who stops saying it is offline once PRESENCE_HOLDS_MS have passed.
 */
export class PresenceService extends Context.Tag("@servicekit/core/PresenceService")<
  PresenceService,
  {
    readonly say: (tenantId: string, agentId: string, status: PresenceStatus) => Effect.Effect<PresentAgent>
    /** The agents online or away now, the latest to say so first. */
    readonly present: (tenantId: string) => Effect.Effect<ReadonlyArray<PresentAgent>>
  }
>() {
  static readonly layer = Layer.effect(
    PresenceService,
    Effect.gen(function* () {
      const presence = yield* AgentPresenceRepository
      const profiles = yield* AgentProfileRepository
      const wake = wakeAssignment(yield* JobQueue, yield* WidgetRepository)
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
      const named = (tenantId: string) =>
        Effect.map(profiles.list(tenantId, MAX_AGENT_PROFILES), (found) => new Map(found.map((profile) => [profile.agentId, profile])))

      return PresenceService.of({
        say: (tenantId, agentId, status) =>
          Effect.gen(function* () {
            const at = yield* now
            yield* presence.say({ tenantId, agentId, status, seenAt: at }, new Date(at.getTime() - PRESENCE_KEPT_MS))
            // Online (again, or still: a pass finds nothing to do when nothing waits) may take conversations.
            if (status === "online") yield* wake(tenantId)
            const { authorInitials, authorName } = signatureOf(yield* profiles.find(tenantId, agentId))
            return { agentId, status, seenAt: at, displayName: authorName, initials: authorInitials }
          }),

        present: (tenantId) =>
          Effect.gen(function* () {
            const at = yield* now
            const here = yield* presence.since(tenantId, new Date(at.getTime() - PRESENCE_HOLDS_MS), MAX_PRESENT_AGENTS)
            const names = yield* named(tenantId)
            return here.map(({ agentId, seenAt, status }) => ({
              agentId,
              status,
              seenAt,
              displayName: names.get(agentId)?.displayName ?? null,
              initials: names.get(agentId)?.initials ?? null
            }))
          })
      })
    })
  )
}
