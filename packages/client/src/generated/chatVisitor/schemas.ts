// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the chatVisitor group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface ChatVisitorSchemas {
    readonly VisitorConversation: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string | null;
        /** @enum {string} */
        readonly status: "open" | "pending" | "resolved" | "closed";
        readonly csat: {
            readonly rating: number;
            readonly comment: string | null;
            /** Format: date-time */
            readonly submittedAt: string;
        } | null;
    };
    readonly VisitorChatMessagePage: {
        readonly data: readonly components["schemas"]["VisitorChatMessage"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    readonly VisitorChatMessage: {
        /** Format: uuid */
        readonly id: string;
        readonly sequence: number;
        /** @enum {string} */
        readonly authorType: "visitor" | "agent" | "api" | "system";
        readonly content: string;
        /** Format: date-time */
        readonly createdAt: string;
    };
}
