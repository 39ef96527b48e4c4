// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the platformAdmin group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface PlatformAdminSchemas {
    readonly Tenant: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        readonly entitlements: readonly ("chat" | "voice" | "transactional" | "business_email" | "marketing" | "automations" | "ai_agent")[];
        /** @description The tenant's share of background work, 1 to 100: a tenant of weight 3 takes three jobs for each one of a weight-1 tenant's while both have work. */
        readonly weight: number;
        /** @description How many of the tenant's runs may run at once, across every worker; null for the platform's default (SERVICEKIT_MAX_RUNNING_RUNS_PER_TENANT). Runs beyond it stay queued until one ends. */
        readonly maxRunningRuns: number | null;
        /** Format: date-time */
        readonly createdAt: string;
    };
    readonly IssuedDashboardToken: {
        /** @description A dashboard token for the tenant's user. Shown once. */
        readonly token: string;
        /** Format: date-time */
        readonly expiresAt: string;
    };
}
