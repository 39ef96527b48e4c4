// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the operations group's types and routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas only the operations group's operations use. */
export interface OperationsSchemas {
    /** @description A dependency is down; details name it. */
    readonly NotReadyError: {
        readonly error: {
            /**
             * @description The family of the error, by status.
             * @enum {string}
             */
            readonly type: "unavailable";
            /**
             * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
             * @enum {string}
             */
            readonly code: "not_ready";
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

export interface OperationsOperations {
    readonly "operations.healthz": {
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
                    readonly "application/json": {
                        /** @enum {string} */
                        readonly status: "ok";
                    };
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
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
    readonly "operations.readyz": {
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
                    readonly "application/json": {
                        /** @enum {string} */
                        readonly status: "ready";
                        readonly checks: {
                            readonly [key: string]: "ok";
                        };
                        /** @description Present while something needs an operator without making this process unready: `workers` when jobs have been due for SERVICEKIT_WORKER_STALL_SECONDS (30) and no worker has taken any. */
                        readonly warnings?: readonly {
                            readonly field: string;
                            readonly reason: string;
                        }[];
                    };
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
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
            readonly 503: {
                content: {
                    readonly "application/json": components["schemas"]["NotReadyError"];
                };
            };
        };
    };
}

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const operationsRoutes = {
  /**
   * Liveness probe
   *
   * Liveness: the process is up and serving. Never touches a dependency.
   */
  "operations.healthz": ["GET", "/healthz", "400 405 500"],
  /**
   * Readiness probe
   *
   * Readiness: the database answers with every migration applied, and Redis answers when configured. 503 names the dependency that does not.
   */
  "operations.readyz": ["GET", "/readyz", "400 405 500 503"]
} as const
