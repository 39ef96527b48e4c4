// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / CsatSubmittedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsCsatSubmittedEventSchemas {
    /**
     * @description The visitor rated a resolved or closed conversation (1 to 5).
     * @example {
     *       "event": "csat.submitted",
     *       "eventId": "f0e9d8c7-2b1a-4f3e-9d5c-6b7a8e9f0a12",
     *       "timestamp": "2026-03-14T09:43:31.000Z",
     *       "payload": {
     *         "conversationId": "9d4c2b7a-6e1f-4c3d-8a5b-2f7e9c1d4a06",
     *         "visitorId": "4f1e8d2c-7b3a-4e9f-a6c5-1d0b8e7f2a93",
     *         "rating": 5,
     *         "comment": "Quick and friendly, thank you!",
     *         "submittedAt": "2026-03-14T09:43:31.000Z"
     *       }
     *     }
     */
    readonly CsatSubmittedEvent: {
        /** @enum {string} */
        readonly event: "csat.submitted";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** Format: uuid */
            readonly conversationId: string;
            readonly visitorId: string | null;
            readonly rating: number;
            readonly comment: string | null;
            /** Format: date-time */
            readonly submittedAt: string;
        };
    };
}
