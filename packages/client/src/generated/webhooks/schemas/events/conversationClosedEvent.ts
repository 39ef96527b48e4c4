// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / ConversationClosedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface WebhooksEventsConversationClosedEventSchemas {
    /**
     * @description A conversation's status became `closed`.
     * @example {
     *       "event": "conversation.closed",
     *       "eventId": "8a2e5c1f-9d3b-4b6a-a7e4-3f0c1d2b5e96",
     *       "timestamp": "2026-03-14T09:42:10.000Z",
     *       "payload": {
     *         "conversation": {
     *           "id": "9d4c2b7a-6e1f-4c3d-8a5b-2f7e9c1d4a06",
     *           "name": "Question about my invoice",
     *           "title": "Question about my invoice",
     *           "status": "closed",
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
     *           "messageCount": 6,
     *           "lastMessageAt": "2026-03-14T09:41:55.000Z",
     *           "lastMessage": {
     *             "sequence": 6,
     *             "authorType": "visitor",
     *             "preview": "Thanks, that's all!",
     *             "createdAt": "2026-03-14T09:41:55.000Z"
     *           },
     *           "createdAt": "2026-03-14T09:15:02.000Z",
     *           "updatedAt": "2026-03-14T09:42:10.000Z"
     *         }
     *       }
     *     }
     */
    readonly ConversationClosedEvent: {
        /** @enum {string} */
        readonly event: "conversation.closed";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly conversation: components["schemas"]["Conversation"];
        };
    };
}
