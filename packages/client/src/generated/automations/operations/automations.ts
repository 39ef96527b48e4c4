// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automations group's operations: automations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../index.js"

export interface AutomationsAutomationsOperations {
    readonly "automations.listAutomations": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WorkflowPage"];
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
    readonly "automations.createAutomation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    readonly active?: boolean;
                    /** @description `{ schemaVersion: 1, type, ... }` with type manual, schedule, heartbeat, event, webhook, channel. schedule: exactly one of `everySeconds`, `at` (ISO 8601) or `cron` (5 fields, UTC); heartbeat: `everySeconds` or `cron`, optional `checklist` (lines); event: `events` (conversation.created, conversation.assigned, conversation.closed, message.created, csat.submitted); webhook: optional `webhook.token` (16 to 256 characters, no spaces; stored as a digest and shown only in the answer that sets it), or `webhook: { hasToken: true }` to keep the workflow's token; channel: `channelId`. Any type: optional `ttlSeconds` (1 to 31536000), the time to live of its runs: a run none of whose steps started that long after it was created ends `expired` (without it, the platform's default, if any). */
                    readonly triggerJson: {
                        readonly [key: string]: unknown;
                    };
                    readonly stepsJson: components["schemas"]["WorkflowSteps"];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Workflow"];
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
