// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { SharedCommonSchemasSchemas } from "./common/schemas.js"
import type { SharedCommonErrorsSchemas } from "./common/errors.js"
import type { SharedChatSchemasSchemas } from "./chat/schemas.js"
import type { SharedChatErrorsSchemas } from "./chat/errors.js"
import type { SharedTransactionalSchemas } from "./transactional.js"
import type { SharedAutomationSchemasAutomationsSchemas } from "./automation/schemas/automations.js"
import type { SharedAutomationSchemasAutomationRunsSchemas } from "./automation/schemas/automationRuns.js"
import type { SharedAutomationSchemasAutomationGovernanceSchemas } from "./automation/schemas/automationGovernance.js"
import type { SharedAutomationSchemasAutomationSessionsSchemas } from "./automation/schemas/automationSessions.js"
import type { SharedAutomationSchemasAutomationAgentsSchemas } from "./automation/schemas/automationAgents.js"
import type { SharedAutomationSchemasAutomationChannelsSchemas } from "./automation/schemas/automationChannels.js"
import type { SharedAutomationSchemasAutomationReadoutsSchemas } from "./automation/schemas/automationReadouts.js"
import type { SharedAutomationSchemasAutomationNodesSchemas } from "./automation/schemas/automationNodes.js"
import type { SharedAutomationSchemasAutomationSequencesSchemas } from "./automation/schemas/automationSequences.js"
import type { SharedAutomationSchemasAutomationSkillsSchemas } from "./automation/schemas/automationSkills.js"
import type { SharedAutomationErrorsSchemas } from "./automation/errors.js"
import type { SharedRetentionSchemas } from "./retention.js"

export interface SharedSchemas extends SharedCommonSchemasSchemas, SharedCommonErrorsSchemas, SharedChatSchemasSchemas, SharedChatErrorsSchemas, SharedTransactionalSchemas, SharedAutomationSchemasAutomationsSchemas, SharedAutomationSchemasAutomationRunsSchemas, SharedAutomationSchemasAutomationGovernanceSchemas, SharedAutomationSchemasAutomationSessionsSchemas, SharedAutomationSchemasAutomationAgentsSchemas, SharedAutomationSchemasAutomationChannelsSchemas, SharedAutomationSchemasAutomationReadoutsSchemas, SharedAutomationSchemasAutomationNodesSchemas, SharedAutomationSchemasAutomationSequencesSchemas, SharedAutomationSchemasAutomationSkillsSchemas, SharedAutomationErrorsSchemas, SharedRetentionSchemas {}
