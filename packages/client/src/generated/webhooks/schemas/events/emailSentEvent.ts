// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / EmailSentEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsEmailSentEventSchemas {
    /**
     * @description The mail server accepted a message for delivery.
     * @example {
     *       "event": "email.sent",
     *       "eventId": "5b0f2c1e-8d4a-4f6b-9c3e-2a7d1e9f4b60",
     *       "timestamp": "2026-03-14T09:26:53.000Z",
     *       "payload": {
     *         "messageId": "0c9e6a4d-3b7f-4e2a-8d15-6f4b2c9a7e31",
     *         "to": "ada@example.com",
     *         "subject": "Your order #1042 has shipped",
     *         "templateId": "7f3d2a1b-9c8e-4b6f-a5d4-3e2c1b0a9f87",
     *         "templateName": "order-shipped",
     *         "source": "transactional_v1",
     *         "test": false,
     *         "attempts": 1,
     *         "providerMessageId": "<20260314092653.1a2b3c@mail.example.com>"
     *       }
     *     }
     */
    readonly EmailSentEvent: {
        /** @enum {string} */
        readonly event: "email.sent";
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
            /** @description The mail server's id for it, if it gave one. */
            readonly providerMessageId: string | null;
        };
    };
}
