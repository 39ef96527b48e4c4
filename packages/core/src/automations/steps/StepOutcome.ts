import { Clock, Effect, Random } from "effect"
import type { SkillBusy, SkillOutput, SkillPending } from "../../module/SkillRunner.js"
import type { AgentTurn } from "../agents/AgentProtocol.js"
import type { RunStatus, StepResult } from "../records/Run.js"
import type { WaitpointKind } from "../records/Waitpoint.js"
import type { JsonObject } from "../records/Workflow.js"

/** How long an approval waits when its step does not say. */
export const DEFAULT_APPROVAL_SECONDS = 72 * 3_600

/** An agent's turns changed since its last checkpoint: stored with the outcome, in the same write. */
interface WithTurns {
  readonly turns?: ReadonlyArray<AgentTurn> | undefined
}

/** What a step came to, as the worker following its run stores it. */
export type StepOutcome =
  | ({ readonly kind: "done"; readonly output: SkillOutput } & WithTurns)
  | ({ readonly kind: "failed"; readonly error: string; readonly output: unknown } & WithTurns)
  | ({
      readonly kind: "wait"
      readonly title: string
      readonly skillId: string | null
      /** The exact input the gated skill runs with once approved. */
      readonly input: JsonObject | null
      readonly approvalId?: string | undefined
      /** The step's progress so far (an agent's state). */
      readonly output?: unknown
      readonly expiresInSeconds: number
    } & WithTurns)
  /**
   * The skill's work goes on elsewhere (see SkillPending), or a wait step counts down: the run
   * waits, holding no worker, blocked on a waitpoint of `waitsOn` due at `until`.
   */
  | ({
      readonly kind: "pending"
      readonly status: Extract<RunStatus, "waiting_node" | "waiting_timer">
      readonly until: Date
      readonly waitsOn: { readonly kind: WaitpointKind; readonly resourceId: string | null }
      readonly ready: Effect.Effect<boolean>
      /** What the step waits for, or an agent's state. */
      readonly output: unknown
    } & WithTurns)
  /** The worker no longer holds the run (cancelled, or taken over): nothing more is written. */
  | { readonly kind: "lost" }

/** The outcome of one kind. */
export type Outcome<Kind extends StepOutcome["kind"]> = Extract<StepOutcome, { readonly kind: Kind }>

/** An approval step's title: its own, else its name, else its place in the run (steps count from 0). */
export const approvalTitle = (step: JsonObject, index: number) =>
  typeof step.title === "string"
    ? step.title
    : typeof step.name === "string"
      ? `Approve: ${step.name}`
      : `Approve step ${index}`

export const stepFailed = (error: string, output: unknown = null): Outcome<"failed"> => ({ kind: "failed", error, output })

/**
 * The run waits for a person to allow a skill with its exact input: a gated skill step, or an
 * agent's call (with the approval's id and the turns so far).
 */
export const waitForSkill = (
  skillId: string,
  call: { readonly input: JsonObject; readonly approvalId?: string; readonly output?: unknown }
): Outcome<"wait"> => ({
  kind: "wait",
  title: `Allow the skill ${skillId}`,
  skillId,
  input: call.input,
  approvalId: call.approvalId,
  output: call.output,
  expiresInSeconds: DEFAULT_APPROVAL_SECONDS
})

/** The run waits for the work a skill started elsewhere (a node's command), showing `output` meanwhile. */
export const waitForWork = (pending: SkillPending, output: unknown): Outcome<"pending"> => ({
  kind: "pending",
  status: "waiting_node",
  until: pending.until,
  waitsOn: { kind: pending.waitingOn?.kind ?? "external", resourceId: pending.waitingOn?.id ?? null },
  ready: pending.ready,
  output
})

/** How long a skill step may keep finding its destination busy (SkillBusy) before it fails. */
const MAX_BUSY_MS = 3_600_000
/**
 * A step turned away by a busy destination is called again after a second and up to ten more,
 * spread, so that the runs turned away together do not all come back at once.
 */
const BUSY_LEAST_MS = 1_000
const BUSY_SPREAD_MS = 10_000

/**
 * The time a timer wait stored in its step's output under `field` (`previous`, as the worker
 * taking the run up again finds it); undefined when the step was not waiting on a timer.
 */
export const timerOutputDate = (previous: StepResult | undefined, field: string): Date | undefined => {
  if (previous?.status !== "waiting_timer") return undefined
  const output = previous.output
  const value = typeof output === "object" && output !== null ? (output as Record<string, unknown>)[field] : undefined
  const date = typeof value === "string" ? new Date(value) : undefined
  return date === undefined || Number.isNaN(date.getTime()) ? undefined : date
}

/**
 * The skill's destination was busy and nothing was sent: the run waits, `waiting_timer` and
 * holding no worker, for a few seconds, then calls the skill again in the same try. A step turned
 * away for MAX_BUSY_MS since the first time fails.
 */
export const waitForRoom = (busy: SkillBusy, previous: StepResult | undefined): Effect.Effect<StepOutcome> =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const since = timerOutputDate(previous, "busySince")?.getTime() ?? now
    if (now - since >= MAX_BUSY_MS) {
      return stepFailed(`${busy.message} Nothing was sent; given up after ${Math.round((now - since) / 60_000)} minutes.`)
    }
    const until = new Date(now + BUSY_LEAST_MS + (yield* Random.nextIntBetween(0, BUSY_SPREAD_MS)))
    const waiting: StepOutcome = {
      kind: "pending",
      status: "waiting_timer",
      until,
      waitsOn: { kind: "timer", resourceId: null },
      ready: Effect.succeed(false),
      output: { busy: busy.message, busySince: new Date(since).toISOString(), until: until.toISOString() }
    }
    return waiting
  })
