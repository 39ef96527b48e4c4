// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: recover.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksRecoverSchemas {
    readonly RecoveredWebhookDeliveries: {
        /** @description How many failed deliveries were queued again (at most 10000: call again for more). */
        readonly recovered: number;
    };
    /** @description The subscription is turned off (`webhook_inactive`): its `disabledReason` says why. Turned on again, it can recover what failed. */
    readonly WebhookInactiveError: {
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
            readonly code: "webhook_inactive";
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
