// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationReadouts group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the automationReadouts group's operations use. */
export interface AutomationReadoutsSchemas {
    /** @description The first-run checklist, each item done or not from what the account has stored: create_workflow, run_workflow, first_success, set_policy, tool_profile, automatic_trigger, decide_approval. */
    readonly AutomationsOnboarding: {
        readonly steps: readonly components["schemas"]["OnboardingStep"][];
        readonly completed: number;
        readonly total: number;
    };
    readonly OnboardingStep: {
        readonly id: string;
        readonly title: string;
        readonly done: boolean;
        readonly hint: string;
    };
    readonly AutomationLogPage: {
        readonly data: readonly components["schemas"]["AutomationLogEntry"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description One step result of a run. */
    readonly AutomationLogEntry: {
        /** Format: uuid */
        readonly runId: string;
        /** Format: uuid */
        readonly workflowId: string;
        readonly stepIndex: number;
        readonly type: string;
        readonly skillId: string | null;
        readonly name: string | null;
        /** @enum {string} */
        readonly status: "running" | "succeeded" | "failed" | "waiting_approval" | "waiting_node" | "waiting_timer" | "skipped";
        /** @description The step's text output, or its error if it failed. */
        readonly text: string | null;
        readonly attempt: number;
        /** Format: date-time */
        readonly at: string;
    };
    readonly AutomationMessagePage: {
        readonly data: readonly components["schemas"]["AutomationMessage"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description A message a run sent: a succeeded step of email.send, chat.post_message, channel.deliver, webhook.deliver or a deliver step. */
    readonly AutomationMessage: {
        /** Format: uuid */
        readonly runId: string;
        /** Format: uuid */
        readonly workflowId: string;
        readonly stepIndex: number;
        /** @enum {string} */
        readonly channel: "email" | "chat" | "channel" | "webhook";
        /** @description Email addresses, the conversation id, the channel id or the partner URL. */
        readonly to: readonly string[];
        readonly text: string | null;
        /** Format: date-time */
        readonly at: string;
    };
}

export interface AutomationReadoutsOperations {
    readonly "automationReadouts.getSlo": {
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
                    readonly "application/json": components["schemas"]["AutomationsSlo"];
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
    readonly "automationReadouts.getOnboarding": {
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
                    readonly "application/json": components["schemas"]["AutomationsOnboarding"];
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
    readonly "automationReadouts.listLogs": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly runId?: string;
                readonly workflowId?: string;
                readonly status?: "running" | "succeeded" | "failed" | "waiting_approval" | "waiting_node" | "waiting_timer" | "skipped";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["AutomationLogPage"];
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
    readonly "automationReadouts.listMessages": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly runId?: string;
                readonly workflowId?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["AutomationMessagePage"];
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
}

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationReadoutsRoutes = {
  /**
   * Runs' success rate and start latency
   *
   * Over the runs created in the last 7 days: counts by status, the success rate and the p50 and p95 of the time from queued to running.
   */
  "automationReadouts.getSlo": ["GET", "/v1/automations/slo", "400 401 403 405 429 500"],
  /** First-run checklist */
  "automationReadouts.getOnboarding": ["GET", "/v1/automations/onboarding", "400 401 403 405 429 500"],
  /**
   * The runs' step log
   *
   * Every step result of the runs, of one run or workflow, in one status. Newest run first (by creation), then its last step first. A page reads at most 500 runs, so it may hold fewer entries than `limit` (none, even) while `meta.nextCursor` is not null: follow it until it is.
   */
  "automationReadouts.listLogs": ["GET", "/v1/automations/logs", "400 401 403 405 429 500", "page"],
  /**
   * Messages runs sent
   *
   * Succeeded email.send, chat.post_message, channel.deliver and webhook.deliver steps and deliver steps, of every run or of one run or workflow. Newest run first (by creation), then its last step first. A page reads at most 500 runs, so it may hold fewer entries than `limit` (none, even) while `meta.nextCursor` is not null: follow it until it is.
   */
  "automationReadouts.listMessages": ["GET", "/v1/automations/messages", "400 401 403 405 429 500", "page"]
} as const
