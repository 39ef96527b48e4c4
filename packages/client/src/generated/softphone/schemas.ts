// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the softphone group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface SoftphoneSchemas {
    /** @description `sip_not_configured`: register an own trunk or opt into hosted SIP first; `sip_trunk_unresolvable`: the trunk's host name does not resolve; `sip_trunk_address_refused`: the trunk's address is private, loopback or otherwise not public. */
    readonly SoftphoneUnavailableError: {
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
            readonly code: "sip_not_configured" | "sip_trunk_unresolvable" | "sip_trunk_address_refused";
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
