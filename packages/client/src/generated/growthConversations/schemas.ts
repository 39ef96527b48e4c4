// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the growthConversations group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface GrowthConversationsSchemas {
    readonly GrowthConversationPage: {
        readonly data: readonly components["schemas"]["GrowthConversation"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description An email thread of the tenant's team with one contact. `messageCount` is the `sequence` of its last message; `createdBy` the dashboard user who started it. */
    readonly GrowthConversation: {
        /** Format: uuid */
        readonly id: string;
        readonly contact: {
            readonly email: string;
            readonly name: string | null;
        };
        readonly subject: string;
        /** @enum {string} */
        readonly status: "open" | "closed";
        readonly messageCount: number;
        /** Format: date-time */
        readonly lastMessageAt: string;
        readonly createdBy: string;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    /** @description The conversation with its latest 200 messages at most, oldest first: when `messageCount` is larger, the earlier ones are left out. */
    readonly GrowthConversationThread: {
        /** Format: uuid */
        readonly id: string;
        readonly contact: {
            readonly email: string;
            readonly name: string | null;
        };
        readonly subject: string;
        /** @enum {string} */
        readonly status: "open" | "closed";
        readonly messageCount: number;
        /** Format: date-time */
        readonly lastMessageAt: string;
        readonly createdBy: string;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
        readonly messages: readonly components["schemas"]["GrowthMessage"][];
    };
    /** @description `sequence` numbers a conversation's messages 1, 2, 3... in the order they were stored. `authorId` is the dashboard user who wrote an outbound message (null for the contact's). `emailMessageId` is the Transactional message that carried an outbound one: its delivery attempts are in `GET /growth/transactional/logs?source=growth_conversations_v1` with that `metadata.messageId`. Content is plain text: show it as text, never as HTML. */
    readonly GrowthMessage: {
        /** Format: uuid */
        readonly id: string;
        /** Format: uuid */
        readonly conversationId: string;
        readonly sequence: number;
        /** @enum {string} */
        readonly direction: "outbound" | "inbound";
        readonly content: string;
        readonly authorId: string | null;
        readonly emailMessageId: string | null;
        /** Format: date-time */
        readonly createdAt: string;
    };
    /** @description No growth conversation with this id in this account (`growth_conversation_not_found`). */
    readonly GrowthConversationNotFoundError: {
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
            readonly code: "growth_conversation_not_found";
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
