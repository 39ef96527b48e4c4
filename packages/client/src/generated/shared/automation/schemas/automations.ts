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
    readonly WorkflowSteps: readonly ({
        /** @enum {string} */
        readonly type: "skill";
        /** @description a string at most 200 character(s) long */
        readonly name?: string;
        readonly skillId: string;
        readonly input: unknown;
        /** @description a string at most 100 character(s) long */
        readonly toolProfile?: string;
    } | {
        /** @enum {string} */
        readonly type: "deliver";
        /** @description a string at most 200 character(s) long */
        readonly name?: string;
        /** @description a string at most 200 character(s) long */
        readonly channelId: string;
        /** @description a string at most 10000 character(s) long */
        readonly content?: string;
    } | {
        /** @enum {string} */
        readonly type: "log";
        /** @description a string at most 200 character(s) long */
        readonly name?: string;
        /** @description a string at most 10000 character(s) long */
        readonly message?: string;
    } | {
        /** @enum {string} */
        readonly type: "agent";
        /** @description a string at most 200 character(s) long */
        readonly name?: string;
        /** @description a string at most 20000 character(s) long */
        readonly instructions?: string;
        /**
         * Format: uuid
         * @description a Universally Unique Identifier
         */
        readonly agent?: string;
        /** @description an array of at most 50 item(s) */
        readonly skills?: readonly string[];
        /** @description a string at most 100 character(s) long */
        readonly toolProfile?: string;
        /** @description a number between 1 and 100 */
        readonly maxTurns?: number;
        readonly session?: {
            /** @enum {string} */
            readonly scope: "dm" | "group" | "run" | "channel" | "workspace";
            /** @description a string at most 200 character(s) long */
            readonly peer?: string;
        };
    } | {
        /** @enum {string} */
        readonly type: "approval";
        /** @description a string at most 200 character(s) long */
        readonly name?: string;
        /** @description a string at most 200 character(s) long */
        readonly title?: string;
        /** @description a number between 60 and 2592000 */
        readonly expiresInSeconds?: number;
    } | {
        /** @enum {string} */
        readonly type: "wait";
        /** @description a string at most 200 character(s) long */
        readonly name?: string;
        readonly days?: number;
        readonly hours?: number;
        readonly minutes?: number;
        readonly seconds?: number;
    })[];
}
