// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / ConversationCreatedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface WebhooksEventsConversationCreatedEventSchemas {
    /**
     * @description A conversation was opened, by a chat session or through the API.
     * @example {
     *       "event": "conversation.created",
     *       "eventId": "1f7d3b9e-5a2c-4d8f-b1e6-7c4a0e9d2b35",
     *       "timestamp": "2026-03-14T09:15:02.000Z",
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
     *           "assigneeId": null,
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
     *           "updatedAt": "2026-03-14T09:15:02.000Z"
     *         }
     *       }
     *     }
     */
    readonly ConversationCreatedEvent: {
        /** @enum {string} */
        readonly event: "conversation.created";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly conversation: components["schemas"]["Conversation"];
        };
    };
}
