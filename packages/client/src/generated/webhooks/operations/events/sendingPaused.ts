// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhooks group's operations: events / sending.paused.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface WebhooksEventsSendingPausedOperations {
    readonly "webhook.sending.paused": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["SendingPausedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
}
