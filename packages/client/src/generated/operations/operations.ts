// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the operations group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

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
