// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationGovernance group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { AutomationGovernancePoliciesOperations } from "./policies.js"
import type { AutomationGovernanceModelsOperations } from "./models.js"
import type { AutomationGovernanceToolProfilesOperations } from "./toolProfiles.js"
import type { AutomationGovernanceMemoryOperations } from "./memory.js"

export interface AutomationGovernanceOperations extends AutomationGovernancePoliciesOperations, AutomationGovernanceModelsOperations, AutomationGovernanceToolProfilesOperations, AutomationGovernanceMemoryOperations {}
