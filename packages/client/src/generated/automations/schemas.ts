// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the automations group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface AutomationsSchemas {
    readonly FlowPage: {
        readonly data: readonly components["schemas"]["Flow"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description A workflow's definition at its latest revision (`stateJson`: name, active, triggerJson, stepsJson, deleted). */
    readonly Flow: {
        /** Format: uuid */
        readonly id: string;
        /** Format: uuid */
        readonly workflowId: string;
        readonly revision: number;
        readonly stateJson: {
            readonly [key: string]: unknown;
        };
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    /** @description No flow with this id in this account (`flow_not_found`). */
    readonly FlowNotFoundError: {
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
            readonly code: "flow_not_found";
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
