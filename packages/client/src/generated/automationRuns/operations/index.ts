// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationRuns group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { AutomationRunsWorkflowsOperations } from "./workflows.js"
import type { AutomationRunsRunsOperations } from "./runs.js"
import type { AutomationRunsApprovalsOperations } from "./approvals.js"

export interface AutomationRunsOperations extends AutomationRunsWorkflowsOperations, AutomationRunsRunsOperations, AutomationRunsApprovalsOperations {}
