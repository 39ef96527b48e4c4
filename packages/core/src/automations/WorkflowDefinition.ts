import { Effect, Either, ParseResult, Schema } from "effect"
import { invalidSpec } from "../jobs/Scheduler.js"
import {
  type ErrorDetail,
  type PermissionDenied,
  ValidationFailed,
  invalidField,
  permissionDenied
} from "../platform/Errors.js"
import { notEntitled } from "../platform/Entitlements.js"
import { issueDetailsWithin } from "../platform/ParseIssues.js"
import type { Product } from "../platform/Products.js"
import { DEFAULT_TOOL_PROFILE, type ToolProfile, verdictOf } from "./Governance.js"
import { NO_MODEL_CONFIGURED } from "./ModelService.js"
import { placeholderProblems, runVariableProblem } from "./Placeholders.js"
import { MAX_PEER_LENGTH, SESSION_SCOPES } from "./Session.js"
import { type SkillRegistry, outboundUrlProblem } from "./Skills.js"
import { WAIT_UNITS, waitSeconds } from "./WaitStep.js"
import type { JsonObject } from "./Workflow.js"

/**
 * What a workflow's `triggerJson` and `stepsJson` may hold, checked when a workflow is written so
 * that a run never meets a definition it cannot follow. Failures name the field, e.g.
 * `triggerJson.cron` or `stepsJson.2.input.to`.
 */

export const TRIGGER_TYPES = ["manual", "schedule", "heartbeat", "event", "webhook", "channel"] as const
export const STEP_TYPES = ["skill", "deliver", "log", "agent", "approval", "wait"] as const
/** The Live Chat events an `event` trigger may name. */
export const CHAT_EVENTS = [
  "conversation.created",
  "conversation.assigned",
  "conversation.closed",
  "message.created",
  "csat.submitted"
] as const
export const MAX_STEPS = 50
/** The simplest trigger, shown in messages about a trigger's shape. */
export const MANUAL_TRIGGER = { schemaVersion: 1, type: "manual" } as const
export const MIN_WEBHOOK_TOKEN = 16
/** The skills an agent step may name (as an agent profile may). */
export const MAX_AGENT_STEP_SKILLS = 50

const isObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const fail = (field: string, reason: string) => Effect.fail(invalidField(field, reason))

/** Problems found inside the value at `field`, as a 400 naming them. */
const invalidDetails = (details: ReadonlyArray<ErrorDetail>, field: string) => {
  const named = details.map((detail) => ({
    field: detail.field === "" ? field : `${field}.${detail.field}`,
    reason: detail.reason
  }))
  return new ValidationFailed({ message: `Invalid ${named[0]?.field ?? field}`, details: named })
}

/** Decodes `value` with `schema`; failures become details under `field`. */
const decodeAt = <A, I>(schema: Schema.Schema<A, I>, value: unknown, field: string) =>
  Either.match(Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "error" })(value), {
    onLeft: (error: ParseResult.ParseError) => Effect.fail(invalidDetails(issueDetailsWithin(error), field)),
    onRight: () => Effect.void
  })

const Seconds = Schema.Number.pipe(Schema.int(), Schema.between(1, 31_536_000))
const Checklist = Schema.Array(Schema.String.pipe(Schema.maxLength(1_000))).pipe(Schema.maxItems(50))

/** Exactly one of `everySeconds`, `cron` (and `at` where allowed), each valid. */
const checkTiming = (trigger: JsonObject, allowAt: boolean) =>
  Effect.gen(function* () {
    const given = (["everySeconds", "cron", ...(allowAt ? ["at"] : [])] as const).filter(
      (name) => trigger[name] !== undefined
    )
    const choices = allowAt ? "everySeconds, at or cron" : "everySeconds or cron"
    if (given.length !== 1) {
      return yield* fail(
        given.length === 0 ? "triggerJson" : `triggerJson.${given[1]}`,
        `needs exactly one of ${choices}`
      )
    }
    if (trigger.everySeconds !== undefined && !Schema.is(Seconds)(trigger.everySeconds)) {
      return yield* fail("triggerJson.everySeconds", "must be a whole number of seconds from 1 to 31536000")
    }
    if (trigger.cron !== undefined) {
      const reason = typeof trigger.cron === "string" ? invalidSpec({ cron: trigger.cron }) : "must be a string"
      if (reason !== undefined) return yield* fail("triggerJson.cron", reason)
    }
    if (trigger.at !== undefined) {
      const at = typeof trigger.at === "string" ? new Date(trigger.at) : undefined
      if (at === undefined || !/T.*(Z|[+-]\d{2}:\d{2})$/.test(String(trigger.at)) || Number.isNaN(at.getTime())) {
        return yield* fail("triggerJson.at", "must be an ISO 8601 timestamp with a time and an offset")
      }
    }
  })

/** Checks `triggerJson`; answers it as given. */
export const checkTrigger = (trigger: unknown): Effect.Effect<JsonObject, ValidationFailed> =>
  Effect.gen(function* () {
    if (!isObject(trigger)) return yield* fail("triggerJson", "must be a JSON object")
    if (trigger.schemaVersion !== 1) {
      return yield* fail("triggerJson.schemaVersion", `must be 1, as in ${JSON.stringify(MANUAL_TRIGGER)}`)
    }
    const type = trigger.type
    if (typeof type !== "string" || !(TRIGGER_TYPES as ReadonlyArray<string>).includes(type)) {
      return yield* fail("triggerJson.type", `must be one of ${TRIGGER_TYPES.join(", ")}`)
    }
    switch (type) {
      case "schedule":
        yield* checkTiming(trigger, true)
        break
      case "heartbeat":
        yield* checkTiming(trigger, false)
        if (trigger.checklist !== undefined && !Schema.is(Checklist)(trigger.checklist)) {
          return yield* fail("triggerJson.checklist", "must be a list of at most 50 lines of at most 1000 characters")
        }
        break
      case "event": {
        const events = trigger.events
        if (!Array.isArray(events) || events.length === 0) {
          return yield* fail("triggerJson.events", "must list at least one Live Chat event")
        }
        if (events.length > CHAT_EVENTS.length) {
          return yield* fail("triggerJson.events", `must list at most ${CHAT_EVENTS.length} events, each once`)
        }
        const unknown = events.findIndex((event) => !(CHAT_EVENTS as ReadonlyArray<unknown>).includes(event))
        if (unknown >= 0)
          return yield* fail(`triggerJson.events.${unknown}`, `must be one of ${CHAT_EVENTS.join(", ")}`)
        break
      }
      case "webhook": {
        const webhook = trigger.webhook
        if (webhook === undefined) break
        if (!isObject(webhook)) return yield* fail("triggerJson.webhook", "must be an object with a token")
        const token = webhook.token
        // `{ hasToken: true }` keeps the token the workflow has (its reads show only that).
        if (token === undefined && webhook.hasToken === true) break
        if (typeof token !== "string" || token.length < MIN_WEBHOOK_TOKEN || token.length > 256 || /\s/.test(token)) {
          return yield* fail(
            "triggerJson.webhook.token",
            `must be ${MIN_WEBHOOK_TOKEN} to 256 characters without spaces`
          )
        }
        break
      }
      case "channel":
        if (typeof trigger.channelId !== "string" || trigger.channelId.length === 0) {
          return yield* fail("triggerJson.channelId", "must name the channel")
        }
        break
    }
    return trigger
  })

const Name = Schema.optional(Schema.String.pipe(Schema.maxLength(200)))
const ProfileName = Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(100)))

const stepShapes = {
  log: Schema.Struct({
    type: Schema.Literal("log"),
    name: Name,
    message: Schema.optional(Schema.String.pipe(Schema.maxLength(10_000)))
  }),
  deliver: Schema.Struct({
    type: Schema.Literal("deliver"),
    name: Name,
    channelId: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)),
    content: Schema.optional(Schema.String.pipe(Schema.maxLength(10_000)))
  }),
  agent: Schema.Struct({
    type: Schema.Literal("agent"),
    name: Name,
    instructions: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(20_000))),
    agent: Schema.optional(Schema.UUID),
    skills: Schema.optional(Schema.Array(Schema.String).pipe(Schema.maxItems(MAX_AGENT_STEP_SKILLS))),
    toolProfile: ProfileName,
    maxTurns: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.between(1, 20))),
    session: Schema.optional(
      Schema.Struct({
        scope: Schema.Literal(...SESSION_SCOPES),
        peer: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(MAX_PEER_LENGTH)))
      })
    )
  }),
  approval: Schema.Struct({
    type: Schema.Literal("approval"),
    name: Name,
    title: Schema.optional(Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200))),
    expiresInSeconds: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.between(60, 2_592_000)))
  }),
  wait: Schema.Struct({
    type: Schema.Literal("wait"),
    name: Name,
    ...Object.fromEntries(Object.keys(WAIT_UNITS).map((unit) => [unit, Schema.optional(Schema.Number)]))
  }),
  skill: Schema.Struct({
    type: Schema.Literal("skill"),
    name: Name,
    skillId: Schema.String,
    input: Schema.Unknown,
    toolProfile: ProfileName
  })
} as const

/** What a workflow's steps are checked against: the tenant's entitlements and tool profiles, and the platform's skills. */
export interface StepRules {
  readonly entitlements: ReadonlyArray<Product>
  readonly skills: SkillRegistry["Type"]
  /** Whether the platform has a language model (ai.invoke and agent steps need one). */
  readonly modelConfigured: boolean
  /** Whether partner URLs may be http and private (SERVICEKIT_OUTBOUND_ALLOW_PRIVATE). */
  readonly outboundAllowPrivate: boolean
  /** The tenant's tool profile with this name, if any. */
  readonly profile: (name: string) => Effect.Effect<ToolProfile | undefined>
  /** Whether the tenant has an agent with this id. */
  readonly agentExists: (id: string) => Effect.Effect<boolean>
  /** Whether the tenant has a channel with this id. */
  readonly channelExists: (id: string) => Effect.Effect<boolean>
  /** Why a step may not hold the placeholder at a path, or undefined; a run's variables only, unless given. */
  readonly placeholderProblem?: (path: ReadonlyArray<string>) => string | undefined
}

/** The profile a step follows: the one it names (which must exist), else the tenant's default one if any. */
const profileOf = (step: JsonObject, field: string, rules: StepRules) =>
  Effect.gen(function* () {
    if (typeof step.toolProfile !== "string") return yield* rules.profile(DEFAULT_TOOL_PROFILE)
    const profile = yield* rules.profile(step.toolProfile)
    if (profile === undefined) return yield* fail(`${field}.toolProfile`, `is not a tool profile: ${step.toolProfile}`)
    return profile
  })

/**
 * A skill the tenant may use, or why not: unknown or not installed (400), or not entitled or
 * denied by the step's tool profile (403).
 */
const checkSkill = (skillId: string, field: string, rules: StepRules, profile: ToolProfile | undefined) =>
  Effect.gen(function* () {
    const skill = rules.skills.find(skillId)
    if (skill === undefined) return yield* fail(field, `is not a known skill: ${skillId}`)
    if (rules.skills.runner(skillId) === undefined) {
      return yield* fail(
        field,
        `the skill ${skillId} is not available on this platform (no implementation is installed)`
      )
    }
    if (skill.usesModel && !rules.modelConfigured) {
      return yield* fail(field, `the skill ${skillId} needs a language model: ${NO_MODEL_CONFIGURED}`)
    }
    const missing = skill.requires.find((product) => !rules.entitlements.includes(product))
    if (missing !== undefined) {
      return yield* notEntitled(missing, `${field}: the skill ${skillId} needs the ${missing} product`)
    }
    if (verdictOf(profile, skill) === "denied") {
      return yield* permissionDenied(
        "skill_denied",
        `${field}: the tool profile ${profile!.name} does not allow the skill ${skillId}.`
      )
    }
    return skill
  })

/** A channel a step names as written (a placeholder is filled and checked when the run gets there). */
export const checkChannel = (channelId: unknown, field: string, rules: Pick<StepRules, "channelExists">) =>
  Effect.gen(function* () {
    if (typeof channelId !== "string" || channelId.includes("{{")) return
    if (!(yield* rules.channelExists(channelId))) {
      return yield* fail(field, `is not a channel of this account: ${channelId}`)
    }
  })

/** Checks `stepsJson` against the step types, the skills and their inputs; answers it as given. */
export const checkSteps = (
  steps: unknown,
  rules: StepRules
): Effect.Effect<ReadonlyArray<JsonObject>, ValidationFailed | PermissionDenied> =>
  Effect.gen(function* () {
    if (!Array.isArray(steps)) return yield* fail("stepsJson", "must be an array of steps")
    if (steps.length > MAX_STEPS) return yield* fail("stepsJson", `must hold at most ${MAX_STEPS} steps`)
    for (const [index, step] of steps.entries()) {
      const field = `stepsJson.${index}`
      if (!isObject(step)) return yield* fail(field, "must be a JSON object")
      const type = step.type
      if (typeof type !== "string" || !(STEP_TYPES as ReadonlyArray<string>).includes(type)) {
        return yield* fail(`${field}.type`, `must be one of ${STEP_TYPES.join(", ")}`)
      }
      yield* decodeAt(stepShapes[type as keyof typeof stepShapes] as Schema.Schema<unknown, unknown>, step, field)
      const placeholders = placeholderProblems(step, field, rules.placeholderProblem ?? runVariableProblem)
      if (placeholders.length > 0) {
        const [first] = placeholders
        return yield* new ValidationFailed({ message: `Invalid ${first!.field}: ${first!.reason}`, details: placeholders })
      }
      if (type === "wait") {
        const seconds = waitSeconds(step)
        if (typeof seconds !== "number") return yield* fail(`${field}.${seconds.field}`, seconds.reason)
      }
      if (type === "skill") {
        const profile = yield* profileOf(step, field, rules)
        const skill = yield* checkSkill(step.skillId as string, `${field}.skillId`, rules, profile)
        const skillInput = step.input
        if (!isObject(skillInput)) return yield* fail(`${field}.input`, "must be a JSON object")
        if (skill.parsesPlaceholders || !JSON.stringify(skillInput).includes("{{")) {
          yield* Effect.mapError(skill.parse(skillInput), (details) => invalidDetails(details, `${field}.input`))
        }
        const unreachable = outboundUrlProblem(skill.id, skillInput, rules.outboundAllowPrivate)
        if (unreachable !== undefined) return yield* fail(`${field}.input.${unreachable.field}`, unreachable.reason)
        if (skill.id === "email.send" && ["html", "text", "body"].every((part) => skillInput[part] === undefined)) {
          return yield* fail(`${field}.input.html`, "html, text or body is required")
        }
      }
      if (type === "deliver") {
        yield* checkSkill("channel.deliver", `${field}.type`, rules, yield* profileOf(step, field, rules))
        yield* checkChannel(step.channelId as string, `${field}.channelId`, rules)
      }
      if (type === "skill" && step.skillId === "channel.deliver" && isObject(step.input)) {
        yield* checkChannel(step.input.channelId, `${field}.input.channelId`, rules)
      }
      if (type === "agent" && typeof step.agent === "string" && !(yield* rules.agentExists(step.agent))) {
        return yield* fail(`${field}.agent`, `is not an agent of this account: ${step.agent}`)
      }
      if (type === "agent" && isObject(step.session)) {
        const { peer, scope } = step.session
        const needsPeer = scope === "dm" || scope === "group" || scope === "channel"
        if (needsPeer && peer === undefined) {
          return yield* fail(`${field}.session.peer`, `is required for the ${scope} scope (e.g. {{payload.visitorId}})`)
        }
        if (!needsPeer && peer !== undefined) {
          return yield* fail(`${field}.session.peer`, `must be absent for the ${scope} scope`)
        }
      }
      if (type === "agent" && !rules.modelConfigured) {
        return yield* fail(`${field}.type`, `an agent step needs a language model: ${NO_MODEL_CONFIGURED}`)
      }
      if (type === "agent" && !rules.entitlements.includes("ai_agent")) {
        return yield* notEntitled("ai_agent", `${field}: an agent step needs the ai_agent product`)
      }
      if (type === "agent" && Array.isArray(step.skills)) {
        const profile = yield* profileOf(step, field, rules)
        for (const [at, skillId] of step.skills.entries())
          yield* checkSkill(skillId, `${field}.skills.${at}`, rules, profile)
      }
    }
    return steps as ReadonlyArray<JsonObject>
  })
