// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhook events, each the operation a receiver answers: email.bounced.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { operations } from "../../index.js"

export interface WebhookEmailBouncedEvent {
    readonly "email.bounced": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * email.bounced
         * @description A message the mail server accepted came back: the recipient's server reported it undeliverable.
         */
        readonly post: operations["webhook.email.bounced"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
