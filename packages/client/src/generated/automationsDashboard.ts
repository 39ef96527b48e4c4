// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationsDashboard group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the automationsDashboard group's operations use. */
export interface AutomationsDashboardSchemas {
    /** @description The dashboard's home: recent runs, recent failures, waiting approvals and the SLO of `/v1/automations/slo`. */
    readonly AutomationsConsole: {
        /** @description The newest 20 runs, newest first. */
        readonly recentRuns: readonly components["schemas"]["Run"][];
        /** @description The newest 10 failed runs, newest first; `reason` says why each failed. */
        readonly recentFailures: readonly components["schemas"]["Run"][];
        /** @description The newest 20 pending approvals, newest first. */
        readonly waitingApprovals: readonly components["schemas"]["Approval"][];
        readonly slo: components["schemas"]["AutomationsSlo"];
    };
    /** @description The path names no resource this route changes (`resource_not_found`): workflows, sequences, agents, nodes. */
    readonly ResourceNotFoundError: {
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
            readonly code: "resource_not_found";
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

export interface AutomationsDashboardOperations {
    readonly "automationsDashboard.listDashboardWorkflows": {
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.createDashboardWorkflow": {
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardSequences": {
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
                    readonly "application/json": components["schemas"]["SequencePage"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.createDashboardSequence": {
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
                    /** @description At most 50 steps of type skill, deliver, log, agent, approval, wait: skill `{ skillId, input }`, log `{ message? }`, deliver `{ channelId, content? }`, agent `{ instructions, skills?, maxTurns? }`, approval `{ title?, expiresInSeconds? }`, wait `{ days?, hours?, minutes?, seconds? }` (1 second to 90 days in all; the run is `waiting_timer` meanwhile); each may have a `name`. */
                    readonly stepsJson: readonly unknown[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Sequence"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.getAutomationsConsole": {
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
                    readonly "application/json": components["schemas"]["AutomationsConsole"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardAgents": {
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
                    readonly "application/json": components["schemas"]["AgentPage"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.createDashboardAgent": {
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
                     * maxLength(100)
                     * @description a string at most 100 character(s) long
                     */
                    readonly name: string;
                    /**
                     * maxLength(20000)
                     * @description a string at most 20000 character(s) long
                     */
                    readonly instructions: string;
                    readonly model?: string | null;
                    readonly toolProfile?: string | null;
                    /**
                     * maxItems(50)
                     * @description an array of at most 50 item(s)
                     */
                    readonly skills?: readonly string[];
                    /**
                     * maxItems(20)
                     * @description an array of at most 20 item(s)
                     */
                    readonly route_keys?: readonly string[];
                    readonly isDefault?: boolean;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Agent"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardRuns": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly workflowId?: string;
                readonly status?: "queued" | "running" | "waiting_approval" | "waiting_node" | "waiting_timer" | "succeeded" | "failed" | "cancelled" | "skipped";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["RunPage"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.getDashboardRun": {
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
                    readonly "application/json": components["schemas"]["Run"];
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
                    readonly "application/json": components["schemas"]["RunNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.cancelDashboardRun": {
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
                    readonly "application/json": components["schemas"]["Run"];
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
                    readonly "application/json": components["schemas"]["RunNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["RunStateConflictError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.retryDashboardRun": {
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
                    readonly "application/json": components["schemas"]["Run"];
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
                    readonly "application/json": components["schemas"]["RunNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["RunStateConflictError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.runDashboardWorkflow": {
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
                    /**
                     * maxLength(100000)
                     * @description a string at most 100000 character(s) long
                     */
                    readonly context?: string;
                    readonly payload?: {
                        readonly [key: string]: unknown;
                    };
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardSessions": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly scope?: "dm" | "group" | "run" | "channel" | "workspace";
                readonly agentId?: string;
                /** @description a string at most 200 character(s) long */
                readonly peer?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SessionPage"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.getDashboardSession": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                readonly after?: number;
            };
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
                    readonly "application/json": components["schemas"]["SessionDetail"];
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
                    readonly "application/json": components["schemas"]["SessionNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardApprovals": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly status?: "pending" | "approved" | "rejected" | "expired" | "cancelled";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ApprovalPage"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.decideDashboardApproval": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @enum {string} */
                    readonly decision: "approve" | "reject";
                    /**
                     * maxLength(2000)
                     * @description a string at most 2000 character(s) long
                     */
                    readonly note?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Approval"];
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
                    readonly "application/json": components["schemas"]["ApprovalNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["ApprovalStateConflictError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardNodes": {
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
                    readonly "application/json": components["schemas"]["NodePage"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.createDashboardNode": {
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
                    readonly allowSystem?: boolean;
                    readonly allowBrowser?: boolean;
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly allowedBinaries?: readonly string[];
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly allowedHosts?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["CreatedNode"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardSkillPacks": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                /** @description Words found in the pack's id, name or description. */
                readonly q?: string;
                /** @description Packs whose templates call this skill. */
                readonly skill?: string;
                readonly source?: "builtin" | "account";
                readonly installed?: "true" | "false";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SkillPackPage"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.installDashboardSkillPack": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @description a string matching the pattern ^[a-z][a-z0-9-]{0,39}(\.[a-z][a-z0-9-]{0,39}){1,3}$ */
                    readonly packId: string;
                    /** @description a string matching the pattern ^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$ */
                    readonly version?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SkillPack"];
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
                    readonly "application/json": components["schemas"]["PackNotFoundError"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.createDashboardWorkflowFromPack": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description a string matching the pattern ^[a-z][a-z0-9-]{0,39}(\.[a-z][a-z0-9-]{0,39}){1,3}$ */
                readonly packId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(50)
                     * @description a string at most 50 character(s) long
                     */
                    readonly template?: string;
                    readonly name?: string;
                    readonly active?: boolean;
                    readonly parameters?: {
                        readonly [key: string]: unknown;
                    };
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
                    readonly "application/json": components["schemas"]["PackNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["PackNotInstalledError"] | components["schemas"]["PackChangedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.getDashboardPolicy": {
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
                    readonly "application/json": components["schemas"]["Policy"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.putDashboardPolicy": {
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
                     * maxLength(20000)
                     * @description a string at most 20000 character(s) long
                     */
                    readonly standingOrders: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Policy"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.getDashboardModels": {
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
                    readonly "application/json": components["schemas"]["ModelChoice"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.putDashboardModels": {
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
                     * maxLength(200)
                     * @description a string at most 200 character(s) long
                     */
                    readonly primary: string;
                    /**
                     * maxItems(5)
                     * @description an array of at most 5 item(s)
                     */
                    readonly failover?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ModelChoice"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardToolProfiles": {
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
                    readonly "application/json": components["schemas"]["ToolProfilePage"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.putDashboardToolProfile": {
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
                     * maxLength(100)
                     * @description a string at most 100 character(s) long
                     */
                    readonly name: string;
                    /**
                     * maxItems(200)
                     * @description an array of at most 200 item(s)
                     */
                    readonly allow?: readonly string[];
                    /**
                     * maxItems(200)
                     * @description an array of at most 200 item(s)
                     */
                    readonly deny?: readonly string[];
                    /**
                     * maxItems(200)
                     * @description an array of at most 200 item(s)
                     */
                    readonly requireApprovalSkills?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ToolProfile"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardMemory": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                /** @description a string at most 200 character(s) long */
                readonly key?: string;
                /** @description a string at most 200 character(s) long */
                readonly prefix?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["MemoryPage"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.putDashboardMemory": {
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
                     * maxLength(200)
                     * @description a string at most 200 character(s) long
                     */
                    readonly key: string;
                    readonly value: unknown;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["MemoryEntry"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardMemoryAudit": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                /** @description a string at most 200 character(s) long */
                readonly key?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["MemoryAuditPage"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardChannels": {
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
                    readonly "application/json": components["schemas"]["ChannelPage"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.deleteDashboardResource": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly resource: "workflows" | "sequences" | "agents" | "nodes";
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Workflow"] | components["schemas"]["Sequence"] | components["schemas"]["Agent"] | components["schemas"]["Node"];
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
                    readonly "application/json": components["schemas"]["ResourceNotFoundError"] | components["schemas"]["WorkflowNotFoundError"] | components["schemas"]["SequenceNotFoundError"] | components["schemas"]["AgentNotFoundError"] | components["schemas"]["NodeNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.updateDashboardResource": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly resource: "workflows" | "sequences" | "agents" | "nodes";
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly [key: string]: unknown;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Workflow"] | components["schemas"]["Sequence"] | components["schemas"]["Agent"] | components["schemas"]["Node"];
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
                    readonly "application/json": components["schemas"]["ResourceNotFoundError"] | components["schemas"]["WorkflowNotFoundError"] | components["schemas"]["SequenceNotFoundError"] | components["schemas"]["AgentNotFoundError"] | components["schemas"]["NodeNotFoundError"];
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
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
}

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationsDashboardRoutes = {
  /**
   * List workflows
   *
   * As `GET /v1/automations/workflows`.
   */
  "automationsDashboard.listDashboardWorkflows": ["GET", "/growth/automations/workflows", "400 401 403 405 500", "page"],
  /**
   * Create a workflow
   *
   * As `POST /v1/automations/workflows`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.createDashboardWorkflow": ["POST", "/growth/automations/workflows", "400 401 403 405 413 500"],
  /**
   * List sequences
   *
   * As `GET /v1/automations/sequences`.
   */
  "automationsDashboard.listDashboardSequences": ["GET", "/growth/automations/sequences", "400 401 403 405 500", "page"],
  /**
   * Create a sequence
   *
   * As `POST /v1/automations/sequences`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.createDashboardSequence": ["POST", "/growth/automations/sequences", "400 401 403 405 413 500"],
  /** Recent runs, failures, waiting approvals and the SLO */
  "automationsDashboard.getAutomationsConsole": ["GET", "/growth/automations/console", "400 401 403 405 500"],
  /**
   * List agents
   *
   * As `GET /v1/automations/agents`.
   */
  "automationsDashboard.listDashboardAgents": ["GET", "/growth/automations/agents", "400 401 403 405 500", "page"],
  /**
   * Create an agent
   *
   * As `POST /v1/automations/agents`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.createDashboardAgent": ["POST", "/growth/automations/agents", "400 401 403 405 413 500"],
  /**
   * List runs
   *
   * As `GET /v1/automations/runs`.
   */
  "automationsDashboard.listDashboardRuns": ["GET", "/growth/automations/runs", "400 401 403 405 500", "page"],
  /**
   * Get a run
   *
   * As `GET /v1/automations/runs/{id}`: with `stepsResultJson`.
   */
  "automationsDashboard.getDashboardRun": ["GET", "/growth/automations/runs/{id}", "400 401 403 404 405 500"],
  /**
   * Cancel a run
   *
   * As `POST /v1/automations/runs/{id}/cancel`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.cancelDashboardRun": ["POST", "/growth/automations/runs/{id}/cancel", "400 401 403 404 405 409 500"],
  /**
   * Retry a run
   *
   * As `POST /v1/automations/runs/{id}/retry`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.retryDashboardRun": ["POST", "/growth/automations/runs/{id}/retry", "400 401 403 404 405 409 500"],
  /**
   * Run a workflow
   *
   * As `POST /v1/automations/workflows/{id}/run` with a live key: `context` and `payload` are optional. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.runDashboardWorkflow": ["POST", "/growth/automations/workflows/{id}/run", "400 401 403 404 405 413 500"],
  /**
   * List sessions
   *
   * As `GET /v1/automations/sessions`.
   */
  "automationsDashboard.listDashboardSessions": ["GET", "/growth/automations/sessions", "400 401 403 405 500", "page"],
  /**
   * Get a session and its transcript
   *
   * As `GET /v1/automations/sessions/{id}`: messages, tool calls, their results and compaction summaries.
   */
  "automationsDashboard.getDashboardSession": ["GET", "/growth/automations/sessions/{id}", "400 401 403 404 405 500"],
  /**
   * List approvals
   *
   * As `GET /v1/automations/approvals`.
   */
  "automationsDashboard.listDashboardApprovals": ["GET", "/growth/automations/approvals", "400 401 403 405 500", "page"],
  /**
   * Approve or reject
   *
   * As `POST /v1/automations/approvals/{id}/decide`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.decideDashboardApproval": ["POST", "/growth/automations/approvals/{id}/decide", "400 401 403 404 405 409 413 500"],
  /**
   * List companion nodes
   *
   * As `GET /v1/automations/nodes`.
   */
  "automationsDashboard.listDashboardNodes": ["GET", "/growth/automations/nodes", "400 401 403 405 500", "page"],
  /**
   * Create a node and its pairing code
   *
   * As `POST /v1/automations/nodes`: the `pairingCode` is shown only in this answer. `allowSystem` lets the node run `system.run` for the programs in `allowedBinaries` (matched exactly against `argv[0]`); `allowBrowser` lets it run `browser.*` on the hosts in `allowedHosts` (`example.com`, or `*.example.com` for subdomains). Both are off by default. `system.run`, `browser.navigate` and `browser.evaluate` also wait for an approval unless a tool profile opts out. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.createDashboardNode": ["POST", "/growth/automations/nodes", "400 401 403 405 413 500"],
  /**
   * List the marketplace's skill packs
   *
   * As `GET /v1/automations/skills`.
   */
  "automationsDashboard.listDashboardSkillPacks": ["GET", "/growth/automations/skills", "400 401 403 405 500", "page"],
  /**
   * Install a skill pack
   *
   * As `POST /v1/automations/skills/install`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.installDashboardSkillPack": ["POST", "/growth/automations/skills/install", "400 401 403 404 405 413 500"],
  /**
   * Make a workflow from an installed pack
   *
   * As `POST /v1/automations/skills/{packId}/workflow`: a 400 names `parameters.<name>` for each parameter missing, unknown or invalid. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.createDashboardWorkflowFromPack": ["POST", "/growth/automations/skills/{packId}/workflow", "400 401 403 404 405 409 413 500"],
  /**
   * Get the standing orders
   *
   * As `GET /v1/automations/policies`.
   */
  "automationsDashboard.getDashboardPolicy": ["GET", "/growth/automations/policies", "400 401 403 405 500"],
  /**
   * Replace the standing orders
   *
   * As `PUT /v1/automations/policies`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.putDashboardPolicy": ["PUT", "/growth/automations/policies", "400 401 403 405 413 500"],
  /**
   * Get the model labels
   *
   * As `GET /v1/automations/models`.
   */
  "automationsDashboard.getDashboardModels": ["GET", "/growth/automations/models", "400 401 403 405 500"],
  /**
   * Choose the model labels
   *
   * As `PUT /v1/automations/models`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.putDashboardModels": ["PUT", "/growth/automations/models", "400 401 403 405 413 500"],
  /**
   * List tool profiles
   *
   * As `GET /v1/automations/tool-profiles`.
   */
  "automationsDashboard.listDashboardToolProfiles": ["GET", "/growth/automations/tool-profiles", "400 401 403 405 500", "page"],
  /**
   * Create or replace a tool profile
   *
   * As `POST /v1/automations/tool-profiles`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.putDashboardToolProfile": ["POST", "/growth/automations/tool-profiles", "400 401 403 405 413 500"],
  /**
   * Read memory
   *
   * As `GET /v1/automations/memory`: each entry returned is audited as a read by `user:<userId>`.
   */
  "automationsDashboard.listDashboardMemory": ["GET", "/growth/automations/memory", "400 401 403 405 500", "page"],
  /**
   * Write a memory entry
   *
   * As `PUT /v1/automations/memory`: audited as a write by `user:<userId>`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.putDashboardMemory": ["PUT", "/growth/automations/memory", "400 401 403 405 413 500"],
  /**
   * Memory audit trail
   *
   * As `GET /v1/automations/memory/audit`.
   */
  "automationsDashboard.listDashboardMemoryAudit": ["GET", "/growth/automations/memory/audit", "400 401 403 405 500", "page"],
  /**
   * List channels
   *
   * As `GET /v1/automations/channels`.
   */
  "automationsDashboard.listDashboardChannels": ["GET", "/growth/automations/channels", "400 401 403 405 500", "page"],
  /**
   * Change a record: workflows, sequences, agents, nodes
   *
   * As `workflows` as PATCH /v1/automations/workflows/{id}, `sequences` as PATCH /v1/automations/sequences/{id}, `agents` as PATCH /v1/automations/agents/{id}, `nodes` as PATCH /v1/automations/nodes/{id}. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.updateDashboardResource": ["PATCH", "/growth/automations/{resource}/{id}", "400 401 403 404 405 413 500"],
  /**
   * Delete a record: workflows, sequences, agents, nodes
   *
   * As `workflows` as DELETE /v1/automations/workflows/{id}, `sequences` as DELETE /v1/automations/sequences/{id}, `agents` as DELETE /v1/automations/agents/{id}, `nodes` as DELETE /v1/automations/nodes/{id}. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.deleteDashboardResource": ["DELETE", "/growth/automations/{resource}/{id}", "400 401 403 404 405 500"]
} as const
