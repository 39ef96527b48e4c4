// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: automation / schemas / automationSessions.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface SharedAutomationSchemasAutomationSessionsSchemas {
    readonly SessionPage: {
        readonly data: readonly components["schemas"]["Session"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description A transcript with a scope: `dm` (one peer's conversation), `group`, `channel`, `run` (one run's) or `workspace` (the account's). Scopes isolate: two peers never share a `dm` session, and memory an agent reads or writes in a session other than `workspace` stays in that session. */
    readonly Session: {
        /** Format: uuid */
        readonly id: string;
        /** @enum {string} */
        readonly scope: "dm" | "group" | "run" | "channel" | "workspace";
        readonly agentId: string | null;
        readonly peer: string | null;
        readonly title: string | null;
        /** @description Entries up to this sequence number are covered by the summary `summarySeq` (0: never compacted). */
        readonly compactedThroughSeq: number;
        readonly summarySeq: number | null;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    readonly SessionDetail: {
        /** Format: uuid */
        readonly id: string;
        /** @enum {string} */
        readonly scope: "dm" | "group" | "run" | "channel" | "workspace";
        readonly agentId: string | null;
        readonly peer: string | null;
        readonly title: string | null;
        /** @description Entries up to this sequence number are covered by the summary `summarySeq` (0: never compacted). */
        readonly compactedThroughSeq: number;
        readonly summarySeq: number | null;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
        /** @description Estimated tokens of what the model reads: the latest summary and the entries after it. */
        readonly tokenEstimate: number;
        readonly messages: readonly components["schemas"]["SessionEntry"][];
        readonly meta: {
            readonly limit: number;
            readonly nextAfter: number | null;
        };
    };
    readonly SessionEntry: {
        readonly seq: number;
        /** @enum {string} */
        readonly role: "user" | "assistant" | "tool" | "summary";
        readonly content: string;
        readonly toolCall: {
            readonly skillId: string;
            readonly input: unknown;
        } | null;
        /** @description A tool result's call: the entry that made it. */
        readonly callSeq: number | null;
        /** @description The entries a summary stands for. */
        readonly covers: {
            readonly fromSeq: number;
            readonly toSeq: number;
        } | null;
        /** @description What wrote it: `<runId>:<step>:<attempt>:<turn>:<part>` for an agent step. */
        readonly source: string | null;
        readonly tokens: number;
        /** Format: date-time */
        readonly createdAt: string;
    };
}
