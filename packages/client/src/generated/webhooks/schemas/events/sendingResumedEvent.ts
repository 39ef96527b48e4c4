// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / SendingResumedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsSendingResumedEventSchemas {
    /**
     * @description A platform admin resumed the tenant's paused sending; its rates start again from nothing.
     * @example {
     *       "event": "sending.resumed",
     *       "eventId": "c4f1a8d3-9e2b-4c7f-a6d5-8b3e1f9c2a70",
     *       "timestamp": "2026-03-20T08:15:00.000Z",
     *       "payload": {
     *         "sent": 0,
     *         "bounced": 0,
     *         "complained": 0,
     *         "bounceRate": 0,
     *         "complaintRate": 0,
     *         "windowDays": 7
     *       }
     *     }
     */
    readonly SendingResumedEvent: {
        /** @enum {string} */
        readonly event: "sending.resumed";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** @description Messages the relay took in the window (test mail aside). */
            readonly sent: number;
            /** @description Hard bounces in the window. */
            readonly bounced: number;
            /** @description Spam complaints in the window. */
            readonly complained: number;
            /** @description bounced / sent, as a fraction (0.1 is 10 %); 0 with nothing sent. */
            readonly bounceRate: number;
            /** @description complained / sent, as a fraction. */
            readonly complaintRate: number;
            /** @description The rolling window the counts cover, in days. */
            readonly windowDays: number;
        };
    };
}
