// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhook events, each the operation a receiver answers: sending.warning.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { operations } from "../../index.js"

export interface WebhookSendingWarningEvent {
    readonly "sending.warning": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * sending.warning
         * @description The tenant's bounce or complaint rate passed the platform's warning threshold: mail goes on, but past the pause threshold it stops until the platform resumes it. Clean the list (suppressions) before sending more.
         */
        readonly post: operations["webhook.sending.warning"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
