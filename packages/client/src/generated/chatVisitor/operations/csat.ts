// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatVisitor group's operations: csat.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../index.js"

export interface ChatVisitorCsatOperations {
    readonly "chatVisitor.rateConversation": {
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
                     * between(1, 5)
                     * @description a number between 1 and 5
                     */
                    readonly rating: number;
                    readonly comment?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VisitorConversation"];
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
                    readonly "application/json": components["schemas"]["ConversationStateConflictError"];
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
}
