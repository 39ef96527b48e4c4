// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the hostedNumbersAdmin group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface HostedNumbersAdminSchemas {
    readonly HostedNumber: {
        /** @description An E.164 number or a SIP user name, as the carrier prints it. */
        readonly number: string;
        /** Format: date-time */
        readonly assignedAt: string;
    };
    /** @description Another tenant holds the number (`hosted_number_taken`). */
    readonly HostedNumberTakenError: {
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
            readonly code: "hosted_number_taken";
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
    /** @description The tenant holds no such number (`hosted_number_not_found`). */
    readonly HostedNumberNotFoundError: {
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
            readonly code: "hosted_number_not_found";
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
