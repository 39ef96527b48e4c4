// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / RunFailedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface WebhooksEventsRunFailedEventSchemas {
    /**
     * @description A run stopped at a step that failed, or whose approval was rejected or expired; `reason` says which.
     * @example {
     *       "event": "run.failed",
     *       "eventId": "0b6e2f8a-5d3c-4a1f-9e7b-c4d2a0f8e631",
     *       "timestamp": "2026-03-14T09:15:12.000Z",
     *       "payload": {
     *         "run": {
     *           "id": "2d7f4a9c-8b1e-4c3a-9f6d-5e0b1a2c3d48",
     *           "workflowId": "a3c5e7f9-1b2d-4e6f-8a0c-9d7b5f3e1a26",
     *           "status": "failed",
     *           "attempt": 1,
     *           "trigger": {
     *             "type": "event",
     *             "event": "conversation.created"
     *           },
     *           "parentRunId": null,
     *           "test": false,
     *           "reason": "Step 2 failed: email.send: 550 5.1.1 Recipient address rejected",
     *           "createdAt": "2026-03-14T09:15:03.000Z",
     *           "startedAt": "2026-03-14T09:15:04.000Z",
     *           "finishedAt": "2026-03-14T09:15:12.000Z"
     *         }
     *       }
     *     }
     */
    readonly RunFailedEvent: {
        /** @enum {string} */
        readonly event: "run.failed";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly run: components["schemas"]["RunSummary"];
        };
    };
}
