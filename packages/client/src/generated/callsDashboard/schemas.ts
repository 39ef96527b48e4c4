// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the callsDashboard group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

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
