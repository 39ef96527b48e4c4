// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / EmailBouncedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsEmailBouncedEventSchemas {
    /**
     * @description A message the mail server accepted came back: the recipient's server reported it undeliverable.
     * @example {
     *       "event": "email.bounced",
     *       "eventId": "9d2e4f6a-1b3c-4d5e-8f7a-2b4c6d8e0f13",
     *       "timestamp": "2026-03-14T09:31:02.000Z",
     *       "payload": {
     *         "messageId": "0c9e6a4d-3b7f-4e2a-8d15-6f4b2c9a7e31",
     *         "to": "ada@example.com",
     *         "subject": "Your order #1042 has shipped",
     *         "templateId": "7f3d2a1b-9c8e-4b6f-a5d4-3e2c1b0a9f87",
     *         "templateName": "order-shipped",
     *         "source": "transactional_v1",
     *         "test": false,
     *         "attempts": 1,
     *         "bounce": "hard",
     *         "status": "5.1.1",
     *         "diagnostic": "550 5.1.1 <ada@example.com>: Recipient address rejected: User unknown"
     *       }
     *     }
     */
    readonly EmailBouncedEvent: {
        /** @enum {string} */
        readonly event: "email.bounced";
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
            /**
             * @description hard: the address is bad or gone, and is now suppressed; soft: a passing failure (mailbox full, blocked, …).
             * @enum {string}
             */
            readonly bounce: "hard" | "soft";
            /** @description The enhanced status code the report gave (`5.1.1`), or empty. */
            readonly status: string;
            /** @description What the recipient's server answered. */
            readonly diagnostic: string | null;
        };
    };
}
