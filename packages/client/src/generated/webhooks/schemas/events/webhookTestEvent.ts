// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / WebhookTestEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsWebhookTestEventSchemas {
    /**
     * @description Sent only by `POST /tenants/{tenantId}/webhooks/{id}/test`, to every subscription whatever its events.
     * @example {
     *       "event": "webhook.test",
     *       "eventId": "9b5d1f3a-6e8c-4a2b-8d7f-0c4e6a2b8d91",
     *       "timestamp": "2026-03-14T09:26:53.000Z",
     *       "payload": {
     *         "subscriptionId": "c7b3f9e1-5d2a-4c8f-b6e0-1a9d3f7c5e24",
     *         "message": "A test event from ServiceKit."
     *       }
     *     }
     */
    readonly WebhookTestEvent: {
        /** @enum {string} */
        readonly event: "webhook.test";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** Format: uuid */
            readonly subscriptionId: string;
            readonly message: string;
        };
    };
}
