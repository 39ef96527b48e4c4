// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the suppressions group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface SuppressionsOperations {
    readonly "suppressions.listSuppressions": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                /** @description The mail stream: `transactional` (the default) or `broadcast`. */
                readonly stream?: "transactional" | "broadcast";
                /** @description a string at most 254 character(s) long */
                readonly email?: string;
                readonly reason?: "hard_bounce" | "soft_bounce" | "complaint" | "unsubscribe" | "manual";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SuppressionPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "suppressions.addSuppression": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(254)
                     * @description a string at most 254 character(s) long
                     */
                    readonly email: string;
                    /**
                     * @description The mail stream: `transactional` (the default) or `broadcast`.
                     * @enum {string}
                     */
                    readonly stream?: "transactional" | "broadcast";
                    /**
                     * maxLength(1000)
                     * @description a string at most 1000 character(s) long
                     */
                    readonly note?: string;
                };
            };
        };
        readonly responses: {
            readonly 201: {
                content: {
                    readonly "application/json": {
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
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["SuppressionConflictError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "suppressions.removeSuppression": {
        readonly parameters: {
            readonly query?: {
                /** @description The mail stream: `transactional` (the default) or `broadcast`. */
                readonly stream?: "transactional" | "broadcast";
            };
            readonly header?: never;
            readonly path: {
                /** @description a string at most 254 character(s) long */
                readonly email: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 204: {
                content?: never;
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["SuppressionNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["SuppressionConflictError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
}
