// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the transactional group's operations: messages.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../index.js"

export interface TransactionalMessagesOperations {
    readonly "transactional.sendMessage": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: {
                /** @description Per account, kept 24 hours: the same key with the same body answers the first response again; with another body 422; while the first is still running 409. */
                readonly "idempotency-key"?: string;
            };
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** Format: uuid */
                    readonly templateId?: string;
                    readonly to: readonly string[];
                    readonly variables?: {
                        readonly [key: string]: unknown;
                    };
                    readonly subject?: string;
                    readonly html?: string;
                    readonly text?: string;
                    /** @description Who the mail is from: an address on one of the account's verified sending domains (`/v1/transactional/domains`), signed with its DKIM key, and an optional display name. Without it, the template's sender (template mode), else the platform's. */
                    readonly from?: {
                        /**
                         * maxLength(100)
                         * @description a string matching the pattern ^[^\u0000-\u001f\u007f]*$
                         */
                        readonly name?: string;
                        /**
                         * maxLength(254)
                         * @description a string at most 254 character(s) long
                         */
                        readonly address: string;
                    };
                    /**
                     * @description `transactional` (the default): mail a recipient expects from an action of theirs. `broadcast`: news and marketing, sent with RFC 8058's one-click `List-Unsubscribe`; an unsubscribe holds for the broadcast stream only. Each stream has its own suppression list.
                     * @enum {string}
                     */
                    readonly stream?: "transactional" | "broadcast";
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalSendResult"];
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
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["IdempotencyInProgressError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 422: {
                content: {
                    readonly "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"] | components["schemas"]["QueueFullError"];
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
