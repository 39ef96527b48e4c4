// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationHooks group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface AutomationHooksOperations {
    readonly "automationHooks.inboundHook": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: {
                /** @description The workflow's `triggerJson.webhook.token` (at least 16 characters), instead of an API key. */
                readonly "x-service-automation-token"?: string;
            };
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** Format: uuid */
                    readonly workflowId: string;
                    /**
                     * maxLength(200)
                     * @description a string at most 200 character(s) long
                     */
                    readonly event?: string;
                    /**
                     * maxLength(100000)
                     * @description a string at most 100000 character(s) long
                     */
                    readonly context?: string;
                    readonly payload?: {
                        readonly [key: string]: unknown;
                    };
                    readonly idempotencyKey?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Run"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"] | components["schemas"]["WorkflowInactiveError"];
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
                    readonly "application/json": components["schemas"]["WorkflowNotFoundError"];
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
