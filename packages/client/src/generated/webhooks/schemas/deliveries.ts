// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: deliveries.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../index.js"

export interface WebhooksDeliveriesSchemas {
    readonly WebhookDeliveryAttemptPage: {
        readonly data: readonly components["schemas"]["WebhookDeliveryAttempt"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description One event for one subscription: its state, and the body its attempts send. */
    readonly WebhookDelivery: {
        /** Format: uuid */
        readonly id: string;
        /** Format: uuid */
        readonly subscriptionId: string;
        readonly event: string;
        /** Format: uuid */
        readonly eventId: string;
        /**
         * @description `pending` while attempts are due, `succeeded` once the receiver answered 2xx, `failed` once it was given up.
         * @enum {string}
         */
        readonly status: "pending" | "succeeded" | "failed";
        readonly attempts: number;
        readonly nextAttemptAt: string | null;
        /** @description The exact JSON text every attempt POSTs, as signed: `{ event, eventId, timestamp, payload }` (the signature is over `<X-Service-Timestamp>.<body>`). */
        readonly body: string;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
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
}
