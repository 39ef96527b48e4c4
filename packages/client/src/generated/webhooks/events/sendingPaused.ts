// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhook events, each the operation a receiver answers: sending.paused.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { operations } from "../../index.js"

export interface WebhookSendingPausedEvent {
    readonly "sending.paused": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * sending.paused
         * @description The tenant's bounce or complaint rate passed the platform's pause threshold: until a platform admin resumes it, its mail is refused (403 `sending_paused`) and its queued mail fails for good instead of leaving.
         */
        readonly post: operations["webhook.sending.paused"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
