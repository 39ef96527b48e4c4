// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: automation / schemas / automationSequences.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface SharedAutomationSchemasAutomationSequencesSchemas {
    readonly SequencePage: {
        readonly data: readonly components["schemas"]["Sequence"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description An ordered list of timed steps, e.g. an email, a `wait` of 2 days, a chat message. It is materialised into its own workflow (`workflowId`, manual trigger), which its runs follow. */
    readonly Sequence: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        readonly stepsJson: readonly {
            readonly [key: string]: unknown;
        }[];
        /** Format: uuid */
        readonly workflowId: string;
        readonly revision: number;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
}
