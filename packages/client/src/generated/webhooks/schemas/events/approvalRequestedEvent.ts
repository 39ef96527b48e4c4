// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / ApprovalRequestedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface WebhooksEventsApprovalRequestedEventSchemas {
    /**
     * @description A run waits for a person: an approval step, or a skill its tool profile gates (`skillId`, and the exact `input` it will run with once approved).
     * @example {
     *       "event": "approval.requested",
     *       "eventId": "8f2c6a0e-3d7b-4b9f-a1e5-6c0a4e8d2f73",
     *       "timestamp": "2026-03-14T09:15:05.000Z",
     *       "payload": {
     *         "approval": {
     *           "id": "5f1a3c7e-9b2d-4f6a-8e0c-2d4b6f8a0c19",
     *           "runId": "2d7f4a9c-8b1e-4c3a-9f6d-5e0b1a2c3d48",
     *           "workflowId": "a3c5e7f9-1b2d-4e6f-8a0c-9d7b5f3e1a26",
     *           "stepIndex": 1,
     *           "title": "Send the refund confirmation",
     *           "skillId": "email.send",
     *           "input": {
     *             "to": [
     *               "ada@example.com"
     *             ],
     *             "subject": "Your refund for order #1042",
     *             "text": "We refunded EUR 49.00 to your card."
     *           },
     *           "status": "pending",
     *           "note": null,
     *           "expiresAt": "2026-03-15T09:15:05.000Z",
     *           "decidedAt": null,
     *           "createdAt": "2026-03-14T09:15:05.000Z"
     *         }
     *       }
     *     }
     */
    readonly ApprovalRequestedEvent: {
        /** @enum {string} */
        readonly event: "approval.requested";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly approval: components["schemas"]["Approval"];
        };
    };
}
