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
        /** @description The events it receives, beside every event of `products`; with both empty, it receives every event. */
        readonly events: readonly ("message.created" | "conversation.created" | "conversation.closed" | "conversation.assigned" | "csat.submitted" | "visitor.created" | "email.sent" | "email.failed" | "email.bounced" | "email.complained" | "email.delivered" | "email.deferred" | "run.succeeded" | "run.failed" | "run.cancelled" | "run.expired" | "approval.requested" | "approval.decided" | "node.offline" | "endpoint.disabled" | "sending.warning" | "sending.paused" | "sending.resumed")[];
        /** @description The products whose every event it receives. */
        readonly products: readonly string[];
        /** @description Its throttle: at most this many deliveries a second, spaced evenly; null for as fast as they come. */
        readonly ratePerSecond: number | null;
        /** @description Paused by the tenant: its deliveries wait (up to their maximum age) and go out once it is resumed (`paused: false`). */
        readonly paused: boolean;
        /** @description Since when it is paused; null while not. */
        readonly pausedAt: string | null;
        readonly description: string | null;
        readonly active: boolean;
        readonly disabledReason: string | null;
        /** @description When the receiver started failing every attempt; null while it answers 2xx. */
        readonly failingSince: string | null;
        /** @description While the receiver keeps failing, ServiceKit holds deliveries until then: a tenth of the time it has been failing, at most an hour. */
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
        /** @description The events it receives, beside every event of `products`; with both empty, it receives every event. */
        readonly events: readonly ("message.created" | "conversation.created" | "conversation.closed" | "conversation.assigned" | "csat.submitted" | "visitor.created" | "email.sent" | "email.failed" | "email.bounced" | "email.complained" | "email.delivered" | "email.deferred" | "run.succeeded" | "run.failed" | "run.cancelled" | "run.expired" | "approval.requested" | "approval.decided" | "node.offline" | "endpoint.disabled" | "sending.warning" | "sending.paused" | "sending.resumed")[];
        /** @description The products whose every event it receives. */
        readonly products: readonly string[];
        /** @description Its throttle: at most this many deliveries a second, spaced evenly; null for as fast as they come. */
        readonly ratePerSecond: number | null;
        /** @description Paused by the tenant: its deliveries wait (up to their maximum age) and go out once it is resumed (`paused: false`). */
        readonly paused: boolean;
        /** @description Since when it is paused; null while not. */
        readonly pausedAt: string | null;
        readonly description: string | null;
        readonly active: boolean;
        readonly disabledReason: string | null;
        /** @description When the receiver started failing every attempt; null while it answers 2xx. */
        readonly failingSince: string | null;
        /** @description While the receiver keeps failing, ServiceKit holds deliveries until then: a tenth of the time it has been failing, at most an hour. */
        readonly pausedUntil: string | null;
        /** Format: date-time */
        readonly createdAt: string;
        /** Format: date-time */
        readonly updatedAt: string;
        /** @description The signing secret (`whsec_...`). Shown once; store it now to verify deliveries. */
        readonly secret: string;
    };
    /** @description The account keeps 100 webhook subscriptions already, the most it may (`webhook_limit_reached`). */
    readonly WebhookLimitReachedError: {
        readonly error: {
            /**
             * @description The family of the error, by status.
             * @enum {string}
             */
            readonly type: "conflict";
            /**
             * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
             * @enum {string}
             */
            readonly code: "webhook_limit_reached";
            /** @description A sentence for people; may change. */
            readonly message: string;
            /** @description Equals the `X-Request-ID` header. */
            readonly requestId: string;
            /** @description For validation failures: one entry per field, at most 20. */
            readonly details?: readonly {
                readonly field: string;
                readonly reason: string;
            }[];
        };
    };
}
