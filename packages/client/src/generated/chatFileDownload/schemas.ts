// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the chatFileDownload group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface ChatFileDownloadSchemas {
    /** @description The link's time is over (`file_link_expired`). */
    readonly FileLinkExpiredError: {
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
            readonly code: "file_link_expired";
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
