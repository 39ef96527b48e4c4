import { Effect, Option } from "effect"
import { SecretCrypto, constantTimeEqual, randomUuid } from "../../platform/Crypto.js"
import { groupCommit, toEveryAsker } from "../../platform/GroupCommit.js"
import { invalidField, unauthenticated } from "../../platform/Errors.js"
import { listPage } from "../../platform/Keyset.js"
import { makeQueuedWorkLimit } from "../../platform/QueuedWork.js"
import { ServiceKitSettings } from "../../platform/Settings.js"
import { TenantStanding } from "../../platform/TenantStanding.js"
import { UnitOfWork } from "../../platform/UnitOfWork.js"
import { RunNotFound, RunStateConflict, WorkflowInactive, WorkflowNotFound } from "../AutomationsErrors.js"
import { type WorkflowKey, WorkflowRepository } from "../records/AutomationsRepositories.js"
import { hookTokenDigest } from "../hooks/HookToken.js"
import { type Run, type RunStatus, type RunTrigger, WAITING_STEP_STATUSES, canMove } from "../records/Run.js"
import { concurrencyOf } from "../records/RunCaps.js"
import { RunRepository } from "../records/RunRepositories.js"
import type { JsonObject, Workflow } from "../records/Workflow.js"
import type { RunClaims } from "./RunClaims.js"
import { expiresAtOf, ttlSecondsOf } from "./RunExpiry.js"
import { type RunQueueing, STARTS, now } from "./RunQueue.js"
import { makeRunPresentation } from "./RunPresentation.js"
import type { Waitpoints } from "./Waitpoints.js"

export const DEFAULT_PAGE_SIZE = 25
export const MAX_PAGE_SIZE = 100
/** How long an inbound hook's idempotency key answers its first run. */
export const IDEMPOTENCY_HOURS = 24

export const pageSize = (limit: number | undefined) => limit ?? DEFAULT_PAGE_SIZE

export interface StartInput {
  readonly context?: string | undefined
  readonly payload?: JsonObject | undefined
}

/** How a run comes about, beyond its input. */
export interface StartOptions {
  /** The run that spawned it (subagent.spawn). */
  readonly parentRunId?: string | null | undefined
  /**
   * Makes the start idempotent for 24 hours: a second start with the key answers the first run
   * (an inbound hook's key, a trigger's firing).
   */
  readonly idempotencyKey?: string | null | undefined
  /** Started with a test key, or by a test run: a test run (its emails go to the test mailbox). */
  readonly test?: boolean | undefined
}

export interface HookInput extends StartInput {
  readonly workflowId: string
  readonly event?: string | undefined
  readonly idempotencyKey?: string | undefined
}

export interface RunListQuery {
  readonly limit?: number | undefined
  readonly cursor?: string | undefined
  readonly workflowId?: string | undefined
  readonly status?: RunStatus | undefined
}

/**
 * A run's life as the API and the triggers see it: started (queued, or skipped with a reason),
 * read, cancelled, retried. Following it is the claims' and the interpreter's work.
 */
export const makeRunLifecycle = (queueing: RunQueueing, claims: RunClaims, waitpoints: Waitpoints) =>
  Effect.gen(function* () {
    const workflows = yield* WorkflowRepository
    const runs = yield* RunRepository
    const unit = yield* UnitOfWork
    const crypto = yield* SecretCrypto
    const standing = yield* TenantStanding
    const { due, committersFor } = queueing
    const { startGrouped } = claims
    const presentation = yield* makeRunPresentation
    // What the API and inbound hooks start waits at most this deep; triggers and spawns are the
    // workflows' own doing, and retries bring back what was accepted.
    const { maxQueuedPerTenant, runTtlSeconds } = yield* ServiceKitSettings
    const queuedRuns = makeQueuedWorkLimit({ what: "queued runs", limit: maxQueuedPerTenant, count: runs.countQueued })
    const withRoom = (run: Run) => Effect.as(queuedRuns.check(run.tenantId, 1), run)

    const findRun = (tenantId: string, id: string) =>
      Effect.flatMap(runs.find(tenantId, id), (found) =>
        Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new RunNotFound())
      )
    const conflict = (run: Run, to: RunStatus) =>
      new RunStateConflict({
        message: `${/^[aeiou]/.test(run.status) ? "An" : "A"} ${run.status} run cannot become ${to}.`
      })

    /** The workflows that API requests start, read together: one statement for a moment's starts. */
    const readWorkflow = yield* groupCommit(
      (keys: ReadonlyArray<WorkflowKey>) => Effect.map(workflows.findMany(keys), (found) => toEveryAsker(keys, found)),
      committersFor(STARTS)
    )
    /**
     * `grouped` for callers outside any unit of work; one inside reads alone, in its unit (a
     * grouped read would wait outside it, for a connection the unit may hold).
     */
    const findWorkflow = (tenantId: string, workflowId: string, grouped = false) =>
      Effect.flatMap(
        grouped ? readWorkflow({ tenantId, id: workflowId }) : workflows.find(tenantId, workflowId),
        (found) => (Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new WorkflowNotFound()))
      )

    /** A new queued run of the workflow as it now stands. */
    const runOf = (workflow: Workflow, input: StartInput, trigger: RunTrigger, options: StartOptions) =>
      Effect.gen(function* () {
        const at = yield* now
        const run: Run = {
          id: randomUuid(crypto),
          tenantId: workflow.tenantId,
          workflowId: workflow.id,
          flowId: workflow.flowId,
          revision: workflow.revision,
          steps: workflow.steps,
          status: "queued",
          attempt: 1,
          trigger,
          context: input.context ?? "",
          payload: input.payload ?? {},
          parentRunId: options.parentRunId ?? null,
          test: options.test ?? false,
          idempotencyKey: options.idempotencyKey ?? null,
          results: [],
          reason: null,
          expiresAt: expiresAtOf(at, ttlSecondsOf(workflow, runTtlSeconds)),
          leaseUntil: null,
          heldBy: null,
          takeovers: [],
          concurrency: concurrencyOf(workflow.trigger, { payload: input.payload ?? {}, context: input.context ?? "" }),
          parkedAt: null,
          createdAt: at,
          startedAt: null,
          finishedAt: null,
          updatedAt: at
        }
        return run
      })

    /** A new queued run of an active workflow with steps. */
    const newRun = (
      tenantId: string,
      workflowId: string,
      input: StartInput,
      trigger: RunTrigger,
      options: StartOptions,
      grouped = false
    ) =>
      Effect.gen(function* () {
        const workflow = yield* findWorkflow(tenantId, workflowId, grouped)
        if (!workflow.active) return yield* Effect.fail(new WorkflowInactive({ message: "The workflow is not active." }))
        if (workflow.steps.length === 0) {
          return yield* Effect.fail(new WorkflowInactive({ message: "The workflow has no steps to run." }))
        }
        return yield* runOf(workflow, input, trigger, options)
      })

    /** Stores a new run (once per idempotency key) and, when it is queued, makes it due; answers the run that holds the key. */
    const insertRun = (run: Run) => {
      const ifQueued = (stored: Run) =>
        stored.status === "queued" ? Effect.as(due(stored), stored) : Effect.succeed(stored)
      if (run.idempotencyKey === null) return unit.withTransaction(Effect.zipRight(runs.insert(run), ifQueued(run)))
      const keptSince = new Date(run.createdAt.getTime() - IDEMPOTENCY_HOURS * 3_600_000)
      return unit.withTransaction(
        Effect.flatMap(runs.insertKeyed(run, keptSince), (stored) =>
          stored.id === run.id ? ifQueued(run) : Effect.succeed(stored)
        )
      )
    }

    const hook = (tenantId: string, input: HookInput, options: Pick<StartOptions, "test"> = {}) =>
      Effect.gen(function* () {
        if (
          input.idempotencyKey !== undefined &&
          (input.idempotencyKey.length === 0 || input.idempotencyKey.length > 255)
        ) {
          return yield* Effect.fail(invalidField("idempotencyKey", "must be 1 to 255 characters"))
        }
        const trigger: RunTrigger = { type: "webhook", event: input.event ?? null }
        const run = yield* Effect.flatMap(
          newRun(
            tenantId,
            input.workflowId,
            input,
            trigger,
            { idempotencyKey: input.idempotencyKey, test: options.test },
            true
          ),
          withRoom
        )
        return yield* run.idempotencyKey === null ? startGrouped(run) : insertRun(run)
      })

    return {
      start: (tenantId: string, workflowId: string, input: StartInput, trigger: RunTrigger, options: StartOptions = {}) =>
        Effect.flatMap(newRun(tenantId, workflowId, input, trigger, options), insertRun),
      request: (tenantId: string, workflowId: string, input: StartInput, options: Pick<StartOptions, "test"> = {}) =>
        newRun(tenantId, workflowId, input, { type: "manual", event: null }, { test: options.test }, true).pipe(
          Effect.flatMap(withRoom),
          Effect.flatMap(startGrouped)
        ),
      skip: (tenantId: string, workflowId: string, trigger: RunTrigger, reason: string, idempotencyKey: string | null) =>
        Effect.gen(function* () {
          const run = yield* runOf(yield* findWorkflow(tenantId, workflowId), {}, trigger, { idempotencyKey })
          return yield* insertRun({ ...run, status: "skipped", reason, expiresAt: null, finishedAt: run.createdAt })
        }),
      hook,
      hookWithToken: (token: string, input: HookInput) =>
        Effect.gen(function* () {
          const candidates = yield* workflows.findEverywhere(input.workflowId)
          const digest = yield* crypto.sha256Hex(token)
          // Every candidate is compared, so the time taken does not tell which one came close.
          const matching = candidates.filter((workflow) => {
            const expected = hookTokenDigest(workflow.trigger) ?? ""
            return constantTimeEqual(expected, digest) && expected !== ""
          })
          if (matching.length !== 1) {
            return yield* Effect.fail(
              unauthenticated("invalid_automation_token", "The automation token does not match the workflow's.")
            )
          }
          // The token proves the workflow; its tenant must still be in good standing.
          yield* standing.check(matching[0]!.tenantId)
          return yield* hook(matching[0]!.tenantId, input)
        }),
      get: (tenantId: string, id: string) => Effect.flatMap(findRun(tenantId, id), presentation.one),
      list: (tenantId: string, query: RunListQuery) =>
        listPage(
          { limit: pageSize(query.limit), cursor: query.cursor },
          (cursor) => runs.find(tenantId, cursor),
          (page) =>
            Effect.flatMap(runs.list(tenantId, { ...page, workflowId: query.workflowId, status: query.status }), (listed) =>
              presentation.many(tenantId, listed)
            )
        ),
      cancel: (tenantId: string, id: string) =>
        Effect.gen(function* () {
          const run = yield* findRun(tenantId, id)
          if (!canMove(run.status, "cancelled")) return yield* Effect.fail(conflict(run, "cancelled"))
          const at = yield* now
          const cancelled: Run = {
            ...run,
            status: "cancelled",
            reason: "Cancelled.",
            leaseUntil: null,
            finishedAt: at,
            updatedAt: at
          }
          // What it waited for closes with it: deciding the approval later changes nothing, and
          // the node's command is not run.
          const moved = yield* unit.withTransaction(
            Effect.flatMap(runs.update(cancelled, [run.status], undefined, []), (stored) =>
              stored ? Effect.as(waitpoints.cancelRun(tenantId, id, at), true) : Effect.succeed(false)
            )
          )
          if (!moved) return yield* Effect.fail(conflict(run, "cancelled"))
          return yield* presentation.one(cancelled)
        }),
      retry: (tenantId: string, id: string) =>
        Effect.gen(function* () {
          const run = yield* findRun(tenantId, id)
          if (!canMove(run.status, "queued")) return yield* Effect.fail(conflict(run, "queued"))
          const at = yield* now
          // A step that was waiting (an approval, a node, a timer) starts again: an approval of
          // the earlier try does not carry over to this one.
          const restarted = run.results.filter((result) => WAITING_STEP_STATUSES.has(result.status))
          // A retry is asked for now: the time to live the run was created with no longer holds.
          const queued: Run = {
            ...run,
            status: "queued",
            attempt: run.attempt + 1,
            results: run.results.filter((result) => !WAITING_STEP_STATUSES.has(result.status)),
            reason: null,
            expiresAt: null,
            leaseUntil: null,
            finishedAt: null,
            updatedAt: at
          }
          const moved = yield* unit.withTransaction(
            Effect.flatMap(
              runs.update(
                queued,
                ["failed", "cancelled", "expired"],
                undefined,
                restarted.map((result) => result.index)
              ),
              (stored) => (stored ? Effect.as(due(queued), true) : Effect.succeed(false))
            )
          )
          if (!moved) return yield* Effect.fail(conflict(run, "queued"))
          return yield* presentation.one(queued)
        })
    }
  })
