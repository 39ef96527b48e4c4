// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatVisitor group's operations: messages.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../index.js"

export interface ChatVisitorMessagesOperations {
    readonly "chatVisitor.listVisitorMessages": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description A message id: only the messages after it (the previous page's `meta.nextCursor`). */
                readonly after?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VisitorChatMessagePage"];
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
    readonly "chatVisitor.postVisitorMessage": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["ChatMessageInput"];
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VisitorChatMessage"];
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
                    readonly "application/json": components["schemas"]["FileLimitReachedError"] | components["schemas"]["ConversationStateConflictError"];
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
