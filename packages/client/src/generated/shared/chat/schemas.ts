// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: chat / schemas.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../index.js"

export interface SharedChatSchemasSchemas {
    readonly ChatMessagePage: {
        readonly data: readonly components["schemas"]["ChatMessage"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    readonly ChatMessageInput: {
        readonly content: string;
        /** @description Files to send with it, at most 10: uploaded to this conversation, or (not for visitors) library files, which are copied into it. */
        readonly fileIds?: readonly string[];
    };
    readonly ConversationNotePage: {
        readonly data: readonly components["schemas"]["ConversationNote"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description A private note: the team's own, never shown to the visitor nor sent to webhooks. `authorId` is the agent's id (null for the API); `authorName` and `authorInitials` sign it as the agent's replies are. Content is plain text: show it as text, never as HTML. */
    readonly ConversationNote: {
        /** Format: uuid */
        readonly id: string;
        /** Format: uuid */
        readonly conversationId: string;
        /** @enum {string} */
        readonly authorType: "agent" | "api";
        readonly authorId: string | null;
        readonly authorName: string | null;
        readonly authorInitials: string | null;
        readonly content: string;
        /** Format: date-time */
        readonly createdAt: string;
    };
    readonly VisitorPage: {
        readonly data: readonly components["schemas"]["Visitor"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    readonly Visitor: {
        /** Format: uuid */
        readonly id: string;
        readonly externalId: string;
        readonly displayName: string | null;
        readonly email: string | null;
        readonly attributes: {
            readonly [key: string]: unknown;
        };
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    /** @description How the chat looks to visitors: the tenant's appearance, the platform's brand where it sets nothing. `logoUrl` is the platform's logo, given only with the platform's name. Show every text as text, never as HTML. */
    readonly ShownChatAppearance: {
        readonly displayName: string;
        readonly logoUrl: string | null;
        readonly accentColor: string;
        readonly greeting: string;
        /** @enum {string} */
        readonly launcherPosition: "right" | "left";
    };
    readonly CannedResponseList: {
        readonly data: readonly components["schemas"]["CannedResponse"][];
    };
    /** @description A reply the team keeps ready: agents type `/` and its `shortcut` to insert `content`, which they may edit before sending, with its library `files` (sent as the reply's `fileIds`). Show every text as text, never as HTML. */
    readonly CannedResponse: {
        /** Format: uuid */
        readonly id: string;
        readonly name: string;
        readonly shortcut: string;
        readonly content: string;
        readonly files: readonly components["schemas"]["ChatFile"][];
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    readonly CannedResponseInput: {
        readonly name: string;
        readonly shortcut: string;
        readonly content: string;
        /** @description Library files (`POST /v1/chat/files`) sent with it, at most 5; on a change, the whole list. */
        readonly fileIds?: readonly string[];
    };
    readonly CannedResponseChange: {
        readonly name?: string;
        readonly shortcut?: string;
        readonly content?: string;
        /** @description Library files (`POST /v1/chat/files`) sent with it, at most 5; on a change, the whole list. */
        readonly fileIds?: readonly string[];
    };
    readonly PresentAgentList: {
        readonly data: readonly components["schemas"]["PresentAgent"][];
    };
    /** @description An agent online or away now, as they last said, with their profile's name (null without one). */
    readonly PresentAgent: {
        readonly agentId: string;
        /** @enum {string} */
        readonly status: "online" | "away";
        /** Format: date-time */
        readonly seenAt: string;
        readonly displayName: string | null;
        readonly initials: string | null;
    };
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
    /** @description Whether a visitor can chat now: within the working hours with an agent online. Otherwise `reason` says why (`outside_hours` before `nobody_online`) and the widget shows `awayMessage` (as text) with a field for the visitor's email; they may still write. */
    readonly ChatAvailability: {
        readonly available: boolean;
        readonly reason: ("outside_hours" | "nobody_online") | null;
        readonly awayMessage: string;
    };
    /** @description `authorName` and `authorInitials` sign an agent's message (null for other authors and agents without a profile). Content is plain text: show it as text, never as HTML; it may be empty when the message carries `files`. */
    readonly VisitorChatMessage: {
        /** Format: uuid */
        readonly id: string;
        readonly sequence: number;
        /** @enum {string} */
        readonly authorType: "visitor" | "agent" | "api" | "system";
        readonly authorName: string | null;
        readonly authorInitials: string | null;
        readonly content: string;
        readonly files: readonly components["schemas"]["ChatFile"][];
        /** Format: date-time */
        readonly createdAt: string;
    };
    /** @description What the account's chat takes, both ways: files up to `maxFileBytes` of these kinds (decided from the bytes). images: PNG, JPEG, GIF, WebP (shown inline); pdf; text: UTF-8 text (HTML and SVG included, only ever served to save); documents: Office and OpenDocument files, RTF; archives: zip, gzip, 7z, tar; audio; video. Defaults: 10485760 bytes, images, pdf, text, documents, archives. */
    readonly ChatFileRules: {
        readonly maxFileBytes: number;
        readonly kinds: readonly ("images" | "pdf" | "text" | "documents" | "archives" | "audio" | "video")[];
    };
    readonly ChatFileRulesChange: {
        readonly maxFileBytes?: number;
        readonly kinds?: readonly string[];
    };
    /** @description How conversations find their agent. `manual`: agents and the API assign them. `auto`: each open conversation nobody holds, oldest first, goes to the next agent in turn (by id) who is online (said so within 2 minutes; away agents get none) and holds fewer than `capacity` open or pending conversations; when a place frees (a conversation resolved, closed or handed over, an agent online), the oldest waiting goes first. Each assignment emits `conversation.assigned`. Defaults: manual, 3. */
    readonly ChatAssignmentRules: {
        /** @enum {string} */
        readonly mode: "manual" | "auto";
        readonly capacity: number;
    };
    readonly ChatAssignmentChange: {
        readonly mode?: string;
        readonly capacity?: number;
    };
}
