/** @servicekit/core/automations — Automations' records, errors and services. */
export type { Flow, JsonObject, Workflow } from "../automations/records/Workflow.js"
export {
  type Approval,
  type ApprovalStatus,
  RUN_STATUSES,
  type Run,
  type RunStatus,
  type RunTakeover,
  type RunTrigger,
  type StepResult,
  type StepStatus
} from "../automations/records/Run.js"
export {
  WAITPOINT_STATUSES,
  type Waitpoint,
  type WaitpointKind,
  type WaitpointStatus
} from "../automations/records/Waitpoint.js"
export { FlowNotFound, WorkflowNotFound } from "../automations/AutomationsErrors.js"
export { WorkflowService } from "../automations/workflows/WorkflowService.js"
export { ReadoutService, SLO_WINDOW_DAYS } from "../automations/readouts/ReadoutService.js"

// agents, sessions, channels and governance
export type { Agent, RouteTarget } from "../automations/agents/Agent.js"
export type { AgentTurn, TurnVerdict } from "../automations/agents/AgentProtocol.js"
export {
  SESSION_SCOPES,
  type Session,
  type SessionEntry,
  type SessionRole,
  type SessionScope
} from "../automations/sessions/Session.js"
export { CHANNEL_TYPES, type Channel, type ChannelType } from "../automations/channels/Channel.js"
export type { MemoryAudit, MemoryEntry, ModelChoice, Policy, ToolProfile } from "../automations/governance/Governance.js"

// companion nodes
export {
  COMMAND_STATUSES,
  type CommandStatus,
  NODE_STATUSES,
  type Node,
  type NodeCommand,
  type NodeSkillId,
  type NodeStatus
} from "../automations/nodes/Node.js"
export { type CommandResult, NodeCommandService } from "../automations/nodes/NodeCommandService.js"
export { NodeService } from "../automations/nodes/NodeService.js"

// skill packs and sequences
export type {
  PackContent,
  PackInstallation,
  PackParameter,
  PackSummary,
  PackTemplate,
  PackVersion
} from "../automations/marketplace/Pack.js"
export { builtInPacks } from "../automations/marketplace/BuiltInPacks.js"
export { type MarketplacePack, MarketplaceService } from "../automations/marketplace/MarketplaceService.js"
export type { Sequence } from "../automations/sequences/Sequence.js"
export { type SequenceInput, type SequencePatch, SequenceService } from "../automations/sequences/SequenceService.js"
