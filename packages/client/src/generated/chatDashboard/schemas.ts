// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the chatDashboard group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface ChatDashboardSchemas {
    readonly AgentConversationPage: {
        readonly data: readonly components["schemas"]["AgentConversation"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description A Conversation with what the token's user has read of it: `lastReadSequence` the `sequence` of the last message they read (0: none), `unreadCount` the messages after it. Replying or marking it read moves it. */
    readonly AgentConversation: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string | null;
        readonly title: string | null;
        /** @enum {string} */
        readonly status: "open" | "pending" | "resolved" | "closed";
        /** @enum {string} */
        readonly priority: "low" | "normal" | "high" | "urgent";
        readonly source: string;
        readonly visitorId: string | null;
        readonly visitor: components["schemas"]["VisitorSummary"] | null;
        readonly assigneeId: string | null;
        readonly labels: readonly string[];
        readonly csat: {
            readonly rating: number;
            readonly comment: string | null;
            /** Format: date-time */
            readonly submittedAt: string;
        } | null;
        readonly messageCount: number;
        readonly lastMessageAt: string | null;
        readonly lastMessage: components["schemas"]["LastMessage"] | null;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
        readonly lastReadSequence: number;
        readonly unreadCount: number;
    };
    /** @description The tenant's chat widget: `snippet` is the one line of HTML its website needs, the loader script `scriptUrl` with the site key. `identitySecretAt`: since when it takes signed-in visitors (the identity secret's time), null while it takes anonymous ones only. */
    readonly ChatWidget: {
        readonly siteKey: string;
        readonly scriptUrl: string;
        readonly snippet: string;
        readonly identitySecretAt: string | null;
    };
    /** @description Shown once. Your server signs a signed-in visitor's `externalId` with it: the lowercase hex HMAC-SHA256 of the `externalId` under this secret goes in the widget's line as `data-identity-hash`, beside `data-external-id`. */
    readonly WidgetIdentitySecret: {
        readonly identitySecret: string;
        /** Format: date-time */
        readonly createdAt: string;
    };
}
