// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhooks group's operations: events.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../index.js"

export interface WebhooksEventsOperations {
    readonly "webhook.message.created": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["MessageCreatedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.conversation.created": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["ConversationCreatedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.conversation.closed": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["ConversationClosedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.conversation.assigned": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["ConversationAssignedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.csat.submitted": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["CsatSubmittedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.email.sent": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["EmailSentEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.email.failed": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["EmailFailedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.email.bounced": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["EmailBouncedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.email.complained": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["EmailComplainedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.email.delivered": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["EmailDeliveredEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.email.deferred": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["EmailDeferredEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.run.succeeded": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["RunSucceededEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.run.failed": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["RunFailedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.run.cancelled": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["RunCancelledEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.run.expired": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["RunExpiredEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.approval.requested": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["ApprovalRequestedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.approval.decided": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["ApprovalDecidedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.node.offline": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["NodeOfflineEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.endpoint.disabled": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["EndpointDisabledEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.webhook.test": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
}
