import { Context, Effect, Layer, type Scope } from "effect"
import type { PermissionDenied, Unauthenticated, ValidationFailed } from "../../platform/Errors.js"
import type { Listed } from "../../platform/Keyset.js"
import type { QueueFull } from "../../platform/QueuedWork.js"
import type {
  ApprovalNotFound,
  ApprovalStateConflict,
  RunNotFound,
  RunStateConflict,
  WorkflowInactive,
  WorkflowNotFound
} from "../AutomationsErrors.js"
import type { Approval, Run, RunTrigger } from "../records/Run.js"
import { type ApprovalListQuery, makeRunApprovals } from "./RunApprovals.js"
import { makeRunClaims } from "./RunClaims.js"
import { type HookInput, type RunListQuery, type StartInput, type StartOptions, makeRunLifecycle } from "./RunLifecycle.js"
import { layerRunEvents } from "./RunEvents.js"
import { makeRunQueue } from "./RunQueue.js"
import { makeStepInterpreter } from "./StepInterpreter.js"
import { makeWaitpoints } from "./Waitpoints.js"

export { DEFAULT_APPROVAL_SECONDS } from "../steps/StepOutcome.js"
export type { ApprovalListQuery } from "./RunApprovals.js"
export {
  DEFAULT_PAGE_SIZE,
  type HookInput,
  IDEMPOTENCY_HOURS,
  MAX_PAGE_SIZE,
  type RunListQuery,
  type StartInput,
  type StartOptions
} from "./RunLifecycle.js"
export { runQueue } from "./RunQueue.js"

/**
 * Runs of workflows: created queued (by the run endpoint, the inbound hook, triggers), followed
 * step by step by workers on the platform's queue, each step's result stored before the next
 * starts, so that a run taken over after a crash resumes at the step it was in and no finished
 * step runs again. A waiting run is blocked on a waitpoint (an approval, a node's command, a
 * timer) until it completes or its time is up.
 */
export class RunEngine extends Context.Tag("@servicekit/core/RunEngine")<
  RunEngine,
  {
    readonly start: (
      tenantId: string,
      workflowId: string,
      input: StartInput,
      trigger: RunTrigger,
      options?: StartOptions
    ) => Effect.Effect<Run, ValidationFailed | WorkflowNotFound | WorkflowInactive>
    /**
     * A manual run an API request starts, outside any unit of work of the caller's: stored with
     * the starts that arrive meanwhile, together (group commit).
     */
    readonly request: (
      tenantId: string,
      workflowId: string,
      input: StartInput,
      options?: Pick<StartOptions, "test">
    ) => Effect.Effect<Run, ValidationFailed | WorkflowNotFound | WorkflowInactive | QueueFull>
    /**
     * Records a firing that did not run (the tenant was busy, an empty heartbeat): a run that is
     * skipped from the start, with the reason. Idempotent by `idempotencyKey` like `start`.
     */
    readonly skip: (
      tenantId: string,
      workflowId: string,
      trigger: RunTrigger,
      reason: string,
      idempotencyKey: string | null
    ) => Effect.Effect<Run, WorkflowNotFound>
    readonly hook: (
      tenantId: string,
      input: HookInput,
      options?: Pick<StartOptions, "test">
    ) => Effect.Effect<Run, ValidationFailed | WorkflowNotFound | WorkflowInactive | QueueFull>
    /** The inbound hook with a webhook token: the workflow named must have that token. */
    readonly hookWithToken: (
      token: string,
      input: HookInput
    ) => Effect.Effect<
      Run,
      ValidationFailed | WorkflowNotFound | WorkflowInactive | Unauthenticated | PermissionDenied | QueueFull
    >
    readonly get: (tenantId: string, id: string) => Effect.Effect<Run, RunNotFound>
    readonly list: (tenantId: string, query: RunListQuery) => Effect.Effect<Listed<Run>, ValidationFailed>
    readonly cancel: (tenantId: string, id: string) => Effect.Effect<Run, RunNotFound | RunStateConflict>
    readonly retry: (tenantId: string, id: string) => Effect.Effect<Run, RunNotFound | RunStateConflict>
    readonly listApprovals: (
      tenantId: string,
      query: ApprovalListQuery
    ) => Effect.Effect<Listed<Approval>, ValidationFailed>
    readonly decide: (
      tenantId: string,
      id: string,
      decision: "approve" | "reject",
      note: string | undefined
    ) => Effect.Effect<Approval, ApprovalNotFound | ApprovalStateConflict>
    /**
     * Follows a due run as far as it goes: the handler of `runQueue`, whose jobs at a waitpoint's
     * due time name the waitpoint, to act on first.
     */
    readonly process: (tenantId: string, runId: string, waitpointId?: string) => Effect.Effect<void, unknown, any>
    /**
     * While the scope lasts (this process runs the run workers, in the scope's context), the runs
     * that API requests start here are followed here at once, up to `concurrency` at a time,
     * without a job: each is stored reserved for this process (a lease); should the process die
     * first, the resume sweep queues it once the lease runs out. Closing takes no more and waits
     * for the runs taken.
     */
    readonly followStartsHere: (concurrency: number) => Effect.Effect<void, never, Scope.Scope>
    /**
     * Acts on the waitpoints past their due time whose job was late or lost: an approval expires
     * (its run fails), any other wait times out (its run goes on to see what that means).
     */
    readonly sweepWaitpoints: Effect.Effect<number>
    /**
     * Queues a run waiting for work a skill started elsewhere (a node's command) again, once that
     * work ended (see SkillPending); false when the run waits no more.
     */
    readonly wake: (tenantId: string, runId: string) => Effect.Effect<boolean>
    /**
     * Queues the runs whose worker died (their lease ran out), to be taken over where they stopped,
     * and those whose starting process died before taking them (their reservation ran out).
     */
    readonly resumeStalled: Effect.Effect<number>
  }
>() {
  static readonly layer = Layer.scoped(
    RunEngine,
    Effect.gen(function* () {
      const queueing = yield* makeRunQueue
      const waitpoints = yield* makeWaitpoints(queueing)
      const interpreter = yield* makeStepInterpreter(queueing, waitpoints)
      const claims = yield* makeRunClaims(queueing, interpreter, waitpoints)
      const lifecycle = yield* makeRunLifecycle(queueing, claims, waitpoints)
      const approvals = yield* makeRunApprovals(waitpoints)
      return {
        ...lifecycle,
        ...approvals,
        process: claims.process,
        followStartsHere: claims.followStartsHere,
        resumeStalled: claims.resumeStalled,
        sweepWaitpoints: waitpoints.sweep,
        wake: waitpoints.wake
      }
    })
  ).pipe(Layer.provide(layerRunEvents))
}
