// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: webhooks.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../index.js"

export interface WebhooksWebhooksSchemas {
    readonly WebhookSubscriptionPage: {
        readonly data: readonly components["schemas"]["WebhookSubscription"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description `disabledReason` says why ServiceKit turned the subscription off (`gone`: the receiver answered 410; `failing`: every attempt failed for 5 days, or as the platform sets it); setting `active` to true turns it on again, with a fresh start. */
    readonly WebhookSubscription: {
        /** Format: uuid */
        readonly id: string;
        readonly url: string;
        readonly events: readonly ("message.created" | "conversation.created" | "conversation.closed" | "conversation.assigned" | "csat.submitted" | "visitor.created" | "email.sent" | "email.failed" | "run.succeeded" | "run.failed" | "run.cancelled" | "run.expired" | "approval.requested" | "approval.decided" | "endpoint.disabled")[];
        readonly description: string | null;
        readonly active: boolean;
        readonly disabledReason: string | null;
        /** @description When the receiver started failing every attempt; null while it answers 2xx. */
        readonly failingSince: string | null;
        /** @description While the receiver keeps failing, deliveries wait until then: a tenth of the time it has been failing, at most an hour. */
        readonly pausedUntil: string | null;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    readonly CreatedWebhookSubscription: {
        /** Format: uuid */
        readonly id: string;
        readonly url: string;
        readonly events: readonly ("message.created" | "conversation.created" | "conversation.closed" | "conversation.assigned" | "csat.submitted" | "visitor.created" | "email.sent" | "email.failed" | "run.succeeded" | "run.failed" | "run.cancelled" | "run.expired" | "approval.requested" | "approval.decided" | "endpoint.disabled")[];
        readonly description: string | null;
        readonly active: boolean;
        readonly disabledReason: string | null;
        /** @description When the receiver started failing every attempt; null while it answers 2xx. */
        readonly failingSince: string | null;
        /** @description While the receiver keeps failing, deliveries wait until then: a tenth of the time it has been failing, at most an hour. */
        readonly pausedUntil: string | null;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
        /** @description The signing secret (`whsec_...`). Shown once; store it now to verify deliveries. */
        readonly secret: string;
    };
}
