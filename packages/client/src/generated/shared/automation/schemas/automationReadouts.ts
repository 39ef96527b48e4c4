// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: automation / schemas / automationReadouts.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface SharedAutomationSchemasAutomationReadoutsSchemas {
    /** @description How the runs created in the last 7 days (`from` to `to`, both included) went. */
    readonly AutomationsSlo: {
        readonly windowDays: number;
        /** Format: date-time */
        readonly from: string;
        /** Format: date-time */
        readonly to: string;
        /** @description The window's runs by their status now. */
        readonly runs: {
            /** @description Runs created in the window */
            readonly total: number;
            /** @description Runs created in the window */
            readonly queued: number;
            /** @description Runs created in the window */
            readonly running: number;
            /** @description Runs created in the window */
            readonly waitingApproval: number;
            /** @description Runs created in the window */
            readonly waitingNode: number;
            /** @description Runs created in the window */
            readonly waitingTimer: number;
            /** @description Runs created in the window */
            readonly succeeded: number;
            /** @description Runs created in the window */
            readonly failed: number;
            /** @description Runs created in the window */
            readonly cancelled: number;
            /** @description Runs created in the window */
            readonly expired: number;
            /** @description Runs created in the window */
            readonly skipped: number;
        };
        /** @description succeeded / (succeeded + failed + expired) × 100, rounded to one decimal (a run that expired was never done); null when no run ended any of these ways. */
        readonly successRatePercent: number | null;
        readonly startLatencyMs: {
            readonly samples: number;
            readonly p50: number;
            readonly p95: number;
        } | null;
    };
}
