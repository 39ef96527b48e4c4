import type {
  AgentRepository,
  ApprovalRepository,
  WaitpointRepository,
  AgentTurnRepository,
  ChannelRepository,
  FlowRepository,
  NodeCommandRepository,
  PackRepository,
  SequenceRepository,
  NodeRepository,
  MemoryAuditRepository,
  MemoryRepository,
  ModelChoiceRepository,
  PolicyRepository,
  RunRepository,
  SessionRepository,
  ToolProfileRepository,
  WorkflowRepository
} from "@servicekit/core/internal"
import { Layer } from "effect"
import type { KyselyModuleStorage } from "../ModuleStorage.js"
import * as Agents from "./Agents.js"
import * as AgentTurns from "./AgentTurns.js"
import * as Approvals from "./Approvals.js"
import * as Waitpoints from "./Waitpoints.js"
import * as Channels from "./Channels.js"
import * as Flows from "./Flows.js"
import * as Memory from "./Memory.js"
import * as MemoryAudit from "./MemoryAudit.js"
import * as migration0009 from "./migrations/0009_automations.js"
import * as migration0011 from "./migrations/0011_automation_runs.js"
import * as migration0012 from "./migrations/0012_automation_governance.js"
import * as migration0013 from "./migrations/0013_automation_event_triggers.js"
import * as migration0015 from "./migrations/0015_workflow_revision.js"
import * as migration0017 from "./migrations/0017_run_reservations.js"
import * as migration0018 from "./migrations/0018_automation_ai.js"
import * as migration0019 from "./migrations/0019_automation_agents.js"
import * as migration0020 from "./migrations/0020_automation_nodes.js"
import * as migration0021 from "./migrations/0021_automation_waits.js"
import * as migration0022 from "./migrations/0022_automation_sequences.js"
import * as migration0024 from "./migrations/0024_automation_skill_packs.js"
import * as migration0028 from "./migrations/0028_approval_cancelled.js"
import * as migration0029 from "./migrations/0029_hook_token_digests.js"
import * as migration0030 from "./migrations/0030_test_runs.js"
import * as migration0031 from "./migrations/0031_run_workers.js"
import * as migration0034 from "./migrations/0034_automation_waitpoints.js"
import * as agentTurnsMigration from "./migrations/automations/0001_agent_turns.js"
import * as stepResultsMigration from "./migrations/automations/0002_step_results.js"
import * as runExpiryMigration from "./migrations/automations/0003_run_expiry.js"
import * as runConcurrencyMigration from "./migrations/automations/0004_run_concurrency.js"
import * as nodeOfflineMigration from "./migrations/automations/0005_node_offline.js"
import * as nodeCommandRetentionMigration from "./migrations/automations/0006_node_command_retention.js"
import * as retentionMigration from "./migrations/automations/0007_retention.js"
import * as NodeCommands from "./nodes/NodeCommands.js"
import * as Packs from "./Packs.js"
import * as Sequences from "./Sequences.js"
import * as Nodes from "./nodes/Nodes.js"
import * as ModelChoices from "./ModelChoices.js"
import * as Policies from "./Policies.js"
import * as Runs from "./Runs.js"
import * as Sessions from "./Sessions.js"
import * as ToolProfiles from "./ToolProfiles.js"
import * as Workflows from "./Workflows.js"

/**
 * Automation workflows and their flows (the workflows' definitions over time), runs, the approvals
 * runs wait for, what governs runs (standing orders, model labels, tool profiles, memory and its audit),
 * agent profiles, sessions with their entries, channels, and companion nodes with their commands (nodes/).
 */
export const automationsStorage: KyselyModuleStorage<
  | WorkflowRepository
  | FlowRepository
  | RunRepository
  | ApprovalRepository
  | WaitpointRepository
  | AgentTurnRepository
  | PolicyRepository
  | ModelChoiceRepository
  | ToolProfileRepository
  | MemoryRepository
  | MemoryAuditRepository
  | AgentRepository
  | SessionRepository
  | ChannelRepository
  | NodeRepository
  | NodeCommandRepository
  | SequenceRepository
  | PackRepository
> = {
  // Its tables reference accounts' tenants.
  dependsOn: ["accounts"],
  migrations: {
    "0009_automations": migration0009,
    "0011_automation_runs": migration0011,
    "0012_automation_governance": migration0012,
    "0013_automation_event_triggers": migration0013,
    "0015_workflow_revision": migration0015,
    "0017_run_reservations": migration0017,
    "0018_automation_ai": migration0018,
    "0019_automation_agents": migration0019,
    "0020_automation_nodes": migration0020,
    "0021_automation_waits": migration0021,
    "0022_automation_sequences": migration0022,
    "0024_automation_skill_packs": migration0024,
    "0028_approval_cancelled": migration0028,
    "0029_hook_token_digests": migration0029,
    "0030_test_runs": migration0030,
    "0031_run_workers": migration0031,
    "0034_automation_waitpoints": migration0034,
    "automations/0001_agent_turns": agentTurnsMigration,
    "automations/0002_step_results": stepResultsMigration,
    "automations/0003_run_expiry": runExpiryMigration,
    "automations/0004_run_concurrency": runConcurrencyMigration,
    "automations/0005_node_offline": nodeOfflineMigration,
    "automations/0006_node_command_retention": nodeCommandRetentionMigration,
    "automations/0007_retention": retentionMigration
  },
  // What a run made before the run, a session's entries before the session.
  tenantTables: [
    "automation_agent_turns",
    "automation_step_results",
    "automation_waitpoints",
    "automation_approvals",
    "automation_node_commands",
    "automation_runs",
    "automation_nodes",
    "automation_session_entries",
    "automation_sessions",
    "automation_sequences",
    "automation_flows",
    "automation_workflows",
    "automation_agents",
    "automation_tool_profiles",
    "automation_channels",
    "automation_memory",
    "automation_memory_audit",
    "automation_model_choices",
    "automation_policies",
    "automation_skill_installs",
    "automation_skill_packs"
  ].map((table) => ({ table })),
  layer: Layer.mergeAll(
    Workflows.layer,
    Flows.layer,
    Runs.layer,
    Approvals.layer,
    Waitpoints.layer,
    AgentTurns.layer,
    Policies.layer,
    ModelChoices.layer,
    ToolProfiles.layer,
    Memory.layer,
    MemoryAudit.layer,
    Agents.layer,
    Sessions.layer,
    Channels.layer,
    Nodes.layer,
    NodeCommands.layer,
    Sequences.layer,
    Packs.layer
  )
}
