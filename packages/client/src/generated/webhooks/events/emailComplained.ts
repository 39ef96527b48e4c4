// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhook events, each the operation a receiver answers: email.complained.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { operations } from "../../index.js"

export interface WebhookEmailComplainedEvent {
    readonly "email.complained": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * email.complained
         * @description The recipient reported a message as spam (a mailbox provider's feedback report): the address is now suppressed.
         */
        readonly post: operations["webhook.email.complained"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
