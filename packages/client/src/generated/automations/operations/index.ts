// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automations group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { AutomationsAutomationsOperations } from "./automations.js"
import type { AutomationsWorkflowsOperations } from "./workflows.js"
import type { AutomationsFlowsOperations } from "./flows.js"

export interface AutomationsOperations extends AutomationsAutomationsOperations, AutomationsWorkflowsOperations, AutomationsFlowsOperations {}
