// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: every group's types and routes, as one contract.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { SharedSchemas } from "./shared/index.js"
import type { OperationsSchemas } from "./operations/schemas.js"
import type { PlatformAdminSchemas } from "./platformAdmin/schemas.js"
import type { ChatSchemas } from "./chat/schemas.js"
import type { ChatDashboardSchemas } from "./chatDashboard/schemas.js"
import type { ChatAppearanceSchemas } from "./chatAppearance/schemas.js"
import type { ChatVisitorSchemas } from "./chatVisitor/schemas.js"
import type { ChatWidgetSchemas } from "./chatWidget/schemas.js"
import type { ChatFileDownloadSchemas } from "./chatFileDownload/schemas.js"
import type { ChatWorkingHoursSchemas } from "./chatWorkingHours/schemas.js"
import type { WebhooksSchemas } from "./webhooks/schemas/index.js"
import type { CallingSchemas } from "./calling/schemas.js"
import type { CallsDashboardSchemas } from "./callsDashboard/schemas.js"
import type { SipDashboardSchemas } from "./sipDashboard/schemas.js"
import type { SoftphoneSchemas } from "./softphone/schemas.js"
import type { CarrierReportsSchemas } from "./carrierReports/schemas.js"
import type { HostedNumbersAdminSchemas } from "./hostedNumbersAdmin/schemas.js"
import type { MailDomainsSchemas } from "./mailDomains/schemas.js"
import type { SuppressionsSchemas } from "./suppressions/schemas.js"
import type { ReputationSchemas } from "./reputation/schemas.js"
import type { ReputationAdminSchemas } from "./reputationAdmin/schemas.js"
import type { TransactionalSchemas } from "./transactional/schemas.js"
import type { TransactionalDashboardSchemas } from "./transactionalDashboard/schemas.js"
import type { UnsubscribeSchemas } from "./unsubscribe/schemas.js"
import type { GrowthConversationsSchemas } from "./growthConversations/schemas.js"
import type { AutomationsSchemas } from "./automations/schemas.js"
import type { AutomationChannelInboundSchemas } from "./automationChannelInbound/schemas.js"
import type { AutomationReadoutsSchemas } from "./automationReadouts/schemas.js"
import type { AutomationNodeClaimSchemas } from "./automationNodeClaim/schemas.js"
import type { AutomationNodeDeviceSchemas } from "./automationNodeDevice/schemas.js"
import type { AutomationsDashboardSchemas } from "./automationsDashboard/schemas.js"
import type { AutomationSkillsSchemas } from "./automationSkills/schemas.js"
import type { OperationsOperations } from "./operations/operations.js"
import type { DevelopersOperations } from "./developers/operations.js"
import type { PlatformAdminOperations } from "./platformAdmin/operations/index.js"
import type { ChatOperations } from "./chat/operations/index.js"
import type { ChatDashboardOperations } from "./chatDashboard/operations/index.js"
import type { ChatAppearanceOperations } from "./chatAppearance/operations.js"
import type { ChatCannedResponsesOperations } from "./chatCannedResponses/operations.js"
import type { ChatCannedResponsesDashboardOperations } from "./chatCannedResponsesDashboard/operations.js"
import type { ChatPresenceOperations } from "./chatPresence/operations.js"
import type { ChatPresenceDashboardOperations } from "./chatPresenceDashboard/operations.js"
import type { ChatPageOperations } from "./chatPage/operations.js"
import type { ChatVisitorOperations } from "./chatVisitor/operations/index.js"
import type { ChatWidgetOperations } from "./chatWidget/operations.js"
import type { ChatFilesOperations } from "./chatFiles/operations.js"
import type { ChatFilesDashboardOperations } from "./chatFilesDashboard/operations.js"
import type { ChatFileDownloadOperations } from "./chatFileDownload/operations.js"
import type { ChatAssignmentOperations } from "./chatAssignment/operations.js"
import type { ChatAssignmentDashboardOperations } from "./chatAssignmentDashboard/operations.js"
import type { ChatWorkingHoursOperations } from "./chatWorkingHours/operations.js"
import type { WebhooksOperations } from "./webhooks/operations/index.js"
import type { CallingOperations } from "./calling/operations.js"
import type { CallsDashboardOperations } from "./callsDashboard/operations.js"
import type { SipDashboardOperations } from "./sipDashboard/operations.js"
import type { SoftphoneOperations } from "./softphone/operations.js"
import type { CarrierReportsOperations } from "./carrierReports/operations.js"
import type { HostedNumbersAdminOperations } from "./hostedNumbersAdmin/operations.js"
import type { MailDomainsOperations } from "./mailDomains/operations.js"
import type { SuppressionsOperations } from "./suppressions/operations.js"
import type { ReputationOperations } from "./reputation/operations.js"
import type { ReputationAdminOperations } from "./reputationAdmin/operations.js"
import type { TransactionalOperations } from "./transactional/operations/index.js"
import type { TransactionalDashboardOperations } from "./transactionalDashboard/operations/index.js"
import type { UnsubscribeOperations } from "./unsubscribe/operations.js"
import type { GrowthConversationsOperations } from "./growthConversations/operations.js"
import type { AutomationsOperations } from "./automations/operations/index.js"
import type { AutomationRunsOperations } from "./automationRuns/operations/index.js"
import type { AutomationHooksOperations } from "./automationHooks/operations.js"
import type { AutomationGovernanceOperations } from "./automationGovernance/operations/index.js"
import type { AutomationSessionsOperations } from "./automationSessions/operations.js"
import type { AutomationAgentsOperations } from "./automationAgents/operations.js"
import type { AutomationChannelsOperations } from "./automationChannels/operations.js"
import type { AutomationChannelInboundOperations } from "./automationChannelInbound/operations.js"
import type { AutomationReadoutsOperations } from "./automationReadouts/operations.js"
import type { AutomationNodesOperations } from "./automationNodes/operations.js"
import type { AutomationNodeClaimOperations } from "./automationNodeClaim/operations.js"
import type { AutomationNodeDeviceOperations } from "./automationNodeDevice/operations.js"
import type { AutomationsDashboardOperations } from "./automationsDashboard/operations/index.js"
import type { AutomationSequencesOperations } from "./automationSequences/operations.js"
import type { AutomationSkillsOperations } from "./automationSkills/operations.js"
import type { RetentionOperations } from "./retention/operations.js"
import type { RetentionAdminOperations } from "./retentionAdmin/operations.js"
import { operationsRoutes } from "./operations/routes.js"
import { developersRoutes } from "./developers/routes.js"
import { platformAdminRoutes } from "./platformAdmin/routes.js"
import { chatRoutes } from "./chat/routes.js"
import { chatDashboardRoutes } from "./chatDashboard/routes.js"
import { chatAppearanceRoutes } from "./chatAppearance/routes.js"
import { chatCannedResponsesRoutes } from "./chatCannedResponses/routes.js"
import { chatCannedResponsesDashboardRoutes } from "./chatCannedResponsesDashboard/routes.js"
import { chatPresenceRoutes } from "./chatPresence/routes.js"
import { chatPresenceDashboardRoutes } from "./chatPresenceDashboard/routes.js"
import { chatPageRoutes } from "./chatPage/routes.js"
import { chatVisitorRoutes } from "./chatVisitor/routes.js"
import { chatWidgetRoutes } from "./chatWidget/routes.js"
import { chatFilesRoutes } from "./chatFiles/routes.js"
import { chatFilesDashboardRoutes } from "./chatFilesDashboard/routes.js"
import { chatFileDownloadRoutes } from "./chatFileDownload/routes.js"
import { chatAssignmentRoutes } from "./chatAssignment/routes.js"
import { chatAssignmentDashboardRoutes } from "./chatAssignmentDashboard/routes.js"
import { chatWorkingHoursRoutes } from "./chatWorkingHours/routes.js"
import { webhooksRoutes } from "./webhooks/routes.js"
import { callingRoutes } from "./calling/routes.js"
import { callsDashboardRoutes } from "./callsDashboard/routes.js"
import { sipDashboardRoutes } from "./sipDashboard/routes.js"
import { softphoneRoutes } from "./softphone/routes.js"
import { carrierReportsRoutes } from "./carrierReports/routes.js"
import { hostedNumbersAdminRoutes } from "./hostedNumbersAdmin/routes.js"
import { mailDomainsRoutes } from "./mailDomains/routes.js"
import { suppressionsRoutes } from "./suppressions/routes.js"
import { reputationRoutes } from "./reputation/routes.js"
import { reputationAdminRoutes } from "./reputationAdmin/routes.js"
import { transactionalRoutes } from "./transactional/routes.js"
import { transactionalDashboardRoutes } from "./transactionalDashboard/routes.js"
import { unsubscribeRoutes } from "./unsubscribe/routes.js"
import { growthConversationsRoutes } from "./growthConversations/routes.js"
import { automationsRoutes } from "./automations/routes.js"
import { automationRunsRoutes } from "./automationRuns/routes.js"
import { automationHooksRoutes } from "./automationHooks/routes.js"
import { automationGovernanceRoutes } from "./automationGovernance/routes.js"
import { automationSessionsRoutes } from "./automationSessions/routes.js"
import { automationAgentsRoutes } from "./automationAgents/routes.js"
import { automationChannelsRoutes } from "./automationChannels/routes.js"
import { automationChannelInboundRoutes } from "./automationChannelInbound/routes.js"
import { automationReadoutsRoutes } from "./automationReadouts/routes.js"
import { automationNodesRoutes } from "./automationNodes/routes.js"
import { automationNodeClaimRoutes } from "./automationNodeClaim/routes.js"
import { automationNodeDeviceRoutes } from "./automationNodeDevice/routes.js"
import { automationsDashboardRoutes } from "./automationsDashboard/routes.js"
import { automationSequencesRoutes } from "./automationSequences/routes.js"
import { automationSkillsRoutes } from "./automationSkills/routes.js"
import { retentionRoutes } from "./retention/routes.js"
import { retentionAdminRoutes } from "./retentionAdmin/routes.js"

export type { webhooks } from "./webhooks/events/index.js"

interface schemas extends SharedSchemas, OperationsSchemas, PlatformAdminSchemas, ChatSchemas, ChatDashboardSchemas, ChatAppearanceSchemas, ChatVisitorSchemas, ChatWidgetSchemas, ChatFileDownloadSchemas, ChatWorkingHoursSchemas, WebhooksSchemas, CallingSchemas, CallsDashboardSchemas, SipDashboardSchemas, SoftphoneSchemas, CarrierReportsSchemas, HostedNumbersAdminSchemas, MailDomainsSchemas, SuppressionsSchemas, ReputationSchemas, ReputationAdminSchemas, TransactionalSchemas, TransactionalDashboardSchemas, UnsubscribeSchemas, GrowthConversationsSchemas, AutomationsSchemas, AutomationChannelInboundSchemas, AutomationReadoutsSchemas, AutomationNodeClaimSchemas, AutomationNodeDeviceSchemas, AutomationsDashboardSchemas, AutomationSkillsSchemas {}

export interface components {
    schemas: schemas;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}

export interface operations extends OperationsOperations, DevelopersOperations, PlatformAdminOperations, ChatOperations, ChatDashboardOperations, ChatAppearanceOperations, ChatCannedResponsesOperations, ChatCannedResponsesDashboardOperations, ChatPresenceOperations, ChatPresenceDashboardOperations, ChatPageOperations, ChatVisitorOperations, ChatWidgetOperations, ChatFilesOperations, ChatFilesDashboardOperations, ChatFileDownloadOperations, ChatAssignmentOperations, ChatAssignmentDashboardOperations, ChatWorkingHoursOperations, WebhooksOperations, CallingOperations, CallsDashboardOperations, SipDashboardOperations, SoftphoneOperations, CarrierReportsOperations, HostedNumbersAdminOperations, MailDomainsOperations, SuppressionsOperations, ReputationOperations, ReputationAdminOperations, TransactionalOperations, TransactionalDashboardOperations, UnsubscribeOperations, GrowthConversationsOperations, AutomationsOperations, AutomationRunsOperations, AutomationHooksOperations, AutomationGovernanceOperations, AutomationSessionsOperations, AutomationAgentsOperations, AutomationChannelsOperations, AutomationChannelInboundOperations, AutomationReadoutsOperations, AutomationNodesOperations, AutomationNodeClaimOperations, AutomationNodeDeviceOperations, AutomationsDashboardOperations, AutomationSequencesOperations, AutomationSkillsOperations, RetentionOperations, RetentionAdminOperations {}

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const routes = {
  ...operationsRoutes,
  ...developersRoutes,
  ...platformAdminRoutes,
  ...chatRoutes,
  ...chatDashboardRoutes,
  ...chatAppearanceRoutes,
  ...chatCannedResponsesRoutes,
  ...chatCannedResponsesDashboardRoutes,
  ...chatPresenceRoutes,
  ...chatPresenceDashboardRoutes,
  ...chatPageRoutes,
  ...chatVisitorRoutes,
  ...chatWidgetRoutes,
  ...chatFilesRoutes,
  ...chatFilesDashboardRoutes,
  ...chatFileDownloadRoutes,
  ...chatAssignmentRoutes,
  ...chatAssignmentDashboardRoutes,
  ...chatWorkingHoursRoutes,
  ...webhooksRoutes,
  ...callingRoutes,
  ...callsDashboardRoutes,
  ...sipDashboardRoutes,
  ...softphoneRoutes,
  ...carrierReportsRoutes,
  ...hostedNumbersAdminRoutes,
  ...mailDomainsRoutes,
  ...suppressionsRoutes,
  ...reputationRoutes,
  ...reputationAdminRoutes,
  ...transactionalRoutes,
  ...transactionalDashboardRoutes,
  ...unsubscribeRoutes,
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
  ...automationSkillsRoutes,
  ...retentionRoutes,
  ...retentionAdminRoutes
} as const
