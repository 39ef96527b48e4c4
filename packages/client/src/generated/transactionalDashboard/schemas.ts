// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the transactionalDashboard group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface TransactionalDashboardSchemas {
    /** @description Deliveries in [from, to): messages sent, and messages that failed for good (attempts that were retried do not count), per UTC day (`YYYY-MM-DD`, days without deliveries left out) and per template (`templateId` null: inline sends), most first. */
    readonly TransactionalStatistics: {
        /** Format: date-time */
        readonly from: string;
        /** Format: date-time */
        readonly to: string;
        readonly byDay: readonly {
            readonly day: string;
            readonly sent: number;
            readonly failed: number;
        }[];
        readonly byTemplate: readonly {
            readonly templateId: string | null;
            readonly templateName: string | null;
            readonly sent: number;
            readonly failed: number;
        }[];
    };
}
