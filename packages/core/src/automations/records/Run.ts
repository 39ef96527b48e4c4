import type { WorkerIdentity } from "../../platform/Settings.js"
import type { JsonObject } from "./Workflow.js"

/** The records of Automations' runs and approvals. */

export const RUN_STATUSES = [
  "queued",
  "running",
  "waiting_approval",
  "waiting_node",
  "waiting_timer",
  "succeeded",
  "failed",
  "cancelled",
  "expired",
  "skipped"
] as const
export type RunStatus = (typeof RUN_STATUSES)[number]

/**
 * The run state machine: the statuses each status may move to. A run is queued when created or
 * retried, running while a worker follows its steps, and waiting (holding no worker) while it is
 * blocked on a waitpoint (records/Waitpoint.ts): waiting_approval for a person's decision,
 * waiting_node for a companion node's command, waiting_timer for a wait step or a skill whose
 * destination was busy (SkillBusy). Completing the waitpoint, or its time running out, queues the
 * run again (a rejected or expired approval fails it); succeeded, failed, cancelled and skipped
 * end it. A run whose time to live (`expiresAt`) ran out before any of its steps started ends
 * expired when a worker takes it (runs/RunExpiry.ts). Failed, cancelled and expired runs may be
 * retried.
 */
export const RUN_TRANSITIONS: Readonly<Record<RunStatus, ReadonlyArray<RunStatus>>> = {
  queued: ["running", "cancelled", "skipped"],
  running: [
    "succeeded",
    "failed",
    "waiting_approval",
    "waiting_node",
    "waiting_timer",
    "cancelled",
    "queued",
    "expired"
  ],
  waiting_approval: ["queued", "failed", "cancelled"],
  waiting_node: ["queued", "cancelled"],
  waiting_timer: ["queued", "cancelled"],
  succeeded: [],
  failed: ["queued"],
  cancelled: ["queued"],
  expired: ["queued"],
  skipped: []
}

export const canMove = (from: RunStatus, to: RunStatus) => RUN_TRANSITIONS[from].includes(to)

/** The statuses of runs blocked on a waitpoint. */
export const WAITING_RUN_STATUSES: ReadonlyArray<RunStatus> = ["waiting_approval", "waiting_node", "waiting_timer"]

/** The statuses a run ends in, until it is retried (failed, cancelled and expired may be). */
export const ENDED_RUN_STATUSES: ReadonlyArray<RunStatus> = ["succeeded", "failed", "cancelled", "expired", "skipped"]

export const STEP_STATUSES = [
  "running",
  "succeeded",
  "failed",
  "waiting_approval",
  "waiting_node",
  "waiting_timer",
  "skipped"
] as const
export type StepStatus = (typeof STEP_STATUSES)[number]

/** A step paused for something outside the run: a person, a node, a timer. */
export const WAITING_STEP_STATUSES: ReadonlySet<StepStatus> = new Set(["waiting_approval", "waiting_node", "waiting_timer"])

/** One step's outcome, stored before the next step starts. */
export interface StepResult {
  readonly index: number
  readonly type: string
  readonly name: string | null
  readonly status: StepStatus
  /** What the step produced (a skill's output), as JSON. */
  readonly output: unknown
  /** The output as text, for `{{last.outputText}}`. */
  readonly outputText: string | null
  readonly error: string | null
  /** Which try of this step this is: 1, then more after a crash or a retry. */
  readonly attempt: number
  /** Whether a person approved this step (an approval step, or a skill its tool profile gates). */
  readonly approved: boolean
  /** The process that ran this try; null for a try stored by a build that did not record it. */
  readonly worker: WorkerIdentity | null
  readonly startedAt: Date
  readonly finishedAt: Date | null
}

/** The takeovers a run keeps, the newest: a run that kills every worker taking it stops growing there. */
export const MAX_TAKEOVERS = 20

/** A running run whose worker stopped writing (it died), taken on by another once its lease ran out. */
export interface RunTakeover {
  readonly at: Date
  /** The step that was running, when one was. */
  readonly stepIndex: number | null
  /** The process that held the run; null when a build that did not record it did. */
  readonly from: WorkerIdentity | null
  readonly to: WorkerIdentity
  /** When the lease of `from` ran out. */
  readonly leaseExpiredAt: Date | null
}

/** What started a run. */
export interface RunTrigger {
  /** manual, schedule, heartbeat, event, webhook, or subagent. */
  readonly type: string
  /** The event's type for event triggers, else null. */
  readonly event: string | null
}

/**
 * A workflow's concurrency key (`triggerJson.concurrency`): at most `limit` of the workflow's runs
 * with the same `key`, rendered from the run's input when it was made, run at once.
 */
export interface RunConcurrency {
  readonly key: string
  readonly limit: number
}

export interface Run {
  readonly id: string
  readonly tenantId: string
  readonly workflowId: string
  readonly flowId: string
  /** The flow's revision the run follows. */
  readonly revision: number
  /** The steps it follows, as they stood at that revision. */
  readonly steps: ReadonlyArray<JsonObject>
  readonly status: RunStatus
  /**
   * 1, and one more with each retry (POST /runs/{id}/retry). Side effects' idempotency keys carry
   * it: a step tried again after a crash repeats its key, a retried run's steps make new ones.
   */
  readonly attempt: number
  readonly trigger: RunTrigger
  readonly context: string
  readonly payload: JsonObject
  readonly parentRunId: string | null
  /**
   * Started with a test key (`svk_test_…`), or spawned by such a run: its emails go where
   * Transactional's test sends go (the test mailbox), never to the real mail server.
   */
  readonly test: boolean
  /** Kept 24 hours: a second inbound hook with it answers this run. */
  readonly idempotencyKey: string | null
  /** Results of the steps reached so far, by index. */
  readonly results: ReadonlyArray<StepResult>
  /** Why it failed, was skipped, cancelled or expired. */
  readonly reason: string | null
  /**
   * Its time to live: a run none of whose steps started by then ends expired instead (see
   * runs/RunExpiry.ts). Null without one, and once retried.
   */
  readonly expiresAt: Date | null
  /**
   * The lease: while running, until when the worker holding it may write (after that another
   * worker takes it over); while queued, until when the process that started it has it reserved.
   * Null otherwise: a waiting run's time is its waitpoint's.
   */
  readonly leaseUntil: Date | null
  /** The process that took the run last (it holds it while running). */
  readonly heldBy: WorkerIdentity | null
  /** Each time another process took the run over from one that died, oldest first. */
  readonly takeovers: ReadonlyArray<RunTakeover>
  /** Its workflow's concurrency key as it applies to this run; null when the workflow has none. */
  readonly concurrency: RunConcurrency | null
  /**
   * Since when the run, queued, waits for room under its tenant's cap on running runs or its
   * concurrency key (see RunCaps.ts): it has no job then, and is queued again when room is made.
   */
  readonly parkedAt: Date | null
  readonly createdAt: Date
  readonly startedAt: Date | null
  readonly finishedAt: Date | null
  readonly updatedAt: Date
}

export const APPROVAL_STATUSES = ["pending", "approved", "rejected", "expired", "cancelled"] as const
/** `cancelled`: its run was cancelled while it waited. */
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

/** A run waiting for a person: an approval step, or a skill its tool profile gates. */
export interface Approval {
  readonly id: string
  readonly tenantId: string
  readonly runId: string
  readonly workflowId: string
  readonly stepIndex: number
  readonly title: string
  /** The skill the approval gates, when a skill asked for it. */
  readonly skillId: string | null
  /** The exact input the skill runs with once approved (null for an approval step). */
  readonly input: JsonObject | null
  readonly status: ApprovalStatus
  readonly note: string | null
  readonly expiresAt: Date
  readonly decidedAt: Date | null
  readonly createdAt: Date
  readonly updatedAt: Date
}
