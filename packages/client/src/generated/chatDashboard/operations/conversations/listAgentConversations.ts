// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatDashboard group's operations: conversations / listAgentConversations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface ChatDashboardConversationsListAgentConversationsOperations {
    readonly "chatDashboard.listAgentConversations": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly status?: "open" | "pending" | "resolved" | "closed";
                readonly source?: string;
                /** @description `me`: only the conversations assigned to the token's user; `nobody`: only unassigned ones. */
                readonly assigned?: "me" | "nobody";
                readonly label?: string;
                readonly q?: string;
                /** @description Only the conversations of this visitor (a Visitor's `id`). */
                readonly visitorId?: string;
            };
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["AgentConversationPage"];
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
}
