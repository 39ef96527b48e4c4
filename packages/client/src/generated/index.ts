// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: every group's types and routes, as one contract.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { SharedSchemas } from "./shared.js"
import { type OperationsSchemas, type OperationsOperations, operationsRoutes } from "./operations.js"
import { type DevelopersOperations, developersRoutes } from "./developers.js"
import { type PlatformAdminSchemas, type PlatformAdminOperations, platformAdminRoutes } from "./platformAdmin.js"
import { type CallingSchemas, type CallingOperations, callingRoutes } from "./calling.js"
import { type CallsDashboardSchemas, type CallsDashboardOperations, callsDashboardRoutes } from "./callsDashboard.js"
import { type SipDashboardSchemas, type SipDashboardOperations, sipDashboardRoutes } from "./sipDashboard.js"
import { type SoftphoneSchemas, type SoftphoneOperations, softphoneRoutes } from "./softphone.js"
import { type ChatSchemas, type ChatOperations, chatRoutes } from "./chat.js"
import { type ChatDashboardOperations, chatDashboardRoutes } from "./chatDashboard.js"
import { type ChatPageOperations, chatPageRoutes } from "./chatPage.js"
import { type ChatVisitorSchemas, type ChatVisitorOperations, chatVisitorRoutes } from "./chatVisitor.js"
import { type WebhooksSchemas, type WebhooksOperations, webhooksRoutes } from "./webhooks.js"
import { type TransactionalSchemas, type TransactionalOperations, transactionalRoutes } from "./transactional.js"
import { type TransactionalDashboardSchemas, type TransactionalDashboardOperations, transactionalDashboardRoutes } from "./transactionalDashboard.js"
import { type GrowthConversationsSchemas, type GrowthConversationsOperations, growthConversationsRoutes } from "./growthConversations.js"
import { type AutomationsSchemas, type AutomationsOperations, automationsRoutes } from "./automations.js"
import { type AutomationRunsOperations, automationRunsRoutes } from "./automationRuns.js"
import { type AutomationHooksOperations, automationHooksRoutes } from "./automationHooks.js"
import { type AutomationGovernanceOperations, automationGovernanceRoutes } from "./automationGovernance.js"
import { type AutomationSessionsOperations, automationSessionsRoutes } from "./automationSessions.js"
import { type AutomationAgentsOperations, automationAgentsRoutes } from "./automationAgents.js"
import { type AutomationChannelsOperations, automationChannelsRoutes } from "./automationChannels.js"
import { type AutomationChannelInboundSchemas, type AutomationChannelInboundOperations, automationChannelInboundRoutes } from "./automationChannelInbound.js"
import { type AutomationReadoutsSchemas, type AutomationReadoutsOperations, automationReadoutsRoutes } from "./automationReadouts.js"
import { type AutomationNodesOperations, automationNodesRoutes } from "./automationNodes.js"
import { type AutomationNodeClaimSchemas, type AutomationNodeClaimOperations, automationNodeClaimRoutes } from "./automationNodeClaim.js"
import { type AutomationNodeDeviceSchemas, type AutomationNodeDeviceOperations, automationNodeDeviceRoutes } from "./automationNodeDevice.js"
import { type AutomationsDashboardSchemas, type AutomationsDashboardOperations, automationsDashboardRoutes } from "./automationsDashboard.js"
import { type AutomationSequencesOperations, automationSequencesRoutes } from "./automationSequences.js"
import { type AutomationSkillsSchemas, type AutomationSkillsOperations, automationSkillsRoutes } from "./automationSkills.js"

export type { webhooks } from "./webhooks.js"

interface schemas extends SharedSchemas, OperationsSchemas, PlatformAdminSchemas, CallingSchemas, CallsDashboardSchemas, SipDashboardSchemas, SoftphoneSchemas, ChatSchemas, ChatVisitorSchemas, WebhooksSchemas, TransactionalSchemas, TransactionalDashboardSchemas, GrowthConversationsSchemas, AutomationsSchemas, AutomationChannelInboundSchemas, AutomationReadoutsSchemas, AutomationNodeClaimSchemas, AutomationNodeDeviceSchemas, AutomationsDashboardSchemas, AutomationSkillsSchemas {}

export interface components {
    schemas: schemas;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}

export interface operations extends OperationsOperations, DevelopersOperations, PlatformAdminOperations, CallingOperations, CallsDashboardOperations, SipDashboardOperations, SoftphoneOperations, ChatOperations, ChatDashboardOperations, ChatPageOperations, ChatVisitorOperations, WebhooksOperations, TransactionalOperations, TransactionalDashboardOperations, GrowthConversationsOperations, AutomationsOperations, AutomationRunsOperations, AutomationHooksOperations, AutomationGovernanceOperations, AutomationSessionsOperations, AutomationAgentsOperations, AutomationChannelsOperations, AutomationChannelInboundOperations, AutomationReadoutsOperations, AutomationNodesOperations, AutomationNodeClaimOperations, AutomationNodeDeviceOperations, AutomationsDashboardOperations, AutomationSequencesOperations, AutomationSkillsOperations {}

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const routes = {
  ...operationsRoutes,
  ...developersRoutes,
  ...platformAdminRoutes,
  ...callingRoutes,
  ...callsDashboardRoutes,
  ...sipDashboardRoutes,
  ...softphoneRoutes,
  ...chatRoutes,
  ...chatDashboardRoutes,
  ...chatPageRoutes,
  ...chatVisitorRoutes,
  ...webhooksRoutes,
  ...transactionalRoutes,
  ...transactionalDashboardRoutes,
  ...growthConversationsRoutes,
  ...automationsRoutes,
  ...automationRunsRoutes,
  ...automationHooksRoutes,
  ...automationGovernanceRoutes,
  ...automationSessionsRoutes,
  ...automationAgentsRoutes,
  ...automationChannelsRoutes,
  ...automationChannelInboundRoutes,
  ...automationReadoutsRoutes,
  ...automationNodesRoutes,
  ...automationNodeClaimRoutes,
  ...automationNodeDeviceRoutes,
  ...automationsDashboardRoutes,
  ...automationSequencesRoutes,
  ...automationSkillsRoutes
} as const
