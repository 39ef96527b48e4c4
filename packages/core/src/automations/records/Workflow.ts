/** The records of Automations' workflows and their flows. */

/** A JSON object as stored: trigger and step definitions are validated before they get here. */
export type JsonObject = { readonly [key: string]: unknown }

export const isJsonObject = (value: unknown): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

export interface Workflow {
  readonly id: string
  readonly tenantId: string
  readonly name: string
  readonly active: boolean
  /** `{ schemaVersion: 1, type, ... }`, validated at write time. */
  readonly trigger: JsonObject
  /** Steps of type skill, deliver, log, agent or approval, validated at write time. */
  readonly steps: ReadonlyArray<JsonObject>
  /** The workflow's flow: its revisions. */
  readonly flowId: string
  /** The flow's revision this definition is (1 when created, one more with each change). */
  readonly revision: number
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** A workflow as the write that set its webhook token answers it: with the token, shown this once. */
export interface WrittenWorkflow extends Workflow {
  readonly hookToken?: string | undefined
}

/**
 * A workflow's definition over time (`automation_flows`): each change bumps the revision and
 * stores the definition as it now stands, so that a run can name the revision it ran. A deleted
 * workflow's flow stays, marked deleted, for the runs that refer to it.
 */
export interface Flow {
  readonly id: string
  readonly tenantId: string
  readonly workflowId: string
  readonly revision: number
  /** `{ name, active, triggerJson, stepsJson, deleted }` at this revision. */
  readonly state: JsonObject
  readonly createdAt: Date
  readonly updatedAt: Date
}
