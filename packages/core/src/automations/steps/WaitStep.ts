import { Clock, Effect, Schema } from "effect"
import type { StepResult } from "../records/Run.js"
import type { JsonObject } from "../records/Workflow.js"
import { type StepKind, plainStep } from "./StepKind.js"
import { type StepOutcome, stepFailed, timerOutputDate } from "./StepOutcome.js"
import { StepName, fail } from "./StepRules.js"

/**
 * A wait step holds its run for a while without a worker: `days`, `hours`, `minutes` and `seconds`
 * add up (at least one, whole numbers), to between one second and MAX_WAIT_SECONDS. The run is
 * `waiting_timer` meanwhile and a job (or the resume sweep, after a restart) takes it up once the
 * time is over.
 */

export const WAIT_UNITS = { days: 86_400, hours: 3_600, minutes: 60, seconds: 1 } as const
export const MAX_WAIT_SECONDS = 90 * 86_400

/** The step's wait in seconds, or why it cannot be one. */
export const waitSeconds = (step: JsonObject): number | { readonly field: string; readonly reason: string } => {
  let total = 0
  let given = 0
  for (const [unit, seconds] of Object.entries(WAIT_UNITS)) {
    const value = step[unit]
    if (value === undefined) continue
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
      return { field: unit, reason: "must be a whole number, 0 or more" }
    }
    given++
    total += value * seconds
  }
  if (given === 0) return { field: "seconds", reason: "a wait needs days, hours, minutes or seconds" }
  if (total < 1 || total > MAX_WAIT_SECONDS) {
    return { field: "seconds", reason: `the wait must add up to 1 second to ${MAX_WAIT_SECONDS / 86_400} days` }
  }
  return total
}

/**
 * Where a wait step that started at `startedAt` stands at `now`: over (done), or waiting until the
 * time it set when it first started (`previous`, as the worker that takes the run up again finds it).
 */
export const waitOutcome = (
  step: JsonObject,
  previous: StepResult | undefined,
  startedAt: Date,
  now: Date
): StepOutcome => {
  const kept = timerOutputDate(previous, "until")
  const seconds = waitSeconds(step)
  if (typeof seconds !== "number") return stepFailed(`The wait is not valid: ${seconds.field} ${seconds.reason}.`)
  const until = kept ?? new Date(startedAt.getTime() + seconds * 1_000)
  if (until <= now) {
    return {
      kind: "done",
      output: { output: { waitedUntil: until.toISOString() }, outputText: `Waited until ${until.toISOString()}` }
    }
  }
  return {
    kind: "pending",
    status: "waiting_timer",
    until,
    waitsOn: { kind: "timer", resourceId: null },
    ready: Effect.succeed(false),
    output: { until: until.toISOString() }
  }
}

/** `{ days?, hours?, minutes?, seconds? }`: holds the run, `waiting_timer`, for that long. */
export const waitStep: StepKind = {
  ...plainStep,
  type: "wait",
  schema: Schema.Struct({
    type: Schema.Literal("wait"),
    name: StepName,
    ...Object.fromEntries(Object.keys(WAIT_UNITS).map((unit) => [unit, Schema.optional(Schema.Number)]))
  }),
  validate: (step, field) => {
    const seconds = waitSeconds(step)
    return typeof seconds === "number" ? Effect.void : fail(`${field}.${seconds.field}`, seconds.reason)
  },
  execute: ({ run, index, step, previous }) =>
    Effect.map(Clock.currentTimeMillis, (ms) => {
      const at = new Date(ms)
      const startedAt = run.results.find((result) => result.index === index)?.startedAt ?? at
      return waitOutcome(step, previous, startedAt, at)
    })
}
