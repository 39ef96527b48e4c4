// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / RunSucceededEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface WebhooksEventsRunSucceededEventSchemas {
    /**
     * @description A run did every step of its flow.
     * @example {
     *       "event": "run.succeeded",
     *       "eventId": "7e3b9d1f-4a6c-4e8b-b2d0-1f5a3c7e9b64",
     *       "timestamp": "2026-03-14T09:15:09.000Z",
     *       "payload": {
     *         "run": {
     *           "id": "2d7f4a9c-8b1e-4c3a-9f6d-5e0b1a2c3d48",
     *           "workflowId": "a3c5e7f9-1b2d-4e6f-8a0c-9d7b5f3e1a26",
     *           "status": "succeeded",
     *           "attempt": 1,
     *           "trigger": {
     *             "type": "event",
     *             "event": "conversation.created"
     *           },
     *           "parentRunId": null,
     *           "test": false,
     *           "reason": null,
     *           "createdAt": "2026-03-14T09:15:03.000Z",
     *           "startedAt": "2026-03-14T09:15:04.000Z",
     *           "finishedAt": "2026-03-14T09:15:09.000Z"
     *         }
     *       }
     *     }
     */
    readonly RunSucceededEvent: {
        /** @enum {string} */
        readonly event: "run.succeeded";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly run: components["schemas"]["RunSummary"];
        };
    };
}
