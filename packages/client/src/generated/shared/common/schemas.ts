// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: common / schemas.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../index.js"

export interface SharedCommonSchemasSchemas {
    readonly ApiKey: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string | null;
        /** @enum {string} */
        readonly product: "chat" | "voice" | "transactional" | "automations";
        /** @enum {string} */
        readonly environment: "live" | "test";
        readonly prefix: string;
        readonly scopes: readonly string[];
        readonly expiresAt: string | null;
        readonly ipAllowlist: readonly string[];
        /** Format: date-time */
        readonly createdAt: string;
        readonly revokedAt: string | null;
    };
    readonly CreatedApiKey: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string | null;
        /** @enum {string} */
        readonly product: "chat" | "voice" | "transactional" | "automations";
        /** @enum {string} */
        readonly environment: "live" | "test";
        readonly prefix: string;
        readonly scopes: readonly string[];
        readonly expiresAt: string | null;
        readonly ipAllowlist: readonly string[];
        /** Format: date-time */
        readonly createdAt: string;
        readonly revokedAt: string | null;
        /** @description The plaintext key. Shown once; store it now. */
        readonly key: string;
    };
    /** @description `name` is the title it was given; `title` what to show: the name, else the visitor's display name, email or `externalId` (null when none is known). `visitor` is who it is with (null without one); `assigneeId` the agent (dashboard user id) it is assigned to; `labels` the team's labels (lower case, at most 10; never shown to the visitor); `csat` the visitor's rating once given; `messageCount` the `sequence` of its last message. */
    readonly Conversation: {
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
    };
    /** @description Who the conversation is with, as the visitor's record says now. */
    readonly VisitorSummary: {
        /** Format: uuid */
        readonly id: string;
        readonly externalId: string;
        readonly displayName: string | null;
        readonly email: string | null;
    };
    /** @description The conversation's newest message as a list shows it: `preview` is its first line with text, whitespace collapsed, at most 140 characters. Plain text: show it as text, never as HTML. */
    readonly LastMessage: {
        readonly sequence: number;
        /** @enum {string} */
        readonly authorType: "visitor" | "agent" | "api" | "system";
        readonly preview: string;
        /** Format: date-time */
        readonly createdAt: string;
    };
    /** @description `sequence` numbers a conversation's messages 1, 2, 3... in the order they were stored; `authorId` is the agent's id for agent messages and the visitor's id for visitor messages, null for api and system ones. `authorName` and `authorInitials`: an agent's display name and initials as their profile had them when they wrote, null for other authors and for agents without a profile. Content is plain text: show it as text, never as HTML; it may be empty when the message carries `files`. */
    readonly ChatMessage: {
        /** Format: uuid */
        readonly id: string;
        /** Format: uuid */
        readonly conversationId: string;
        readonly sequence: number;
        /** @enum {string} */
        readonly authorType: "visitor" | "agent" | "api" | "system";
        readonly authorId: string | null;
        readonly authorName: string | null;
        readonly authorInitials: string | null;
        readonly content: string;
        readonly files: readonly components["schemas"]["ChatFile"][];
        /** Format: date-time */
        readonly createdAt: string;
    };
    /** @description A file of a message or canned response. `contentType` was decided from the bytes, not the name. `url` downloads it without a credential until `expiresAt` (at least 24 hours after it was given; `GET /v1/chat/files/{id}` gives a fresh one). `inline` files are raster images shown as they are; every other file is served as an attachment to save. `name` is plain text: show it as text, never as HTML. */
    readonly ChatFile: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        readonly contentType: string;
        readonly size: number;
        readonly inline: boolean;
        readonly url: string;
        /** Format: date-time */
        readonly expiresAt: string;
    };
    readonly Call: {
        /** Format: uuid */
        readonly id: string;
        readonly fromId: string;
        readonly toId: string;
        /** @enum {string} */
        readonly direction: "inbound" | "outbound";
        readonly durationSecs: number;
        /**
         * @description The call's outcome as the carrier recorded it: any lowercase token (a-z, 0-9, _ and -). Common values: `completed`, `answered`, `in-progress`, `missed`, `no_answer`, `no-answer`, `busy`, `failed`, `rejected`, `canceled`, `voicemail`, `queued`, `ringing`. `completed`, `answered`, `in-progress`, `in_progress` count as answered in the usage figures.
         * @example completed
         * @example no-answer
         */
        readonly result: string;
        /** Format: date-time */
        readonly startedAt: string;
        readonly endedAt: string | null;
        readonly callSid: string | null;
        readonly mosScore: number | null;
    };
    readonly Approval: {
        /** Format: uuid */
        readonly id: string;
        /** Format: uuid */
        readonly runId: string;
        /** Format: uuid */
        readonly workflowId: string;
        readonly stepIndex: number;
        readonly title: string;
        readonly skillId: string | null;
        /** @description The exact input the skill runs with once approved, when an agent step's tool call asked; else null. */
        readonly input: {
            readonly [key: string]: unknown;
        } | null;
        /**
         * @description `cancelled`: its run was cancelled while it waited; a retried run asks for a new approval.
         * @enum {string}
         */
        readonly status: "pending" | "approved" | "rejected" | "expired" | "cancelled";
        readonly note: string | null;
        /** Format: date-time */
        readonly expiresAt: string;
        readonly decidedAt: string | null;
        /** Format: date-time */
        readonly createdAt: string;
    };
}
