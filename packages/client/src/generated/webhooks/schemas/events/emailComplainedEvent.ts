// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / EmailComplainedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsEmailComplainedEventSchemas {
    /**
     * @description The recipient reported a message as spam (a mailbox provider's feedback report): the address is now suppressed.
     * @example {
     *       "event": "email.complained",
     *       "eventId": "4c6e8a0b-2d4f-4a6b-8c0d-2e4f6a8b0c25",
     *       "timestamp": "2026-03-15T17:12:40.000Z",
     *       "payload": {
     *         "messageId": "0c9e6a4d-3b7f-4e2a-8d15-6f4b2c9a7e31",
     *         "to": "ada@example.com",
     *         "subject": "Your order #1042 has shipped",
     *         "templateId": "7f3d2a1b-9c8e-4b6f-a5d4-3e2c1b0a9f87",
     *         "templateName": "order-shipped",
     *         "source": "transactional_v1",
     *         "test": false,
     *         "attempts": 1,
     *         "feedbackType": "abuse"
     *       }
     *     }
     */
    readonly EmailComplainedEvent: {
        /** @enum {string} */
        readonly event: "email.complained";
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
            /** @description The report's Feedback-Type: `abuse` for a spam complaint, … */
            readonly feedbackType: string;
        };
    };
}
