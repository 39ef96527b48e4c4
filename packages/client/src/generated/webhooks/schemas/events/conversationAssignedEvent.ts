// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / ConversationAssignedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface WebhooksEventsConversationAssignedEventSchemas {
    /**
     * @description A conversation's assignee changed (null: unassigned).
     * @example {
     *       "event": "conversation.assigned",
     *       "eventId": "c4b1e7d2-0f6a-4c9e-8d3b-5a2f1e0c9b47",
     *       "timestamp": "2026-03-14T09:16:05.000Z",
     *       "payload": {
     *         "conversation": {
     *           "id": "9d4c2b7a-6e1f-4c3d-8a5b-2f7e9c1d4a06",
     *           "name": "Question about my invoice",
     *           "title": "Question about my invoice",
     *           "status": "open",
     *           "priority": "normal",
     *           "source": "widget",
     *           "visitorId": "4f1e8d2c-7b3a-4e9f-a6c5-1d0b8e7f2a93",
     *           "visitor": {
     *             "id": "4f1e8d2c-7b3a-4e9f-a6c5-1d0b8e7f2a93",
     *             "externalId": "customer-1042",
     *             "displayName": "Grace Hopper",
     *             "email": "grace@example.com"
     *           },
     *           "assigneeId": "ada@example.com",
     *           "labels": [
     *             "billing"
     *           ],
     *           "csat": null,
     *           "messageCount": 1,
     *           "lastMessageAt": "2026-03-14T09:15:02.000Z",
     *           "lastMessage": {
     *             "sequence": 1,
     *             "authorType": "visitor",
     *             "preview": "Hello, I was charged twice for March.",
     *             "createdAt": "2026-03-14T09:15:02.000Z"
     *           },
     *           "createdAt": "2026-03-14T09:15:02.000Z",
     *           "updatedAt": "2026-03-14T09:16:05.000Z"
     *         },
     *         "assigneeId": "ada@example.com",
     *         "previousAssigneeId": null
     *       }
     *     }
     */
    readonly ConversationAssignedEvent: {
        /** @enum {string} */
        readonly event: "conversation.assigned";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly conversation: components["schemas"]["Conversation"];
            readonly assigneeId: string | null;
            readonly previousAssigneeId: string | null;
        };
    };
}
