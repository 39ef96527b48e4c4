// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationSessions group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

export interface AutomationSessionsOperations {
    readonly "automationSessions.listSessions": {
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
    readonly "automationSessions.openSession": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @enum {string} */
                    readonly scope: "dm" | "group" | "run" | "channel" | "workspace";
                    readonly agentId?: string | null;
                    readonly peer?: string | null;
                    readonly title?: string | null;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Session"];
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
    readonly "automationSessions.getSession": {
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
export const automationSessionsRoutes = {
  /**
   * List sessions
   *
   * Newest first, optionally of one scope, agent or peer.
   */
  "automationSessions.listSessions": ["GET", "/v1/automations/sessions", "400 401 403 405 429 500", "page"],
  /**
   * Open a session
   *
   * Answers the account's session of this scope, agent and peer, creating it if there is none (they make one session; each agent keeps its own). `peer` is required for `dm`, `group`, `channel` and `run`, and absent for `workspace`. Agent steps open theirs the same way.
   */
  "automationSessions.openSession": ["POST", "/v1/automations/sessions", "400 401 403 405 413 429 500"],
  /**
   * Get a session and its transcript
   *
   * The session and its entries in order, `limit` (default 100) after the sequence number `after`: messages, tool calls, their results and compaction summaries. Compaction never deletes: once what the model reads passes 60% of the primary model label's context window, the older entries are summarised into a `summary` entry and the newest entries within 25% are kept as they are (a tool result always with its call).
   */
  "automationSessions.getSession": ["GET", "/v1/automations/sessions/{id}", "400 401 403 404 405 429 500"]
} as const
