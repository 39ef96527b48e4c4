// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatVisitor group's operations: files.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../index.js"

export interface ChatVisitorFilesOperations {
    readonly "chatVisitor.uploadVisitorFile": {
        readonly parameters: {
            readonly query: {
                readonly name: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/octet-stream": string;
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChatFile"];
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
                    readonly "application/json": components["schemas"]["FileLimitReachedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"] | components["schemas"]["FileTooLargeError"];
                };
            };
            readonly 415: {
                content: {
                    readonly "application/json": components["schemas"]["FileTypeNotAllowedError"];
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
