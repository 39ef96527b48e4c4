// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhook events, each the operation a receiver answers: approval.decided.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { operations } from "../../index.js"

export interface WebhookApprovalDecidedEvent {
    readonly "approval.decided": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * approval.decided
         * @description An approval was approved or rejected (with its note), or expired undecided; its run goes on or fails.
         */
        readonly post: operations["webhook.approval.decided"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
