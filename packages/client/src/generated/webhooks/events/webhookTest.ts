// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhook events, each the operation a receiver answers: webhook.test.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { operations } from "../../index.js"

export interface WebhookWebhookTestEvent {
    readonly "webhook.test": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * webhook.test
         * @description Sent only by `POST /tenants/{tenantId}/webhooks/{id}/test`, to every subscription whatever its events.
         */
        readonly post: operations["webhook.webhook.test"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
