// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the suppressions group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface SuppressionsSchemas {
    readonly SuppressionPage: {
        readonly data: readonly components["schemas"]["Suppression"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    readonly Suppression: {
        /** Format: uuid */
        readonly id: string;
        /** @enum {string} */
        readonly stream: "transactional" | "broadcast";
        /** @description Lowercase. */
        readonly email: string;
        /**
         * @description hard_bounce: the address bounced for good (removable); soft_bounce: it bounced softly (mailbox full, refused for now) 3 times within 30 days (removable); complaint: its owner reported the mail as spam; unsubscribe: its owner unsubscribed from the broadcast stream; manual: the account added it (removable).
         * @enum {string}
         */
        readonly reason: "hard_bounce" | "soft_bounce" | "complaint" | "unsubscribe" | "manual";
        /** @description What the remote server answered, or the account's note. */
        readonly detail: string | null;
        /** @description The message whose bounce or complaint suppressed it. */
        readonly messageId: string | null;
        /** Format: date-time */
        readonly createdAt: string;
    };
    /** @description `suppression_exists`: the address is on this stream's list already; `suppression_not_removable`: it is there by the recipient's own complaint or unsubscribe; `suppression_limit`: the account added as many by hand as it may. */
    readonly SuppressionConflictError: {
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
            readonly code: "suppression_exists" | "suppression_not_removable" | "suppression_limit";
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
    /** @description The address is not suppressed on this stream in this account (`suppression_not_found`). */
    readonly SuppressionNotFoundError: {
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
            readonly code: "suppression_not_found";
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
