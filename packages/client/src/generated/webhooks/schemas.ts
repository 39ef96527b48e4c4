// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface WebhooksSchemas {
    readonly WebhookSubscriptionPage: {
        readonly data: readonly components["schemas"]["WebhookSubscription"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description `disabledReason` says why ServiceKit turned the subscription off (`gone`: the receiver answered 410; `failing`: every attempt failed for 5 days, or as the platform sets it); setting `active` to true turns it on again, with a fresh start. */
    readonly WebhookSubscription: {
        /** Format: uuid */
        readonly id: string;
        readonly url: string;
        readonly events: readonly ("message.created" | "conversation.created" | "conversation.closed" | "conversation.assigned" | "csat.submitted" | "visitor.created")[];
        readonly description: string | null;
        readonly active: boolean;
        readonly disabledReason: string | null;
        /** @description When the receiver started failing every attempt; null while it answers 2xx. */
        readonly failingSince: string | null;
        /** @description While the receiver keeps failing, deliveries wait until then: a tenth of the time it has been failing, at most an hour. */
        readonly pausedUntil: string | null;
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
        /** @description When the receiver started failing every attempt; null while it answers 2xx. */
        readonly failingSince: string | null;
        /** @description While the receiver keeps failing, deliveries wait until then: a tenth of the time it has been failing, at most an hour. */
        readonly pausedUntil: string | null;
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
        /** @description The first 1000 characters of the body the receiver answered; null when no answer came (and on attempts recorded before it was kept). */
        readonly responseBody: string | null;
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
