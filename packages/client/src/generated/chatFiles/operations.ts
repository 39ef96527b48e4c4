// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatFiles group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface ChatFilesOperations {
    readonly "chatFiles.uploadConversationFile": {
        readonly parameters: {
            readonly query: {
                readonly name: string;
            };
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
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
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationNotFoundError"];
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
    readonly "chatFiles.uploadLibraryFile": {
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
    readonly "chatFiles.getChatFile": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChatFile"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
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
                    readonly "application/json": components["schemas"]["FileNotFoundError"];
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
    readonly "chatFiles.getFileRules": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChatFileRules"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
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
    readonly "chatFiles.setFileRules": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": components["schemas"]["ChatFileRulesChange"];
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChatFileRules"];
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
