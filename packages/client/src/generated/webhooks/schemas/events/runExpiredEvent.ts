// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / RunExpiredEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface WebhooksEventsRunExpiredEventSchemas {
    /**
     * @description A run none of whose steps started within its time to live ended without running.
     * @example {
     *       "event": "run.expired",
     *       "eventId": "4c8e0a2d-6b9f-4e1c-a3d5-7f9b1e3c5a07",
     *       "timestamp": "2026-03-14T10:15:03.000Z",
     *       "payload": {
     *         "run": {
     *           "id": "2d7f4a9c-8b1e-4c3a-9f6d-5e0b1a2c3d48",
     *           "workflowId": "a3c5e7f9-1b2d-4e6f-8a0c-9d7b5f3e1a26",
     *           "status": "expired",
     *           "attempt": 1,
     *           "trigger": {
     *             "type": "event",
     *             "event": "conversation.created"
     *           },
     *           "parentRunId": null,
     *           "test": false,
     *           "reason": "Not started within its time to live (3600 s).",
     *           "createdAt": "2026-03-14T09:15:03.000Z",
     *           "startedAt": null,
     *           "finishedAt": "2026-03-14T10:15:03.000Z"
     *         }
     *       }
     *     }
     */
    readonly RunExpiredEvent: {
        /** @enum {string} */
        readonly event: "run.expired";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly run: components["schemas"]["RunSummary"];
        };
    };
}
