// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / EndpointDisabledEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsEndpointDisabledEventSchemas {
    /**
     * @description One of the tenant's endpoints was turned off (`reason`); sent to its other endpoints that receive this event. PATCH `active: true` turns it on again.
     * @example {
     *       "event": "endpoint.disabled",
     *       "eventId": "3e9a1d5b-7c2f-4b8e-a0d6-9f4c2e8b1a57",
     *       "timestamp": "2026-03-19T09:26:53.000Z",
     *       "payload": {
     *         "endpoint": {
     *           "id": "c7b3f9e1-5d2a-4c8f-b6e0-1a9d3f7c5e24",
     *           "url": "https://example.com/webhooks/servicekit",
     *           "description": "Order system",
     *           "reason": "failing",
     *           "failingSince": "2026-03-14T09:26:53.000Z"
     *         }
     *       }
     *     }
     */
    readonly EndpointDisabledEvent: {
        /** @enum {string} */
        readonly event: "endpoint.disabled";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly endpoint: {
                /** Format: uuid */
                readonly id: string;
                readonly url: string;
                readonly description: string | null;
                /**
                 * @description `failing`: every attempt failed for the configured time (5 days by default); `gone`: it answered 410.
                 * @enum {string}
                 */
                readonly reason: "failing" | "gone";
                readonly failingSince: string | null;
            };
        };
    };
}
