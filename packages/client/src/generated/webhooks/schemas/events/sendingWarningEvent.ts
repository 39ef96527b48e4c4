// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / SendingWarningEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsSendingWarningEventSchemas {
    /**
     * @description The tenant's bounce or complaint rate passed the platform's warning threshold: mail goes on, but past the pause threshold it stops until the platform resumes it. Clean the list (suppressions) before sending more.
     * @example {
     *       "event": "sending.warning",
     *       "eventId": "0d4e8b2a-6f1c-4a9e-b3d7-5c2f8e1a9b46",
     *       "timestamp": "2026-03-19T09:26:53.000Z",
     *       "payload": {
     *         "cause": "bounces",
     *         "sent": 1240,
     *         "bounced": 74,
     *         "complained": 2,
     *         "bounceRate": 0.05967741935483871,
     *         "complaintRate": 0.0016129032258064516,
     *         "windowDays": 7
     *       }
     *     }
     */
    readonly SendingWarningEvent: {
        /** @enum {string} */
        readonly event: "sending.warning";
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
