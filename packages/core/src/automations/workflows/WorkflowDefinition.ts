import { Effect, Schema } from "effect"
import { invalidSpec } from "../../jobs/Scheduler.js"
import { type PermissionDenied, ValidationFailed } from "../../platform/Errors.js"
import { placeholderProblems, runVariableProblem } from "../steps/Placeholders.js"
import { STEP_TYPES, stepKindOf } from "../steps/StepKinds.js"
import { type StepRules, decodeAt, fail, isObject } from "../steps/StepRules.js"
import type { JsonObject } from "../records/Workflow.js"
import { MIN_WEBHOOK_TOKEN } from "../hooks/HookToken.js"
import { checkConcurrency } from "./Concurrency.js"

/**
 * What a workflow's `triggerJson` and `stepsJson` may hold, checked when a workflow is written so
 * that a run never meets a definition it cannot follow. Failures name the field, e.g.
 * `triggerJson.cron` or `stepsJson.2.input.to`.
 */

export const TRIGGER_TYPES = ["manual", "schedule", "heartbeat", "event", "webhook", "channel"] as const
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

/** The longest span of seconds a trigger names (an interval, a run's time to live): a year. */
export const MAX_SECONDS = 31_536_000
const Seconds = Schema.Number.pipe(Schema.int(), Schema.between(1, MAX_SECONDS))
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
      return yield* fail("triggerJson.everySeconds", `must be a whole number of seconds from 1 to ${MAX_SECONDS}`)
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
    // Any trigger's runs may have a time to live (runs/RunExpiry.ts).
    if (trigger.ttlSeconds !== undefined && !Schema.is(Seconds)(trigger.ttlSeconds)) {
      return yield* fail("triggerJson.ttlSeconds", `must be a whole number of seconds from 1 to ${MAX_SECONDS}`)
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
    yield* checkConcurrency(trigger)
    return trigger
  })

/** Checks `stepsJson` against the step kinds (see STEP_KINDS), the skills and their inputs; answers it as given. */
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
      const kind = stepKindOf(step.type)
      if (kind === undefined) return yield* fail(`${field}.type`, `must be one of ${STEP_TYPES.join(", ")}`)
      yield* decodeAt(kind.schema, step, field)
      const placeholders = placeholderProblems(step, field, rules.placeholderProblem ?? runVariableProblem)
      if (placeholders.length > 0) {
        const [first] = placeholders
        return yield* new ValidationFailed({ message: `Invalid ${first!.field}: ${first!.reason}`, details: placeholders })
      }
      yield* kind.validate(step, field, rules)
    }
    return steps as ReadonlyArray<JsonObject>
  })
