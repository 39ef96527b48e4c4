// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: retention.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface SharedRetentionSchemas {
    readonly RetentionPeriods: {
        readonly data: readonly components["schemas"]["RetentionPeriod"][];
    };
    readonly RetentionPeriod: {
        /** @description The kind of data, `module.data`, e.g. `webhooks.deliveries`. */
        readonly kind: string;
        /** @description What is kept, and from when its days count. */
        readonly description: string;
        /** @description The product it belongs to; null: the account's own. */
        readonly product: string | null;
        /** @description ServiceKit's default; null: kept until a period is set. */
        readonly defaultDays: number | null;
        /** @description The fewest days it may be kept, where a readout reads that far back (1 for most kinds). */
        readonly minimumDays: number;
        /** @description The platform's period (its setting, else the default); null: the platform keeps it. */
        readonly platformDays: number | null;
        /** @description The account's own period; null: it follows the platform's. */
        readonly tenantDays: number | null;
        /** @description What is pruned after, in days: the shorter of the platform's and the account's; null: kept. */
        readonly days: number | null;
        /** @description When the account last set its period; null: never. */
        readonly updatedAt: string | null;
    };
    /** @description No module keeps data of this kind, or it belongs to a product the account does not have (`retention_kind_not_found`). */
    readonly RetentionKindNotFoundError: {
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
            readonly code: "retention_kind_not_found";
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
