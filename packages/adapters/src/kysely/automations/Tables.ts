import type { Flow, Workflow } from "@servicekit/core"
import type { ColumnType } from "kysely"

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

export interface AutomationsTables {
  readonly automation_workflows: AutomationWorkflowsTable
  readonly automation_flows: AutomationFlowsTable
}
