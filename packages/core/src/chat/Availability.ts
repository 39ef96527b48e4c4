import { Clock, Context, Effect, Layer, Option } from "effect"
import { SecretCrypto } from "../platform/Crypto.js"
import { type PermissionDenied, type ValidationFailed, invalidField } from "../platform/Errors.js"
import { TenantStanding } from "../platform/TenantStanding.js"
import { AgentPresenceRepository, PRESENCE_HOLDS_MS } from "./AgentPresence.js"
import { ensureWidgetOf } from "./ChatChanges.js"
import type { WidgetNotFound } from "./ChatErrors.js"
import { widgetOfSiteKey } from "./ChatWidget.js"
import { MAX_PRESENT_AGENTS } from "./PresenceService.js"
import { VisitorSeenRepository } from "./VisitorSeen.js"
import { WidgetRepository } from "./WidgetRepository.js"
import {
  DEFAULT_AWAY_MESSAGE,
  type WorkingHours,
  type WorkingHoursChange,
  changedWorkingHours,
  defaultWorkingHours,
  isWithinHours,
  workingHoursProblem
} from "./WorkingHours.js"

export const AWAY_REASONS = ["outside_hours", "nobody_online"] as const
export type AwayReason = (typeof AWAY_REASONS)[number]

/** Whether a visitor can chat now, and if not why and what the widget says instead. */
export interface Availability {
  readonly available: boolean
  /** Null while available; outside_hours wins over nobody_online. */
  readonly reason: AwayReason | null
  /** The tenant's away message (or the default), shown with a field for the visitor's email while unavailable. */
  readonly awayMessage: string
}

/**
 * When the tenant's team chats: its working hours (timezone, weekly hours, holidays, away
 * message, email delay), and whether a visitor can chat now: within hours with an agent online.
 */
export class AvailabilityService extends Context.Tag("@servicekit/core/AvailabilityService")<
  AvailabilityService,
  {
    readonly workingHours: (tenantId: string) => Effect.Effect<WorkingHours>
    readonly setWorkingHours: (tenantId: string, change: WorkingHoursChange) => Effect.Effect<WorkingHours, ValidationFailed>
    readonly availability: (tenantId: string) => Effect.Effect<Availability>
    /** Notes that the conversation's visitor has it open now; the tenant's availability. */
    readonly visitorPresent: (tenantId: string, conversationId: string) => Effect.Effect<Availability>
    /** The availability of the widget of `siteKey`, of a tenant in good standing. */
    readonly widgetAvailability: (siteKey: string) => Effect.Effect<Availability, WidgetNotFound | PermissionDenied>
  }
>() {
  static readonly layer = Layer.effect(
    AvailabilityService,
    Effect.gen(function* () {
      const widgets = yield* WidgetRepository
      const presence = yield* AgentPresenceRepository
      const seen = yield* VisitorSeenRepository
      const standing = yield* TenantStanding
      const crypto = yield* SecretCrypto
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
      // Read without making the widget: a tenant without one keeps the defaults.
      const hoursOf = (tenantId: string) =>
        Effect.map(widgets.find(tenantId), (widget) => (Option.isSome(widget) ? widget.value.workingHours : defaultWorkingHours))

      const availabilityOf = (tenantId: string, hours: WorkingHours) =>
        Effect.gen(function* () {
          const at = yield* now
          const awayMessage = hours.awayMessage ?? DEFAULT_AWAY_MESSAGE
          if (!isWithinHours(hours, at)) return { available: false, reason: "outside_hours", awayMessage } as const
          const here = yield* presence.since(tenantId, new Date(at.getTime() - PRESENCE_HOLDS_MS), MAX_PRESENT_AGENTS)
          return here.some((agent) => agent.status === "online")
            ? ({ available: true, reason: null, awayMessage } as const)
            : ({ available: false, reason: "nobody_online", awayMessage } as const)
        })

      const availability = (tenantId: string) => Effect.flatMap(hoursOf(tenantId), (hours) => availabilityOf(tenantId, hours))

      return AvailabilityService.of({
        workingHours: hoursOf,
        setWorkingHours: (tenantId, change) =>
          Effect.gen(function* () {
            const problem = workingHoursProblem(change)
            if (problem !== undefined) return yield* Effect.fail(invalidField(problem.field, problem.reason))
            const at = yield* now
            const next = changedWorkingHours((yield* ensureWidgetOf(widgets, crypto, tenantId, at)).workingHours, change, at)
            yield* widgets.setWorkingHours(tenantId, next)
            return next
          }),
        availability,
        visitorPresent: (tenantId, conversationId) =>
          Effect.zipRight(Effect.flatMap(now, (at) => seen.seen(tenantId, conversationId, at)), availability(tenantId)),
        widgetAvailability: (siteKey) =>
          Effect.flatMap(widgetOfSiteKey(widgets, standing)(siteKey), (widget) =>
            availabilityOf(widget.tenantId, widget.workingHours)
          )
      })
    })
  )
}
