// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhook events, each the operation a receiver answers.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { WebhookMessageCreatedEvent } from "./messageCreated.js"
import type { WebhookConversationCreatedEvent } from "./conversationCreated.js"
import type { WebhookConversationClosedEvent } from "./conversationClosed.js"
import type { WebhookConversationAssignedEvent } from "./conversationAssigned.js"
import type { WebhookCsatSubmittedEvent } from "./csatSubmitted.js"
import type { WebhookEmailSentEvent } from "./emailSent.js"
import type { WebhookEmailFailedEvent } from "./emailFailed.js"
import type { WebhookEmailBouncedEvent } from "./emailBounced.js"
import type { WebhookEmailComplainedEvent } from "./emailComplained.js"
import type { WebhookEmailDeliveredEvent } from "./emailDelivered.js"
import type { WebhookEmailDeferredEvent } from "./emailDeferred.js"
import type { WebhookRunSucceededEvent } from "./runSucceeded.js"
import type { WebhookRunFailedEvent } from "./runFailed.js"
import type { WebhookRunCancelledEvent } from "./runCancelled.js"
import type { WebhookRunExpiredEvent } from "./runExpired.js"
import type { WebhookApprovalRequestedEvent } from "./approvalRequested.js"
import type { WebhookApprovalDecidedEvent } from "./approvalDecided.js"
import type { WebhookNodeOfflineEvent } from "./nodeOffline.js"
import type { WebhookEndpointDisabledEvent } from "./endpointDisabled.js"
import type { WebhookSendingWarningEvent } from "./sendingWarning.js"
import type { WebhookSendingPausedEvent } from "./sendingPaused.js"
import type { WebhookSendingResumedEvent } from "./sendingResumed.js"
import type { WebhookWebhookTestEvent } from "./webhookTest.js"

export interface webhooks extends WebhookMessageCreatedEvent, WebhookConversationCreatedEvent, WebhookConversationClosedEvent, WebhookConversationAssignedEvent, WebhookCsatSubmittedEvent, WebhookEmailSentEvent, WebhookEmailFailedEvent, WebhookEmailBouncedEvent, WebhookEmailComplainedEvent, WebhookEmailDeliveredEvent, WebhookEmailDeferredEvent, WebhookRunSucceededEvent, WebhookRunFailedEvent, WebhookRunCancelledEvent, WebhookRunExpiredEvent, WebhookApprovalRequestedEvent, WebhookApprovalDecidedEvent, WebhookNodeOfflineEvent, WebhookEndpointDisabledEvent, WebhookSendingWarningEvent, WebhookSendingPausedEvent, WebhookSendingResumedEvent, WebhookWebhookTestEvent {}
