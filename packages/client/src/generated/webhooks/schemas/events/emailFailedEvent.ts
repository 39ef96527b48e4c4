// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / EmailFailedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsEmailFailedEventSchemas {
    /**
     * @description A message could not be delivered and will not be tried again: refused for good, or out of attempts.
     * @example {
     *       "event": "email.failed",
     *       "eventId": "e1a7c3f9-4d2b-4a8e-b6c5-9f0d3e2a1b74",
     *       "timestamp": "2026-03-14T10:02:17.000Z",
     *       "payload": {
     *         "messageId": "3a8b5c2d-1e4f-4a6b-9c7d-8e0f2a4b6c13",
     *         "to": "grace@example.com",
     *         "subject": "Reset your password",
     *         "templateId": null,
     *         "templateName": null,
     *         "source": "automations_v1",
     *         "test": false,
     *         "attempts": 5,
     *         "reason": "550 5.1.1 <grace@example.com>: Recipient address rejected: User unknown"
     *       }
     *     }
     */
    readonly EmailFailedEvent: {
        /** @enum {string} */
        readonly event: "email.failed";
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
            /** @description What the mail server (or the sender) answered. */
            readonly reason: string;
        };
    };
}
