// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: automation / schemas / automationAgents.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface SharedAutomationSchemasAutomationAgentsSchemas {
    readonly AgentPage: {
        readonly data: readonly components["schemas"]["Agent"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description An agent profile. An agent step naming it (`agent`) or routed to it runs with its instructions, skills, tool profile and model label (the account's labels follow as failover). Inbound messages and events go to the agent whose route key matches most specifically: `peer:<externalId>`, then `channel:<channelId>` or `event:<type>`, then `*`; ties to the agent created first; else the default agent. */
    readonly Agent: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        readonly instructions: string;
        readonly model: string | null;
        readonly toolProfile: string | null;
        readonly skills: readonly string[];
        readonly route_keys: readonly string[];
        readonly isDefault: boolean;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
}
