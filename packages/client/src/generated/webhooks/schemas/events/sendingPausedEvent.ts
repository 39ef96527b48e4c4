// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / SendingPausedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsSendingPausedEventSchemas {
    /**
     * @description The tenant's bounce or complaint rate passed the platform's pause threshold: until a platform admin resumes it, its mail is refused (403 `sending_paused`) and its queued mail fails for good instead of leaving.
     * @example {
     *       "event": "sending.paused",
     *       "eventId": "7a2c9e4f-1b8d-4d6a-9f3e-2e5b7c1d8a03",
     *       "timestamp": "2026-03-19T11:02:41.000Z",
     *       "payload": {
     *         "cause": "bounces",
     *         "sent": 1240,
     *         "bounced": 131,
     *         "complained": 2,
     *         "bounceRate": 0.10564516129032259,
     *         "complaintRate": 0.0016129032258064516,
     *         "windowDays": 7
     *       }
     *     }
     */
    readonly SendingPausedEvent: {
        /** @enum {string} */
        readonly event: "sending.paused";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /**
             * @description The rate past its threshold.
             * @enum {string}
             */
            readonly cause: "bounces" | "complaints";
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
