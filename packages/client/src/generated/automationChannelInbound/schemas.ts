// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the automationChannelInbound group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface AutomationChannelInboundSchemas {
    readonly ChannelInbound: {
        /** Format: uuid */
        readonly channelId: string;
        readonly runs: readonly components["schemas"]["Run"][];
    };
    /** @description No channel with this id in this account (`channel_not_found`). */
    readonly ChannelNotFoundError: {
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
            readonly code: "channel_not_found";
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
