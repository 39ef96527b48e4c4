// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: common.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksCommonSchemas {
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
}
