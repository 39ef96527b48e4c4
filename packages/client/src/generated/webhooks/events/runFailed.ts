// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhook events, each the operation a receiver answers: run.failed.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { operations } from "../../index.js"

export interface WebhookRunFailedEvent {
    readonly "run.failed": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * run.failed
         * @description A run stopped at a step that failed, or whose approval was rejected or expired; `reason` says which.
         */
        readonly post: operations["webhook.run.failed"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
