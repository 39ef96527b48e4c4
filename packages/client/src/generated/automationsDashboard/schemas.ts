// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the automationsDashboard group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

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
