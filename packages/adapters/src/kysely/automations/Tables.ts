import type { WorkerIdentity } from "@servicekit/core"
import type {
  AgentTurn,
  ApprovalStatus,
  Channel,
  ChannelType,
  CommandStatus,
  Flow,
  MemoryAudit,
  NodeCommand,
  NodeStatus,
  PackContent,
  PackSummary,
  Run,
  RunStatus,
  RunTakeover,
  StepStatus,
  SessionEntry,
  SessionRole,
  SessionScope,
  WaitpointStatus,
  Workflow
} from "@servicekit/core/automations"
import type { ColumnType, Generated } from "kysely"

/** JSON written as text, so that pg and PGlite serialise it the same way, and read back parsed. */
type JsonColumn<A> = ColumnType<A, string, string>

/** Tables of the automations module (column names as in SQL, see migrations/). */
export interface AutomationWorkflowsTable {
  readonly tenant_id: string
  readonly id: string
  readonly name: string
  readonly active: boolean
  readonly trigger: JsonColumn<Workflow["trigger"]>
  readonly steps: JsonColumn<Workflow["steps"]>
  readonly flow_id: string
  readonly revision: number
  readonly created_at: Date
  readonly updated_at: Date
}

export interface AutomationFlowsTable {
  readonly tenant_id: string
  readonly id: string
  readonly workflow_id: string
  readonly revision: number
  readonly state: JsonColumn<Flow["state"]>
  readonly created_at: Date
  readonly updated_at: Date
}

/** A step result as JSON (a run's results read in one column): its times are ISO strings. */
export interface StoredStepResult extends Omit<Run["results"][number], "startedAt" | "finishedAt"> {
  readonly startedAt: string
  readonly finishedAt: string | null
}

/** One step's result of a run: the latest try of the step. */
export interface AutomationStepResultsTable {
  readonly tenant_id: string
  readonly run_id: string
  readonly step_index: number
  readonly type: string
  readonly name: string | null
  readonly status: StepStatus
  readonly output: JsonColumn<unknown>
  readonly output_text: string | null
  readonly error: string | null
  readonly attempt: number
  readonly approved: boolean
  readonly worker: ColumnType<WorkerIdentity | null, string | null, string | null>
  readonly started_at: Date
  readonly finished_at: Date | null
}

export interface AutomationRunsTable {
  readonly tenant_id: string
  readonly id: string
  readonly workflow_id: string
  readonly flow_id: string
  readonly revision: number
  readonly steps: JsonColumn<Run["steps"]>
  readonly status: RunStatus
  readonly attempt: number
  readonly trigger_type: string
  readonly trigger_event: string | null
  readonly context: string
  readonly payload: JsonColumn<Run["payload"]>
  readonly parent_run_id: string | null
  /** Started with a test key: its emails go to the test mailbox. */
  readonly test: Generated<boolean>
  readonly idempotency_key: string | null
  readonly reason: string | null
  /** The run's time to live (null without one): see migrations/automations/0003_run_expiry.ts. */
  readonly expires_at: Date | null
  readonly lease_until: Date | null
  readonly held_by: ColumnType<WorkerIdentity | null, string | null, string | null>
  readonly takeovers: JsonColumn<ReadonlyArray<StoredTakeover>>
  readonly concurrency_key: string | null
  readonly concurrency_limit: number | null
  readonly parked_at: Date | null
  readonly created_at: Date
  readonly started_at: Date | null
  readonly finished_at: Date | null
  readonly updated_at: Date
}

/** A takeover as JSON: its times as text. */
export interface StoredTakeover extends Omit<RunTakeover, "at" | "leaseExpiredAt"> {
  readonly at: string
  readonly leaseExpiredAt: string | null
}

export interface AutomationApprovalsTable {
  readonly tenant_id: string
  readonly id: string
  readonly run_id: string
  readonly workflow_id: string
  readonly step_index: number
  readonly title: string
  readonly skill_id: string | null
  readonly input: ColumnType<Run["payload"] | null, string | null, string | null>
  readonly status: ApprovalStatus
  readonly note: string | null
  readonly expires_at: Date
  readonly decided_at: Date | null
  readonly created_at: Date
  readonly updated_at: Date
}

export interface AutomationWaitpointsTable {
  readonly tenant_id: string
  readonly id: string
  readonly run_id: string
  readonly step_index: number
  readonly kind: string
  readonly status: WaitpointStatus
  readonly resource_id: string | null
  readonly due_at: Date
  readonly created_at: Date
  readonly completed_at: Date | null
}

export interface AutomationAgentTurnsTable {
  readonly tenant_id: string
  readonly run_id: string
  readonly run_attempt: number
  readonly step_index: number
  readonly turn: number
  readonly data: JsonColumn<AgentTurn>
}

export interface AutomationPoliciesTable {
  readonly tenant_id: string
  readonly standing_orders: string
  readonly updated_at: Date
}

export interface AutomationModelChoicesTable {
  readonly tenant_id: string
  readonly primary_label: string
  readonly failover: JsonColumn<ReadonlyArray<string>>
  readonly updated_at: Date
}

export interface AutomationToolProfilesTable {
  readonly tenant_id: string
  readonly id: string
  readonly name: string
  readonly allow: JsonColumn<ReadonlyArray<string>>
  readonly deny: JsonColumn<ReadonlyArray<string>>
  readonly require_approval_skills: JsonColumn<ReadonlyArray<string>>
  readonly created_at: Date
  readonly updated_at: Date
}

export interface AutomationMemoryTable {
  readonly tenant_id: string
  readonly id: string
  readonly key: string
  /** Any JSON, a bare string or null too. */
  readonly value: JsonColumn<unknown>
  readonly created_at: Date
  readonly updated_at: Date
}

export interface AutomationMemoryAuditTable {
  readonly tenant_id: string
  readonly id: string
  readonly key: string
  readonly action: MemoryAudit["action"]
  readonly actor: string
  readonly created_at: Date
}

export interface AutomationAgentsTable {
  readonly tenant_id: string
  readonly id: string
  readonly name: string
  readonly instructions: string
  readonly model: string | null
  readonly tool_profile: string | null
  readonly skills: JsonColumn<ReadonlyArray<string>>
  readonly route_keys: JsonColumn<ReadonlyArray<string>>
  readonly is_default: boolean
  readonly created_at: Date
  readonly updated_at: Date
}

export interface AutomationSessionsTable {
  readonly tenant_id: string
  readonly id: string
  readonly scope: SessionScope
  readonly agent_id: string | null
  readonly peer: string | null
  readonly key: string
  readonly title: string | null
  readonly compacted_through: number
  readonly summary_seq: number | null
  readonly next_seq: number
  readonly created_at: Date
  readonly updated_at: Date
}

export interface AutomationSessionEntriesTable {
  readonly tenant_id: string
  readonly id: string
  readonly session_id: string
  readonly seq: number
  readonly role: SessionRole
  readonly content: string
  readonly tool_call: ColumnType<SessionEntry["toolCall"], string | null, string | null>
  readonly call_seq: number | null
  readonly covers: ColumnType<SessionEntry["covers"], string | null, string | null>
  readonly source: string | null
  readonly tokens: number
  readonly created_at: Date
}

export interface AutomationChannelsTable {
  readonly tenant_id: string
  readonly id: string
  readonly name: string
  readonly type: ChannelType
  readonly config: JsonColumn<Channel["config"]>
  readonly inbound_secret: string | null
  readonly created_at: Date
  readonly updated_at: Date
}

export interface AutomationNodesTable {
  readonly tenant_id: string
  readonly id: string
  readonly name: string
  readonly status: NodeStatus
  readonly platform: string | null
  readonly version: string | null
  readonly capabilities: JsonColumn<ReadonlyArray<string>>
  readonly allow_system: boolean
  readonly allow_browser: boolean
  readonly allowed_binaries: JsonColumn<ReadonlyArray<string>>
  readonly allowed_hosts: JsonColumn<ReadonlyArray<string>>
  readonly pairing_code_digest: string | null
  readonly pairing_expires_at: Date | null
  readonly device_secret_digest: string | null
  readonly paired_at: Date | null
  readonly last_seen_at: Date | null
  readonly offline_since: Date | null
  readonly revoked_at: Date | null
  readonly created_at: Date
  readonly updated_at: Date
}

export interface AutomationNodeCommandsTable {
  readonly tenant_id: string
  readonly id: string
  readonly node_id: string
  readonly run_id: string | null
  readonly idempotency_key: string
  readonly command: string
  readonly params: JsonColumn<NodeCommand["params"]>
  readonly status: CommandStatus
  readonly deliveries: number
  readonly delivered_at: Date | null
  readonly expires_at: Date
  readonly output: string | null
  readonly data: string | null
  readonly mime_type: string | null
  readonly error_code: string | null
  readonly error_message: string | null
  readonly completed_at: Date | null
  readonly created_at: Date
  readonly updated_at: Date
}

export interface AutomationSequencesTable {
  readonly tenant_id: string
  readonly id: string
  readonly name: string
  readonly steps: JsonColumn<Workflow["steps"]>
  readonly workflow_id: string
  readonly revision: number
  readonly created_at: Date
  readonly updated_at: Date
}

export interface AutomationSkillPacksTable {
  readonly tenant_id: string
  readonly pack_id: string
  readonly version: string
  readonly digest: string
  readonly summary: JsonColumn<PackSummary>
  readonly content: JsonColumn<PackContent>
  readonly created_at: Date
}

export interface AutomationSkillInstallsTable {
  readonly tenant_id: string
  readonly pack_id: string
  readonly version: string
  readonly digest: string
  readonly installed_at: Date
  readonly updated_at: Date
}

export interface AutomationsTables {
  readonly automation_workflows: AutomationWorkflowsTable
  readonly automation_flows: AutomationFlowsTable
  readonly automation_runs: AutomationRunsTable
  readonly automation_step_results: AutomationStepResultsTable
  readonly automation_approvals: AutomationApprovalsTable
  readonly automation_waitpoints: AutomationWaitpointsTable
  readonly automation_agent_turns: AutomationAgentTurnsTable
  readonly automation_policies: AutomationPoliciesTable
  readonly automation_model_choices: AutomationModelChoicesTable
  readonly automation_tool_profiles: AutomationToolProfilesTable
  readonly automation_memory: AutomationMemoryTable
  readonly automation_memory_audit: AutomationMemoryAuditTable
  readonly automation_agents: AutomationAgentsTable
  readonly automation_sessions: AutomationSessionsTable
  readonly automation_session_entries: AutomationSessionEntriesTable
  readonly automation_channels: AutomationChannelsTable
  readonly automation_nodes: AutomationNodesTable
  readonly automation_node_commands: AutomationNodeCommandsTable
  readonly automation_sequences: AutomationSequencesTable
  readonly automation_skill_packs: AutomationSkillPacksTable
  readonly automation_skill_installs: AutomationSkillInstallsTable
}
