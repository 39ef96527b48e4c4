import type { Data, PageItem } from "@servicekit/client"

export type Run = Data<"automationsDashboard.getDashboardRun">
export type Step = Run["stepsResultJson"][number]
export type Approval = PageItem<"automationsDashboard.listDashboardApprovals">
export type Workflow = PageItem<"automationsDashboard.listDashboardWorkflows">
export type CompanionNode = PageItem<"automationsDashboard.listDashboardNodes">

/** The run statuses a run moves on from: its page keeps reading it while it is in one. */
export const UNFINISHED: ReadonlyArray<Run["status"]> = [
  "queued",
  "running",
  "waiting_approval",
  "waiting_node",
  "waiting_timer"
]

/** The ended run statuses a retry queues again. */
export const RETRYABLE: ReadonlyArray<Run["status"]> = ["failed", "cancelled", "expired"]

export const RUN_STATUSES: ReadonlyArray<Run["status"]> = [...UNFINISHED, "succeeded", ...RETRYABLE, "skipped"]

/** A status as a badge whose colour says whether it is over, and how. */
export const statusTone = (status: string) =>
  status === "succeeded" || status === "approved" || status === "paired"
    ? "active"
    : status === "failed" || status === "rejected" || status === "revoked" || status === "expired"
      ? "failed"
      : status === "cancelled" || status === "skipped"
        ? "closed"
        : "pending"

/** Any JSON value as indented text, for a `<pre>`: never markup. */
export const formatJson = (value: unknown) => JSON.stringify(value, null, 2) ?? "null"

export type SkillPack = PageItem<"automationsDashboard.listDashboardSkillPacks">
export type ToolProfile = PageItem<"automationsDashboard.listDashboardToolProfiles">
export type MemoryEntry = PageItem<"automationsDashboard.listDashboardMemory">
export type AutomationSession = PageItem<"automationsDashboard.listDashboardSessions">
export type Agent = PageItem<"automationsDashboard.listDashboardAgents">
export type Channel = PageItem<"automationsDashboard.listDashboardChannels">
export type Sequence = PageItem<"automationsDashboard.listDashboardSequences">
