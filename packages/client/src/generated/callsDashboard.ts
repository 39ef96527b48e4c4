// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the callsDashboard group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the callsDashboard group's operations use. */
export interface CallsDashboardSchemas {
    readonly DashboardCallPage: {
        readonly items: readonly components["schemas"]["Call"][];
        readonly nextCursor: string | null;
    };
    readonly CallSummary: {
        /** Format: date-time */
        readonly from: string;
        /** Format: date-time */
        readonly to: string;
        readonly calls: number;
        readonly minutes: number;
        readonly inboundOffered: number;
        readonly inboundAnswered: number;
        readonly answerRatePercent: number | null;
    };
}

export interface CallsDashboardOperations {
    readonly "callsDashboard.listDashboardCalls": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly direction?: "inbound" | "outbound";
                /** @description Only calls whose `result` is exactly this token. */
                readonly result?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["DashboardCallPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidCursorError"];
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
    readonly "callsDashboard.getCallSummary": {
        readonly parameters: {
            readonly query?: {
                readonly from?: string;
                readonly to?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["CallSummary"];
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
    readonly "callsDashboard.exportCalls": {
        readonly parameters: {
            readonly query?: {
                readonly format?: "csv" | "json";
                readonly from?: string;
                readonly to?: string;
                readonly direction?: "inbound" | "outbound";
                /** @description Only calls whose `result` is exactly this token. */
                readonly result?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": readonly components["schemas"]["Call"][];
                    readonly "text/csv": string;
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
export const callsDashboardRoutes = {
  /**
   * List the tenant's calls
   *
   * Call detail records, newest first, as the public list but shaped `{ items, nextCursor }`. Default limit 25, maximum 100.
   */
  "callsDashboard.listDashboardCalls": ["GET", "/calls", "400 401 403 405 500", "page"],
  /**
   * Summarize the tenant's calls
   *
   * Calls started in [from, to): their count and minutes, and the answer rate of inbound calls. Without bounds, the 30 days up to now; `from` alone runs to now; at most 366 days.
   */
  "callsDashboard.getCallSummary": ["GET", "/calls/summary", "400 401 403 405 500"],
  /**
   * Export the tenant's calls as CSV or JSON
   *
   * Calls started in [from, to) (full timestamps; either may be left out), newest first, optionally of one direction and one result. `format=csv` (the default) answers RFC 4180 CSV with a header line and CRLF line ends; `format=json` a JSON array of calls. Streamed, so any size can be exported. About 5 exports a minute per tenant: more answer 429 with Retry-After.
   */
  "callsDashboard.exportCalls": ["GET", "/calls/export", "400 401 403 405 429 500"]
} as const
