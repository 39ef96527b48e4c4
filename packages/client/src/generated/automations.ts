// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automations group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the automations group's operations use. */
export interface AutomationsSchemas {
    readonly FlowPage: {
        readonly data: readonly components["schemas"]["Flow"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description A workflow's definition at its latest revision (`stateJson`: name, active, triggerJson, stepsJson, deleted). */
    readonly Flow: {
        /** Format: uuid */
        readonly id: string;
        /** Format: uuid */
        readonly workflowId: string;
        readonly revision: number;
        readonly stateJson: {
            readonly [key: string]: unknown;
        };
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    /** @description No flow with this id in this account (`flow_not_found`). */
    readonly FlowNotFoundError: {
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
            readonly code: "flow_not_found";
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

export interface AutomationsOperations {
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
                    /** @description `{ schemaVersion: 1, type, ... }` with type manual, schedule, heartbeat, event, webhook, channel. schedule: exactly one of `everySeconds`, `at` (ISO 8601) or `cron` (5 fields, UTC); heartbeat: `everySeconds` or `cron`, optional `checklist` (lines); event: `events` (conversation.created, conversation.assigned, conversation.closed, message.created, csat.submitted); webhook: optional `webhook.token` (16 to 256 characters, no spaces; stored as a digest and shown only in the answer that sets it), or `webhook: { hasToken: true }` to keep the workflow's token; channel: `channelId`. */
                    readonly triggerJson: {
                        readonly [key: string]: unknown;
                    };
                    /** @description At most 50 steps of type skill, deliver, log, agent, approval, wait: skill `{ skillId, input }`, log `{ message? }`, deliver `{ channelId, content? }`, agent `{ instructions, skills?, maxTurns? }`, approval `{ title?, expiresInSeconds? }`, wait `{ days?, hours?, minutes?, seconds? }` (1 second to 90 days in all; the run is `waiting_timer` meanwhile); each may have a `name`. */
                    readonly stepsJson: readonly unknown[];
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
    readonly "automations.listWorkflows": {
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
    readonly "automations.createWorkflow": {
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
                    /** @description `{ schemaVersion: 1, type, ... }` with type manual, schedule, heartbeat, event, webhook, channel. schedule: exactly one of `everySeconds`, `at` (ISO 8601) or `cron` (5 fields, UTC); heartbeat: `everySeconds` or `cron`, optional `checklist` (lines); event: `events` (conversation.created, conversation.assigned, conversation.closed, message.created, csat.submitted); webhook: optional `webhook.token` (16 to 256 characters, no spaces; stored as a digest and shown only in the answer that sets it), or `webhook: { hasToken: true }` to keep the workflow's token; channel: `channelId`. */
                    readonly triggerJson: {
                        readonly [key: string]: unknown;
                    };
                    /** @description At most 50 steps of type skill, deliver, log, agent, approval, wait: skill `{ skillId, input }`, log `{ message? }`, deliver `{ channelId, content? }`, agent `{ instructions, skills?, maxTurns? }`, approval `{ title?, expiresInSeconds? }`, wait `{ days?, hours?, minutes?, seconds? }` (1 second to 90 days in all; the run is `waiting_timer` meanwhile); each may have a `name`. */
                    readonly stepsJson: readonly unknown[];
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
    readonly "automations.deleteWorkflow": {
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
                    readonly "application/json": components["schemas"]["Workflow"];
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
                    readonly "application/json": components["schemas"]["WorkflowNotFoundError"];
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
    readonly "automations.updateWorkflow": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly name?: string;
                    readonly active?: boolean;
                    /** @description `{ schemaVersion: 1, type, ... }` with type manual, schedule, heartbeat, event, webhook, channel. schedule: exactly one of `everySeconds`, `at` (ISO 8601) or `cron` (5 fields, UTC); heartbeat: `everySeconds` or `cron`, optional `checklist` (lines); event: `events` (conversation.created, conversation.assigned, conversation.closed, message.created, csat.submitted); webhook: optional `webhook.token` (16 to 256 characters, no spaces; stored as a digest and shown only in the answer that sets it), or `webhook: { hasToken: true }` to keep the workflow's token; channel: `channelId`. */
                    readonly triggerJson?: {
                        readonly [key: string]: unknown;
                    };
                    /** @description At most 50 steps of type skill, deliver, log, agent, approval, wait: skill `{ skillId, input }`, log `{ message? }`, deliver `{ channelId, content? }`, agent `{ instructions, skills?, maxTurns? }`, approval `{ title?, expiresInSeconds? }`, wait `{ days?, hours?, minutes?, seconds? }` (1 second to 90 days in all; the run is `waiting_timer` meanwhile); each may have a `name`. */
                    readonly stepsJson?: readonly unknown[];
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
    readonly "automations.listFlows": {
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
                    readonly "application/json": components["schemas"]["FlowPage"];
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
    readonly "automations.getFlow": {
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
                    readonly "application/json": components["schemas"]["Flow"];
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
                    readonly "application/json": components["schemas"]["FlowNotFoundError"];
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
}

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationsRoutes = {
  /**
   * List workflows
   *
   * Newest first. Default limit 25, maximum 100.
   */
  "automations.listAutomations": ["GET", "/v1/automations", "400 401 403 405 429 500", "page"],
  /**
   * Create a workflow
   *
   * The trigger, the steps, the skills and their inputs are checked now (400 naming the field); a skill whose product the account is not entitled to is a 403 `product_not_entitled`. `active` defaults to true. Creates the workflow's flow at revision 1.
   */
  "automations.createAutomation": ["POST", "/v1/automations", "400 401 403 405 413 429 500"],
  /**
   * List workflows
   *
   * Newest first. Default limit 25, maximum 100.
   */
  "automations.listWorkflows": ["GET", "/v1/automations/workflows", "400 401 403 405 429 500", "page"],
  /**
   * Create a workflow
   *
   * The trigger, the steps, the skills and their inputs are checked now (400 naming the field); a skill whose product the account is not entitled to is a 403 `product_not_entitled`. `active` defaults to true. Creates the workflow's flow at revision 1.
   */
  "automations.createWorkflow": ["POST", "/v1/automations/workflows", "400 401 403 405 413 429 500"],
  /**
   * Update a workflow
   *
   * Fields left out are kept; `triggerJson` and `stepsJson` are replaced whole. Bumps the flow's revision.
   */
  "automations.updateWorkflow": ["PATCH", "/v1/automations/workflows/{id}", "400 401 403 404 405 413 429 500"],
  /**
   * Delete a workflow
   *
   * Answers the deleted workflow. Its flow stays, at a new revision marked deleted, for the runs that refer to it.
   */
  "automations.deleteWorkflow": ["DELETE", "/v1/automations/workflows/{id}", "400 401 403 404 405 429 500"],
  /** List flows */
  "automations.listFlows": ["GET", "/v1/automations/flows", "400 401 403 405 429 500", "page"],
  /** Get a flow */
  "automations.getFlow": ["GET", "/v1/automations/flows/{id}", "400 401 403 404 405 429 500"]
} as const
