// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / MessageCreatedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface WebhooksEventsMessageCreatedEventSchemas {
    /**
     * @description A message was posted to a conversation, by its visitor, an agent or the API. `visitor` is who the conversation is with (null without one).
     * @example {
     *       "event": "message.created",
     *       "eventId": "b2e6f1a4-3c9d-4e7b-8f05-6a1d2c3e4f58",
     *       "timestamp": "2026-03-14T09:16:40.000Z",
     *       "payload": {
     *         "conversationId": "9d4c2b7a-6e1f-4c3d-8a5b-2f7e9c1d4a06",
     *         "visitor": {
     *           "id": "4f1e8d2c-7b3a-4e9f-a6c5-1d0b8e7f2a93",
     *           "externalId": "customer-1042",
     *           "displayName": "Grace Hopper",
     *           "email": "grace@example.com"
     *         },
     *         "message": {
     *           "id": "6c3a9e2f-1b8d-4f7a-9e4c-0d5b2a8f1c67",
     *           "conversationId": "9d4c2b7a-6e1f-4c3d-8a5b-2f7e9c1d4a06",
     *           "sequence": 2,
     *           "authorType": "agent",
     *           "authorId": "ada@example.com",
     *           "authorName": "Ada Lovelace",
     *           "authorInitials": "AL",
     *           "content": "Hi! I can help with that: which invoice number is it?",
     *           "files": [],
     *           "createdAt": "2026-03-14T09:16:40.000Z"
     *         }
     *       }
     *     }
     */
    readonly MessageCreatedEvent: {
        /** @enum {string} */
        readonly event: "message.created";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** Format: uuid */
            readonly conversationId: string;
            readonly visitor: components["schemas"]["VisitorSummary"] | null;
            readonly message: components["schemas"]["ChatMessage"];
        };
    };
}
