// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: automation / schemas / automationGovernance.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface SharedAutomationSchemasAutomationGovernanceSchemas {
    /** @description The account's standing orders: `{{policy}}` in step inputs, and the instructions AI steps follow. `updatedAt` is null until written. */
    readonly Policy: {
        readonly standingOrders: string;
        readonly updatedAt: string | null;
    };
    /** @description The model labels `ai.invoke` and agent steps ask: `primary` first, then each `failover` label in order. Before the account chooses, the platform's default (`updatedAt` null); `primary` is null when the platform has no language model. */
    readonly ModelChoice: {
        readonly primary: string | null;
        readonly failover: readonly string[];
        readonly updatedAt: string | null;
        /** @description How each of those labels has agent steps call skills, as the operator configured it: `text`, by the `TOOL_CALL:`/`FINAL:` lines any model can write, or `native`, through the chat completions `tools` and `tool_calls` fields. */
        readonly toolCalls: {
            readonly [key: string]: "text" | "native";
        };
    };
    readonly ToolProfilePage: {
        readonly data: readonly components["schemas"]["ToolProfile"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description Which skills runs may call. `allow` (when not empty) lists the only skills allowed, `deny` refuses skills; `requireApprovalSkills` makes a skill wait for an approval, and `!skill` lifts a default gate (system.run, browser.navigate and browser.evaluate wait by default). Skill and agent steps follow the profile they name as `toolProfile`, else the profile named `default` when there is one. */
    readonly ToolProfile: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        readonly allow: readonly string[];
        readonly deny: readonly string[];
        readonly requireApprovalSkills: readonly string[];
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    readonly MemoryPage: {
        readonly data: readonly components["schemas"]["MemoryEntry"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    readonly MemoryEntry: {
        /** Format: uuid */
        readonly id: string;
        readonly key: string;
        readonly value: unknown;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    readonly MemoryAuditPage: {
        readonly data: readonly components["schemas"]["MemoryAuditEntry"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    readonly MemoryAuditEntry: {
        /** Format: uuid */
        readonly id: string;
        readonly key: string;
        /** @enum {string} */
        readonly action: "read" | "write";
        /** @description `key:<apiKeyId>` for an API caller, `user:<userId>` for a dashboard user, `run:<runId>` for a run's step. */
        readonly actor: string;
        /** Format: date-time */
        readonly createdAt: string;
    };
}
