// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhook events, each the operation a receiver answers: node.offline.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { operations } from "../../index.js"

export interface WebhookNodeOfflineEvent {
    readonly "node.offline": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * node.offline
         * @description A paired companion node was not heard from (heartbeat, poll or result) for SERVICEKIT_NODE_OFFLINE_SECONDS (90 by default): sent once each time it goes offline. Steps waiting for its commands keep waiting until their own time is up.
         */
        readonly post: operations["webhook.node.offline"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
