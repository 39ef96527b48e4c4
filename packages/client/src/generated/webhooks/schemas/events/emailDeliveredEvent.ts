// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / EmailDeliveredEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsEmailDeliveredEventSchemas {
    /**
     * @description The recipient's server reported the message delivered (a delivery status notification with action `delivered`, where the relay asks for one).
     * @example {
     *       "event": "email.delivered",
     *       "eventId": "2a4c6e8f-0b1d-4f3a-8c5e-7a9b1c3d5e26",
     *       "timestamp": "2026-03-14T09:27:10.000Z",
     *       "payload": {
     *         "messageId": "0c9e6a4d-3b7f-4e2a-8d15-6f4b2c9a7e31",
     *         "to": "ada@example.com",
     *         "subject": "Your order #1042 has shipped",
     *         "templateId": "7f3d2a1b-9c8e-4b6f-a5d4-3e2c1b0a9f87",
     *         "templateName": "order-shipped",
     *         "source": "transactional_v1",
     *         "test": false,
     *         "attempts": 1,
     *         "status": "2.0.0",
     *         "diagnostic": null
     *       }
     *     }
     */
    readonly EmailDeliveredEvent: {
        /** @enum {string} */
        readonly event: "email.delivered";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** Format: uuid */
            readonly messageId: string;
            readonly to: string;
            readonly subject: string;
            readonly templateId: string | null;
            readonly templateName: string | null;
            /** @description What sent it: `transactional_v1` (the API), `automations_v1` (a run's email.send), … */
            readonly source: string;
            /** @description Sent with a test key: delivered to the development mailbox only. */
            readonly test: boolean;
            /** @description Delivery attempts made, this one included. */
            readonly attempts: number;
            /** @description The enhanced status code the report gave (`2.0.0`, `4.4.7`), or empty. */
            readonly status: string;
            /** @description What the recipient's server said, if the report quotes it. */
            readonly diagnostic: string | null;
        };
    };
}
