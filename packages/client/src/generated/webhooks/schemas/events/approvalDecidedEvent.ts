// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / ApprovalDecidedEvent.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface WebhooksEventsApprovalDecidedEventSchemas {
    /**
     * @description An approval was approved or rejected (with its note), or expired undecided; its run goes on or fails.
     * @example {
     *       "event": "approval.decided",
     *       "eventId": "a6d0e4b8-2f5c-4a7e-9b3d-1e5c9a7f3b52",
     *       "timestamp": "2026-03-14T09:31:47.000Z",
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
     *           "status": "approved",
     *           "note": "Checked against the order: good to send.",
     *           "expiresAt": "2026-03-15T09:15:05.000Z",
     *           "decidedAt": "2026-03-14T09:31:47.000Z",
     *           "createdAt": "2026-03-14T09:15:05.000Z"
     *         }
     *       }
     *     }
     */
    readonly ApprovalDecidedEvent: {
        /** @enum {string} */
        readonly event: "approval.decided";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly approval: components["schemas"]["Approval"];
        };
    };
}
