// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhooks group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components, operations } from "./index.js"

/** The schemas only the webhooks group's operations use. */
export interface WebhooksSchemas {
    readonly WebhookSubscriptionPage: {
        readonly data: readonly components["schemas"]["WebhookSubscription"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description `disabledReason` says why ServiceKit turned the subscription off (`gone`: the receiver answered 410); setting `active` to true turns it on again. */
    readonly WebhookSubscription: {
        /** Format: uuid */
        readonly id: string;
        readonly url: string;
        readonly events: readonly ("message.created" | "conversation.created" | "conversation.closed" | "conversation.assigned" | "csat.submitted" | "visitor.created")[];
        readonly description: string | null;
        readonly active: boolean;
        readonly disabledReason: string | null;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    readonly CreatedWebhookSubscription: {
        /** Format: uuid */
        readonly id: string;
        readonly url: string;
        readonly events: readonly ("message.created" | "conversation.created" | "conversation.closed" | "conversation.assigned" | "csat.submitted" | "visitor.created")[];
        readonly description: string | null;
        readonly active: boolean;
        readonly disabledReason: string | null;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
        /** @description The signing secret (`whsec_...`). Shown once; store it now to verify deliveries. */
        readonly secret: string;
    };
    readonly WebhookDeliveryAttemptPage: {
        readonly data: readonly components["schemas"]["WebhookDeliveryAttempt"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description One attempt to deliver one event: `deliveryId` is the `X-Service-Delivery` header, the same on every attempt of that event; `statusCode` is null when no answer came; `nextRetryAt` is null when this attempt ended the delivery. */
    readonly WebhookDeliveryAttempt: {
        /** Format: uuid */
        readonly id: string;
        /** Format: uuid */
        readonly deliveryId: string;
        readonly event: string;
        /** Format: uuid */
        readonly eventId: string;
        readonly attempt: number;
        readonly statusCode: number | null;
        readonly durationMs: number;
        readonly error: string | null;
        readonly nextRetryAt: string | null;
        /** Format: date-time */
        readonly createdAt: string;
    };
    /** @description No webhook subscription with this id in this account (`webhook_not_found`). */
    readonly WebhookNotFoundError: {
        readonly error: {
            /**
             * @description The family of the error, by status.
             * @enum {string}
             */
            readonly type: "not_found";
            /**
             * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
             * @enum {string}
             */
            readonly code: "webhook_not_found";
            /** @description A sentence for people; may change. */
            readonly message: string;
            /** @description Equals the `X-Request-ID` header. */
            readonly requestId: string;
            /** @description For validation failures: one entry per field, at most 20. */
            readonly details?: readonly {
                readonly field: string;
                readonly reason: string;
            }[];
        };
    };
    /** @description No delivery with this id for this webhook subscription (`webhook_delivery_not_found`). */
    readonly WebhookDeliveryNotFoundError: {
        readonly error: {
            /**
             * @description The family of the error, by status.
             * @enum {string}
             */
            readonly type: "not_found";
            /**
             * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
             * @enum {string}
             */
            readonly code: "webhook_delivery_not_found";
            /** @description A sentence for people; may change. */
            readonly message: string;
            /** @description Equals the `X-Request-ID` header. */
            readonly requestId: string;
            /** @description For validation failures: one entry per field, at most 20. */
            readonly details?: readonly {
                readonly field: string;
                readonly reason: string;
            }[];
        };
    };
    /** @description The delivery's automatic retries are still under way (`webhook_delivery_pending`): `nextRetryAt` of its last attempt says when the next one is due. */
    readonly WebhookDeliveryPendingError: {
        readonly error: {
            /**
             * @description The family of the error, by status.
             * @enum {string}
             */
            readonly type: "conflict";
            /**
             * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
             * @enum {string}
             */
            readonly code: "webhook_delivery_pending";
            /** @description A sentence for people; may change. */
            readonly message: string;
            /** @description Equals the `X-Request-ID` header. */
            readonly requestId: string;
            /** @description For validation failures: one entry per field, at most 20. */
            readonly details?: readonly {
                readonly field: string;
                readonly reason: string;
            }[];
        };
    };
    /** @description A message was posted to a conversation, by its visitor, an agent or the API. */
    readonly MessageCreatedEvent: {
        /** @enum {string} */
        readonly event: "message.created";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** Format: uuid */
            readonly conversationId: string;
            readonly message: components["schemas"]["ChatMessage"];
        };
    };
    /** @description A conversation was opened, by a chat session or through the API. */
    readonly ConversationCreatedEvent: {
        /** @enum {string} */
        readonly event: "conversation.created";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly conversation: components["schemas"]["Conversation"];
        };
    };
    /** @description A conversation's status became `closed`. */
    readonly ConversationClosedEvent: {
        /** @enum {string} */
        readonly event: "conversation.closed";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly conversation: components["schemas"]["Conversation"];
        };
    };
    /** @description A conversation's assignee changed (null: unassigned). */
    readonly ConversationAssignedEvent: {
        /** @enum {string} */
        readonly event: "conversation.assigned";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly conversation: components["schemas"]["Conversation"];
            readonly assigneeId: string | null;
            readonly previousAssigneeId: string | null;
        };
    };
    /** @description The visitor rated a resolved or closed conversation (1 to 5). */
    readonly CsatSubmittedEvent: {
        /** @enum {string} */
        readonly event: "csat.submitted";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** Format: uuid */
            readonly conversationId: string;
            readonly visitorId: string | null;
            readonly rating: number;
            readonly comment: string | null;
            /** Format: date-time */
            readonly submittedAt: string;
        };
    };
    /** @description Sent only by `POST /tenants/{tenantId}/webhooks/{id}/test`, to every subscription whatever its events. */
    readonly WebhookTestEvent: {
        /** @enum {string} */
        readonly event: "webhook.test";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** Format: uuid */
            readonly subscriptionId: string;
            readonly message: string;
        };
    };
}

export interface WebhooksOperations {
    readonly "webhooks.listWebhooks": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookSubscriptionPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.createWebhook": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly url: string;
                    /**
                     * maxItems(20)
                     * @description an array of at most 20 item(s)
                     */
                    readonly events: readonly string[];
                    readonly description?: string | null;
                    readonly active?: boolean;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["CreatedWebhookSubscription"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.getWebhook": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.deleteWebhook": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.updateWebhook": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly url?: string;
                    /**
                     * maxItems(20)
                     * @description an array of at most 20 item(s)
                     */
                    readonly events?: readonly string[];
                    readonly description?: string | null;
                    readonly active?: boolean;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.listWebhookDeliveries": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookDeliveryAttemptPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.testWebhook": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookDeliveryAttempt"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.retryWebhookDelivery": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
                readonly deliveryId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookDeliveryAttempt"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookNotFoundError"] | components["schemas"]["WebhookDeliveryNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookDeliveryPendingError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
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

export interface webhooks {
    readonly "message.created": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * message.created
         * @description A message was posted to a conversation, by its visitor, an agent or the API.
         */
        readonly post: operations["webhook.message.created"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "conversation.created": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * conversation.created
         * @description A conversation was opened, by a chat session or through the API.
         */
        readonly post: operations["webhook.conversation.created"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "conversation.closed": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * conversation.closed
         * @description A conversation's status became `closed`.
         */
        readonly post: operations["webhook.conversation.closed"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "conversation.assigned": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * conversation.assigned
         * @description A conversation's assignee changed (null: unassigned).
         */
        readonly post: operations["webhook.conversation.assigned"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "csat.submitted": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * csat.submitted
         * @description The visitor rated a resolved or closed conversation (1 to 5).
         */
        readonly post: operations["webhook.csat.submitted"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "webhook.test": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * webhook.test
         * @description Sent only by `POST /tenants/{tenantId}/webhooks/{id}/test`, to every subscription whatever its events.
         */
        readonly post: operations["webhook.webhook.test"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const webhooksRoutes = {
  /** List webhook subscriptions */
  "webhooks.listWebhooks": ["GET", "/tenants/{tenantId}/webhooks", "400 401 403 405 429 500", "page"],
  /**
   * Subscribe to chat events
   *
   * Deliveries are HTTPS POSTs of `{ event, eventId, payload, timestamp }`, signed in `X-Service-Signature` (lowercase hex HMAC-SHA256 of `<X-Service-Timestamp>.<raw body>` with the secret). `events`: message.created, conversation.created, conversation.closed, conversation.assigned, csat.submitted, visitor.created (`visitor.created` is accepted and never sent). The URL must be https on a public address.
   */
  "webhooks.createWebhook": ["POST", "/tenants/{tenantId}/webhooks", "400 401 403 405 413 429 500"],
  /** Get a webhook subscription */
  "webhooks.getWebhook": ["GET", "/tenants/{tenantId}/webhooks/{id}", "400 401 403 404 405 429 500"],
  /**
   * Update a webhook subscription
   *
   * Fields left out are kept; `events` is replaced whole. The secret does not change.
   */
  "webhooks.updateWebhook": ["PATCH", "/tenants/{tenantId}/webhooks/{id}", "400 401 403 404 405 413 429 500"],
  /**
   * Delete a webhook subscription
   *
   * Answers the deleted subscription; its pending deliveries and history go with it.
   */
  "webhooks.deleteWebhook": ["DELETE", "/tenants/{tenantId}/webhooks/{id}", "400 401 403 404 405 429 500"],
  /**
   * Delivery history
   *
   * Every attempt, newest first.
   */
  "webhooks.listWebhookDeliveries": ["GET", "/tenants/{tenantId}/webhooks/{id}/deliveries", "400 401 403 404 405 429 500", "page"],
  /**
   * Send a test event
   *
   * Sends a signed `webhook.test` event now, once (no retries), and answers the attempt, which also joins the history.
   */
  "webhooks.testWebhook": ["POST", "/tenants/{tenantId}/webhooks/{id}/test", "400 401 403 404 405 429 500"],
  /**
   * Retry a delivery
   *
   * Sends a delivery that succeeded or failed for good once more, now (no automatic retries), signed afresh with the same `X-Service-Delivery` id so the receiver can tell it from a new event, and answers the attempt, which joins the history. `deliveryId` is an attempt's `deliveryId`. A delivery whose automatic retries are still under way answers 409.
   */
  "webhooks.retryWebhookDelivery": ["POST", "/tenants/{tenantId}/webhooks/{id}/deliveries/{deliveryId}/retry", "400 401 403 404 405 409 429 500"]
} as const
