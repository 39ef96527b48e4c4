// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the transactional group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface TransactionalSchemas {
    /** @description One message per recipient, queued for delivery; `test` when a test-mode key sent it (delivered to the development mailbox only). */
    readonly TransactionalSendResult: {
        readonly test: boolean;
        readonly messages: readonly {
            readonly id: string;
            readonly to: string;
            /** @enum {string} */
            readonly status: "queued" | "suppressed";
            /**
             * @description Why a suppressed message was not attempted: its recipient's entry on the suppression list.
             * @enum {string}
             */
            readonly suppression?: "hard_bounce" | "soft_bounce" | "complaint" | "unsubscribe" | "manual";
        }[];
    };
    /** @description A request with the same Idempotency-Key is still running (`idempotency_in_progress`). */
    readonly IdempotencyInProgressError: {
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
            readonly code: "idempotency_in_progress";
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
    /** @description The Idempotency-Key was used with another body (`idempotency_key_reused`). */
    readonly IdempotencyKeyReusedError: {
        readonly error: {
            /**
             * @description The family of the error, by status.
             * @enum {string}
             */
            readonly type: "invalid_request";
            /**
             * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
             * @enum {string}
             */
            readonly code: "idempotency_key_reused";
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
