import type { JsonObject } from "../records/Workflow.js"

/**
 * A sequence: an ordered list of timed steps ("send this email, wait 2 days, post that message"),
 * written with the workflow step types (`wait` for the pauses). It is materialised into a workflow
 * of its own, with a manual trigger, which its runs follow; see SequenceService.
 */
export interface Sequence {
  readonly id: string
  readonly tenantId: string
  readonly name: string
  readonly steps: ReadonlyArray<JsonObject>
  /** The workflow it is materialised into. */
  readonly workflowId: string
  /** 1, and one more with each change. */
  readonly revision: number
  readonly createdAt: Date
  readonly updatedAt: Date
}
