// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the platformAdmin group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

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
        /** @description Set while the platform has the tenant suspended (POST .../suspend): every credential of the tenant gets 403 tenant_suspended and none of its background work starts. Null in good standing. */
        readonly suspension: components["schemas"]["TenantSuspension"] | null;
        /** Format: date-time */
        readonly createdAt: string;
    };
    readonly TenantSuspension: {
        /** Format: date-time */
        readonly at: string;
        readonly reason: string | null;
    };
    readonly TenantDeletion: {
        /** Format: uuid */
        readonly tenantId: string;
        /**
         * @description deleting: suspended, its rows going in the background; deleted: nothing of it is left.
         * @enum {string}
         */
        readonly status: "deleting" | "deleted";
        /** Format: date-time */
        readonly requestedAt: string;
        readonly finishedAt: string | null;
        /** @description Rows deleted so far, by kind (a table of the storage, e.g. chat_messages); kinds of which none was held are left out. */
        readonly deleted: {
            readonly [key: string]: number;
        };
    };
    readonly IssuedDashboardToken: {
        /** @description A dashboard token for the tenant's user. Shown once. */
        readonly token: string;
        /** Format: date-time */
        readonly expiresAt: string;
    };
    /** @description A tenant whose deletion was requested cannot be resumed (`tenant_being_deleted`). */
    readonly TenantBeingDeletedError: {
        readonly error: {
            /**
             * @description The family of the error, by status.
             * @enum {string}
             */
            readonly type: "conflict";
            /**
             * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
             * @enum {string}
             */
            readonly code: "tenant_being_deleted";
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
    /** @description No deletion of this tenant was requested (`tenant_deletion_not_found`). */
    readonly TenantDeletionNotFoundError: {
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
            readonly code: "tenant_deletion_not_found";
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
