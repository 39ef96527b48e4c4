import { Data, type Effect } from "effect"

/** What a skill step hands its runner: the rendered input and where it stands. */
export interface SkillCall {
  readonly tenantId: string
  readonly runId: string
  readonly stepIndex: number
  /** The step's try: 1, then more after a crash or a retry. */
  readonly attempt: number
  /**
   * `${runId}:${stepIndex}:${runAttempt}`: side effects carry it, so a partner recognises a step
   * tried again after a crash; a retried run (a new run attempt) makes new keys.
   */
  readonly idempotencyKey: string
  /** A test run's call: its side effects go where test mode sends them (email to the test mailbox). */
  readonly test?: boolean | undefined
  /** The step's input with its placeholders filled in. */
  readonly input: { readonly [key: string]: unknown }
  /**
   * Where the call's memory keys live: an agent step's session other than `workspace` keeps its
   * memory under `sessions/<sessionId>/`, so sessions do not read each other's.
   */
  readonly memoryPrefix?: string | undefined
}

export interface SkillOutput {
  /** JSON, stored as the step's output and available to later steps as `{{stepN.…}}`. */
  readonly output: unknown
  /** A text form for `{{last.outputText}}`. */
  readonly outputText: string | null
}

/**
 * A skill that could not do its work: the step fails with this message, and stores `output` (JSON,
 * e.g. the model labels tried) as its output when given.
 */
export class SkillFailed extends Data.TaggedError("SkillFailed")<{
  readonly message: string
  readonly output?: unknown
}> {}

/**
 * A skill whose work goes on elsewhere (a companion node runs the command): the run waits, holding
 * no worker, until the work's result queues it again or `until` passes, and then calls the skill
 * again with the same idempotency key, which answers the result (or fails, when time ran out).
 * `ready` tells whether the result came meanwhile: asked once the run is stored as waiting, so a
 * result that came before that is not missed. `output` (JSON) shows what the step waits for.
 * `waitingOn` names the work (its kind, e.g. `node_command`, and id): the run's waitpoint records
 * it, and the product owning the kind ends that work should the run be cancelled (WaitingWork).
 */
export class SkillPending extends Data.TaggedError("SkillPending")<{
  readonly until: Date
  readonly ready: Effect.Effect<boolean>
  readonly output: unknown
  readonly waitingOn?: { readonly kind: string; readonly id: string } | undefined
}> {}

/**
 * A skill that could not start its work because its destination had none of its connections free
 * within a short wait (a partner busy with the platform's other requests): nothing was sent. A
 * skill step waits a few seconds, holding no worker, and calls the skill again in the same try
 * with the same idempotency key; an agent hears it as the call's failure.
 */
export class SkillBusy extends Data.TaggedError("SkillBusy")<{
  readonly message: string
}> {}

/** Why a skill gave no output. */
export type SkillError = SkillFailed | SkillPending | SkillBusy

/**
 * A skill's implementation as the engine calls it: its effect runs in a worker with the services
 * `R` names (see Skill).
 */
export interface SkillRunner<R = unknown> {
  readonly id: string
  readonly run: (call: SkillCall) => Effect.Effect<SkillOutput, SkillError, R>
}
