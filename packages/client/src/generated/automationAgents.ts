// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationAgents group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

export interface AutomationAgentsOperations {
    readonly "automationAgents.listAgents": {
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
    readonly "automationAgents.createAgent": {
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
    readonly "automationAgents.deleteAgent": {
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
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["AgentNotFoundError"];
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
    readonly "automationAgents.updateAgent": {
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
                     * maxLength(100)
                     * @description a string at most 100 character(s) long
                     */
                    readonly name?: string;
                    /**
                     * maxLength(20000)
                     * @description a string at most 20000 character(s) long
                     */
                    readonly instructions?: string;
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
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["AgentNotFoundError"];
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

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationAgentsRoutes = {
  /** List agents */
  "automationAgents.listAgents": ["GET", "/v1/automations/agents", "400 401 403 405 429 500", "page"],
  /**
   * Create an agent
   *
   * `model` must be a label this platform configures, `toolProfile` one of the account's profiles, `skills` known skills; at most 20 route keys, none twice. An agent created with `isDefault: true` takes over as the account's default. At most 100 agents.
   */
  "automationAgents.createAgent": ["POST", "/v1/automations/agents", "400 401 403 405 413 429 500"],
  /**
   * Change an agent
   *
   * Changes the fields given; `null` clears `model` or `toolProfile`.
   */
  "automationAgents.updateAgent": ["PATCH", "/v1/automations/agents/{id}", "400 401 403 404 405 413 429 500"],
  /**
   * Delete an agent
   *
   * Answers the agent deleted. A step naming it fails when a run reaches it; its sessions stay readable.
   */
  "automationAgents.deleteAgent": ["DELETE", "/v1/automations/agents/{id}", "400 401 403 404 405 429 500"]
} as const
