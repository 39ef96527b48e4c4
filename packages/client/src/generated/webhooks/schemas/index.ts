// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { WebhooksWebhooksSchemas } from "./webhooks.js"
import type { WebhooksDeliveriesSchemas } from "./deliveries.js"
import type { WebhooksCommonSchemas } from "./common.js"
import type { WebhooksRecoverSchemas } from "./recover.js"
import type { WebhooksEventsMessageCreatedEventSchemas } from "./events/messageCreatedEvent.js"
import type { WebhooksEventsConversationCreatedEventSchemas } from "./events/conversationCreatedEvent.js"
import type { WebhooksEventsConversationClosedEventSchemas } from "./events/conversationClosedEvent.js"
import type { WebhooksEventsConversationAssignedEventSchemas } from "./events/conversationAssignedEvent.js"
import type { WebhooksEventsCsatSubmittedEventSchemas } from "./events/csatSubmittedEvent.js"
import type { WebhooksEventsEmailSentEventSchemas } from "./events/emailSentEvent.js"
import type { WebhooksEventsEmailFailedEventSchemas } from "./events/emailFailedEvent.js"
import type { WebhooksEventsEmailBouncedEventSchemas } from "./events/emailBouncedEvent.js"
import type { WebhooksEventsEmailComplainedEventSchemas } from "./events/emailComplainedEvent.js"
import type { WebhooksEventsRunSucceededEventSchemas } from "./events/runSucceededEvent.js"
import type { WebhooksEventsRunSummarySchemas } from "./events/runSummary.js"
import type { WebhooksEventsRunFailedEventSchemas } from "./events/runFailedEvent.js"
import type { WebhooksEventsRunCancelledEventSchemas } from "./events/runCancelledEvent.js"
import type { WebhooksEventsRunExpiredEventSchemas } from "./events/runExpiredEvent.js"
import type { WebhooksEventsApprovalRequestedEventSchemas } from "./events/approvalRequestedEvent.js"
import type { WebhooksEventsApprovalDecidedEventSchemas } from "./events/approvalDecidedEvent.js"
import type { WebhooksEventsNodeOfflineEventSchemas } from "./events/nodeOfflineEvent.js"
import type { WebhooksEventsOfflineNodeSchemas } from "./events/offlineNode.js"
import type { WebhooksEventsEndpointDisabledEventSchemas } from "./events/endpointDisabledEvent.js"
import type { WebhooksEventsWebhookTestEventSchemas } from "./events/webhookTestEvent.js"

export interface WebhooksSchemas extends WebhooksWebhooksSchemas, WebhooksDeliveriesSchemas, WebhooksCommonSchemas, WebhooksRecoverSchemas, WebhooksEventsMessageCreatedEventSchemas, WebhooksEventsConversationCreatedEventSchemas, WebhooksEventsConversationClosedEventSchemas, WebhooksEventsConversationAssignedEventSchemas, WebhooksEventsCsatSubmittedEventSchemas, WebhooksEventsEmailSentEventSchemas, WebhooksEventsEmailFailedEventSchemas, WebhooksEventsEmailBouncedEventSchemas, WebhooksEventsEmailComplainedEventSchemas, WebhooksEventsRunSucceededEventSchemas, WebhooksEventsRunSummarySchemas, WebhooksEventsRunFailedEventSchemas, WebhooksEventsRunCancelledEventSchemas, WebhooksEventsRunExpiredEventSchemas, WebhooksEventsApprovalRequestedEventSchemas, WebhooksEventsApprovalDecidedEventSchemas, WebhooksEventsNodeOfflineEventSchemas, WebhooksEventsOfflineNodeSchemas, WebhooksEventsEndpointDisabledEventSchemas, WebhooksEventsWebhookTestEventSchemas {}
