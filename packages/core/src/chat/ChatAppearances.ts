import { Effect, Option } from "effect"
import { accentColorProblem, brandNameProblem } from "../platform/Branding.js"
import { invalidField } from "../platform/Errors.js"
import { ServiceKitSettings } from "../platform/Settings.js"
import { AgentProfileRepository } from "./AgentProfiles.js"
import {
  type AgentProfile,
  type AppearanceChange,
  type ChatAppearance,
  MAX_AGENT_PROFILES,
  greetingProblem,
  initialsOf,
  initialsProblem,
  shownAppearance
} from "./Appearance.js"
import type { ChatChanges } from "./ChatChanges.js"
import { AgentProfileLimitReached, AgentProfileNotFound } from "./ChatErrors.js"
import { MAX_EXTERNAL_ID_LENGTH, checkText } from "./ChatInputs.js"
import { WidgetRepository } from "./WidgetRepository.js"
import type { ChatService } from "./ChatService.js"

/** `problem` of the field's value as a refusal, or nothing. */
const check = (field: string, problem: string | undefined) =>
  problem === undefined ? Effect.void : Effect.fail(invalidField(field, problem))

/** The appearance after `change`, each field checked as the console and the pages need it. */
const changed = (appearance: ChatAppearance, change: AppearanceChange, at: Date) =>
  Effect.gen(function* () {
    const { accentColor, displayName, greeting, launcherPosition } = change
    if (typeof displayName === "string") yield* check("displayName", brandNameProblem(displayName))
    if (typeof accentColor === "string") yield* check("accentColor", accentColorProblem(accentColor))
    if (typeof greeting === "string") yield* check("greeting", greetingProblem(greeting))
    return {
      displayName: displayName === undefined ? appearance.displayName : (displayName?.trim() ?? null),
      accentColor: accentColor === undefined ? appearance.accentColor : (accentColor?.toLowerCase() ?? null),
      greeting: greeting === undefined ? appearance.greeting : (greeting?.trim() ?? null),
      launcherPosition: launcherPosition ?? appearance.launcherPosition,
      updatedAt: at
    } satisfies ChatAppearance
  })

/**
 * How the tenant's chat looks to visitors, kept on its widget (one per tenant) and shown by the
 * widget and the hosted page alike; and the names its agents sign their replies with.
 */
export const makeChatAppearances = (changes: ChatChanges) =>
  Effect.gen(function* () {
    const widgets = yield* WidgetRepository
    const profiles = yield* AgentProfileRepository
    const { brand } = yield* ServiceKitSettings
    const ensure = (tenantId: string) => Effect.flatMap(changes.now, (at) => changes.ensureWidget(tenantId, at))
    const described = (appearance: ChatAppearance) => ({ appearance, shown: shownAppearance(appearance, brand) })

    const methods: Pick<
      ChatService["Type"],
      | "appearance"
      | "updateAppearance"
      | "shownAppearance"
      | "agentProfiles"
      | "putAgentProfile"
      | "removeAgentProfile"
    > = {
      appearance: (tenantId) => Effect.map(ensure(tenantId), (widget) => described(widget.appearance)),

      updateAppearance: (tenantId, change) =>
        Effect.gen(function* () {
          const widget = yield* ensure(tenantId)
          const next = yield* changed(widget.appearance, change, yield* changes.now)
          const stored = yield* widgets.setAppearance(tenantId, next)
          return described(Option.match(stored, { onNone: () => next, onSome: (saved) => saved.appearance }))
        }),

      shownAppearance: (tenantId) => Effect.map(ensure(tenantId), (widget) => shownAppearance(widget.appearance, brand)),

      agentProfiles: (tenantId) => profiles.list(tenantId, MAX_AGENT_PROFILES),

      putAgentProfile: (tenantId, agentId, input) =>
        Effect.gen(function* () {
          yield* checkText("agentId", agentId, MAX_EXTERNAL_ID_LENGTH)
          yield* check("displayName", brandNameProblem(input.displayName))
          const displayName = input.displayName.trim()
          const initials = input.initials ?? initialsOf(displayName)
          yield* check("initials", initialsProblem(initials))
          const known = yield* profiles.find(tenantId, agentId)
          if (Option.isNone(known) && (yield* profiles.count(tenantId)) >= MAX_AGENT_PROFILES) {
            return yield* Effect.fail(new AgentProfileLimitReached())
          }
          const profile: AgentProfile = { tenantId, agentId, displayName, initials, updatedAt: yield* changes.now }
          return yield* profiles.put(profile)
        }),

      removeAgentProfile: (tenantId, agentId) =>
        Effect.flatMap(profiles.remove(tenantId, agentId), (removed) =>
          removed ? Effect.void : Effect.fail(new AgentProfileNotFound())
        )
    }
    return methods
  })
