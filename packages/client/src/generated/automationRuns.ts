// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationRuns group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

export interface AutomationRunsOperations {
    readonly "automationRuns.runWorkflow": {
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
    readonly "automationRuns.listRuns": {
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
    readonly "automationRuns.getRun": {
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
    readonly "automationRuns.cancelRun": {
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
    readonly "automationRuns.retryRun": {
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
    readonly "automationRuns.listApprovals": {
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
    readonly "automationRuns.decideApproval": {
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
export const automationRunsRoutes = {
  /**
   * Run a workflow
   *
   * Stores a queued run of the workflow at its current revision (`{{context}}` and `{{payload.*}}` in its steps come from the body) and queues it for a worker. An inactive workflow or one without steps is a 400 `workflow_inactive`.
   */
  "automationRuns.runWorkflow": ["POST", "/v1/automations/workflows/{id}/run", "400 401 403 404 405 413 429 500"],
  /**
   * List runs
   *
   * Newest first, optionally of one workflow or in one status.
   */
  "automationRuns.listRuns": ["GET", "/v1/automations/runs", "400 401 403 405 429 500", "page"],
  /** Get a run */
  "automationRuns.getRun": ["GET", "/v1/automations/runs/{id}", "400 401 403 404 405 429 500"],
  /**
   * Cancel a run
   *
   * A queued, running or waiting run; anything else is a 409. A step in progress finishes, and nothing after it runs.
   */
  "automationRuns.cancelRun": ["POST", "/v1/automations/runs/{id}/cancel", "400 401 403 404 405 409 429 500"],
  /**
   * Retry a run
   *
   * Queues a failed or cancelled run again: it resumes at the step that did not finish; finished steps do not run again.
   */
  "automationRuns.retryRun": ["POST", "/v1/automations/runs/{id}/retry", "400 401 403 404 405 409 429 500"],
  /**
   * List approvals
   *
   * Newest first. An approval step waits 72 hours unless it sets `expiresInSeconds`; then it expires and its run fails.
   */
  "automationRuns.listApprovals": ["GET", "/v1/automations/approvals", "400 401 403 405 429 500", "page"],
  /**
   * Approve or reject
   *
   * Approving queues the run to go on after the step; rejecting fails it. Once only.
   */
  "automationRuns.decideApproval": ["POST", "/v1/automations/approvals/{id}/decide", "400 401 403 404 405 409 413 429 500"]
} as const
