// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the unsubscribe group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface UnsubscribeSchemas {
    readonly Unsubscribed: {
        /** @enum {boolean} */
        readonly unsubscribed: true;
        /**
         * @description The stream the address no longer gets.
         * @enum {string}
         */
        readonly stream: "transactional" | "broadcast";
    };
    /** @description The link was not made by this platform, was altered, or its message is gone (`unsubscribe_link_invalid`); nothing changed. */
    readonly UnsubscribeLinkInvalidError: {
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
            readonly code: "unsubscribe_link_invalid";
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
