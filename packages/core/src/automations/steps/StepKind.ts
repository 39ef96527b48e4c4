import type { Effect, Schema } from "effect"
import type { PermissionDenied, ValidationFailed } from "../../platform/Errors.js"
import type { Product } from "../../platform/Products.js"
import type { ToolProfileRepository } from "../governance/GovernanceRepositories.js"
import type { AgentTurn } from "../agents/AgentProtocol.js"
import type { Run, StepResult } from "../records/Run.js"
import type { ApprovalRepository } from "../records/ApprovalRepository.js"
import type { SkillRegistry } from "../skills/Skills.js"
import type { JsonObject } from "../records/Workflow.js"
import type { StepOutcome } from "./StepOutcome.js"
import type { StepRules } from "./StepRules.js"

/** What a run's steps see of their tenant, read when a worker takes the run. */
export interface RunSetting {
  readonly entitlements: ReadonlyArray<Product>
  /** The standing orders, for `{{policy}}`. */
  readonly policy: string
}

/** The services a step may call on, as the run engine holds them. */
export interface StepServices {
  readonly skills: SkillRegistry["Type"]
  readonly profiles: ToolProfileRepository["Type"]
  readonly approvals: ApprovalRepository["Type"]
  /** Whether partner URLs may be http and private (SERVICEKIT_OUTBOUND_ALLOW_PRIVATE). */
  readonly outboundAllowPrivate: boolean
}

/** One step as the worker following its run hands it over. */
export interface StepCall {
  readonly run: Run
  readonly index: number
  /** The step as the workflow wrote it. */
  readonly step: JsonObject
  /** The step with its placeholders filled in. */
  readonly filled: JsonObject
  /** The step's try (the run's own `attempt` counts the run's retries). */
  readonly attempt: number
  readonly setting: RunSetting
  /** A gated skill was approved already (before its worker died, or before it waited for a node). */
  readonly approved: boolean
  /** The step's result stored before, if any: a step taken up again goes on from it. */
  readonly previous: StepResult | undefined
  /**
   * Stores the step's progress as it goes, with an agent's turns changed since the last time
   * (rows of their own) in the same unit of work; false, and nothing written, when the worker no
   * longer holds the run.
   */
  readonly checkpoint: (output: unknown, turns?: ReadonlyArray<AgentTurn>) => Effect.Effect<boolean>
  readonly services: StepServices
}

/**
 * A kind of workflow step: how it is written and checked, and how a run does it. Every kind is
 * listed once, in `STEP_KINDS`; the workflow checks, the API's description, the run engine, the
 * triggers and the marketplace all read that list.
 */
export interface StepKind {
  readonly type: string
  /** The step as a workflow writes it (unknown fields are refused). */
  readonly schema: Schema.Schema<any, any>
  /** What the schema cannot check: the tenant's skills, profiles, channels, agents, entitlements. */
  readonly validate: (
    step: JsonObject,
    field: string,
    rules: StepRules
  ) => Effect.Effect<void, ValidationFailed | PermissionDenied>
  /**
   * Whether the step acts outside the run: its start is stored before it runs and its result at
   * once, and its run's lease is kept while it lasts. A step without side effects is simply done
   * again after a crash, so its result is written with the next write.
   */
  readonly sideEffects: boolean
  /** Whether the step needs the tenant's entitlements when it runs (it calls skills or a model). */
  readonly readsEntitlements: boolean
  /** Whether the step needs the tenant's standing orders when it runs (beyond a `{{policy}}` placeholder). */
  readonly readsPolicy: boolean
  /** An approved decision ends the step (rather than letting it run). */
  readonly endsWhenApproved: boolean
  /** A rejected decision is news the step goes on with (rather than the end of the run). */
  readonly goesOnWhenRejected: boolean
  /** The products the step needs beyond those of its skills. */
  readonly requires: ReadonlyArray<Product>
  /** The skills the step may call, as written. */
  readonly skillsOf: (step: JsonObject) => ReadonlyArray<string>
  /** Whether, in a heartbeat with no checklist item, the step would log nothing or ask a model about nothing. */
  readonly idleWithoutChecklist: (step: JsonObject, skills: SkillRegistry["Type"]) => boolean
  /** What the step does in a run. Nothing is stored here but what the step stores through `checkpoint`. */
  readonly execute: (call: StepCall) => Effect.Effect<StepOutcome, unknown, any>
}

/** A kind's defaults: no side effects, no tenant reads, no skills. */
export const plainStep = {
  sideEffects: false,
  readsEntitlements: false,
  readsPolicy: false,
  endsWhenApproved: false,
  goesOnWhenRejected: false,
  requires: [],
  skillsOf: () => [],
  idleWithoutChecklist: () => false
} as const satisfies Partial<StepKind>
