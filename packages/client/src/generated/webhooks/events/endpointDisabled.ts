// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhook events, each the operation a receiver answers: endpoint.disabled.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { operations } from "../../index.js"

export interface WebhookEndpointDisabledEvent {
    readonly "endpoint.disabled": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * endpoint.disabled
         * @description One of the tenant's endpoints was turned off (`reason`); sent to its other endpoints that receive this event. PATCH `active: true` turns it on again.
         */
        readonly post: operations["webhook.endpoint.disabled"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
