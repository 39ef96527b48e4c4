// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationSequences group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { AutomationSequencesSequencesOperations } from "./sequences.js"
import type { AutomationSequencesRunOperations } from "./run.js"

export interface AutomationSequencesOperations extends AutomationSequencesSequencesOperations, AutomationSequencesRunOperations {}
