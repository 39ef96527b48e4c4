// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the chatWidget group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface ChatWidgetSchemas {
    /** @description A token for the visitor's open conversation, or all null when they have none (their first message opens one). */
    readonly WidgetResume: {
        readonly visitorToken: string | null;
        readonly expiresAt: string | null;
        readonly conversation: components["schemas"]["VisitorConversation"] | null;
    };
    /** @description `visitorToken` opens this one conversation until `expiresAt`: keep it in the visitor's browser only. */
    readonly WidgetStart: {
        readonly visitorToken: string;
        /** Format: date-time */
        readonly expiresAt: string;
        readonly conversation: components["schemas"]["VisitorConversation"];
        readonly message: components["schemas"]["VisitorChatMessage"];
    };
    /** @description No widget with this site key (`widget_not_found`). */
    readonly WidgetNotFoundError: {
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
            readonly code: "widget_not_found";
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
