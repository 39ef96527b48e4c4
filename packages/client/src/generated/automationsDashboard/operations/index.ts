// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationsDashboard group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { AutomationsDashboardWorkflowsOperations } from "./workflows.js"
import type { AutomationsDashboardSequencesOperations } from "./sequences.js"
import type { AutomationsDashboardConsoleOperations } from "./console.js"
import type { AutomationsDashboardAgentsOperations } from "./agents.js"
import type { AutomationsDashboardRunsOperations } from "./runs.js"
import type { AutomationsDashboardSessionsOperations } from "./sessions.js"
import type { AutomationsDashboardApprovalsOperations } from "./approvals.js"
import type { AutomationsDashboardNodesOperations } from "./nodes.js"
import type { AutomationsDashboardSkillsOperations } from "./skills.js"
import type { AutomationsDashboardPoliciesOperations } from "./policies.js"
import type { AutomationsDashboardModelsOperations } from "./models.js"
import type { AutomationsDashboardToolProfilesOperations } from "./toolProfiles.js"
import type { AutomationsDashboardMemoryOperations } from "./memory.js"
import type { AutomationsDashboardChannelsOperations } from "./channels.js"
import type { AutomationsDashboardAutomationsOperations } from "./automations.js"

export interface AutomationsDashboardOperations extends AutomationsDashboardWorkflowsOperations, AutomationsDashboardSequencesOperations, AutomationsDashboardConsoleOperations, AutomationsDashboardAgentsOperations, AutomationsDashboardRunsOperations, AutomationsDashboardSessionsOperations, AutomationsDashboardApprovalsOperations, AutomationsDashboardNodesOperations, AutomationsDashboardSkillsOperations, AutomationsDashboardPoliciesOperations, AutomationsDashboardModelsOperations, AutomationsDashboardToolProfilesOperations, AutomationsDashboardMemoryOperations, AutomationsDashboardChannelsOperations, AutomationsDashboardAutomationsOperations {}
