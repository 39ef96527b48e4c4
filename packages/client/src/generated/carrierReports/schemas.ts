// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the carrierReports group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface CarrierReportsSchemas {
    readonly CarrierReport: {
        /** @description true when the report ended a call (it is in the tenant's call log); false for a step before the end. */
        readonly recorded: boolean;
        /** @description The call record's id, when recorded. */
        readonly callId: string | null;
    };
    /** @description Neither the caller's nor the callee's number is hosted for a tenant (`unknown_carrier_number`); nothing is stored. */
    readonly UnknownCarrierNumberError: {
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
            readonly code: "unknown_carrier_number";
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
    /** @description The carrier's reports are not enabled on this platform (`carrier_reports_off`). */
    readonly CarrierReportsOffError: {
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
            readonly code: "carrier_reports_off";
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
