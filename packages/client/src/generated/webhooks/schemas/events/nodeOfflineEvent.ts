// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / NodeOfflineEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface WebhooksEventsNodeOfflineEventSchemas {
    /**
     * @description A paired companion node was not heard from (heartbeat, poll or result) for SERVICEKIT_NODE_OFFLINE_SECONDS (90 by default): sent once each time it goes offline. Steps waiting for its commands keep waiting until their own time is up.
     * @example {
     *       "event": "node.offline",
     *       "eventId": "6b1e9d47-3c8a-4f25-9e0d-7a2c5b8f1e93",
     *       "timestamp": "2026-03-14T10:02:30.000Z",
     *       "payload": {
     *         "node": {
     *           "id": "5a8c2e4f-7b9d-4a1c-8e3f-0d6b9a2c4e71",
     *           "name": "Ada's laptop",
     *           "platform": "darwin arm64",
     *           "version": "1.4.0",
     *           "lastSeenAt": "2026-03-14T10:01:00.000Z",
     *           "offlineSince": "2026-03-14T10:02:30.000Z"
     *         }
     *       }
     *     }
     */
    readonly NodeOfflineEvent: {
        /** @enum {string} */
        readonly event: "node.offline";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly node: components["schemas"]["OfflineNode"];
        };
    };
}
