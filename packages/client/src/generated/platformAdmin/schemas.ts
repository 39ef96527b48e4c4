// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the platformAdmin group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface PlatformAdminSchemas {
    readonly Tenant: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        readonly entitlements: readonly ("chat" | "voice" | "transactional" | "business_email" | "marketing" | "automations" | "ai_agent")[];
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
