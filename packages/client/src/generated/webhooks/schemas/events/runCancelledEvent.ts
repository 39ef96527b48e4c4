// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / RunCancelledEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface WebhooksEventsRunCancelledEventSchemas {
    /**
     * @description A run was cancelled before it ended.
     * @example {
     *       "event": "run.cancelled",
     *       "eventId": "d9a1c5e3-7f2b-4d6e-8c0a-3b5f7e1d9a82",
     *       "timestamp": "2026-03-14T09:20:30.000Z",
     *       "payload": {
     *         "run": {
     *           "id": "2d7f4a9c-8b1e-4c3a-9f6d-5e0b1a2c3d48",
     *           "workflowId": "a3c5e7f9-1b2d-4e6f-8a0c-9d7b5f3e1a26",
     *           "status": "cancelled",
     *           "attempt": 1,
     *           "trigger": {
     *             "type": "event",
     *             "event": "conversation.created"
     *           },
     *           "parentRunId": null,
     *           "test": false,
     *           "reason": "Cancelled.",
     *           "createdAt": "2026-03-14T09:15:03.000Z",
     *           "startedAt": "2026-03-14T09:15:04.000Z",
     *           "finishedAt": "2026-03-14T09:20:30.000Z"
     *         }
     *       }
     *     }
     */
    readonly RunCancelledEvent: {
        /** @enum {string} */
        readonly event: "run.cancelled";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly run: components["schemas"]["RunSummary"];
        };
    };
}
