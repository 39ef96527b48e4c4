// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: automation / schemas / automations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface SharedAutomationSchemasAutomationsSchemas {
    readonly WorkflowPage: {
        readonly data: readonly components["schemas"]["Workflow"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    readonly Workflow: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        readonly active: boolean;
        /** @description The trigger as written, but a webhook token is never read back: `webhook` is `{ hasToken: true }`, with `token` only in the answer of the write that set it. */
        readonly triggerJson: {
            readonly [key: string]: unknown;
        };
        readonly stepsJson: readonly {
            readonly [key: string]: unknown;
        }[];
        /** Format: uuid */
        readonly flowId: string;
        readonly revision: number;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
}
