// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../index.js"

export interface WebhooksEventsSchemas {
    /** @description A message was posted to a conversation, by its visitor, an agent or the API. */
    readonly MessageCreatedEvent: {
        /** @enum {string} */
        readonly event: "message.created";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** Format: uuid */
            readonly conversationId: string;
            readonly message: components["schemas"]["ChatMessage"];
        };
    };
    /** @description A conversation was opened, by a chat session or through the API. */
    readonly ConversationCreatedEvent: {
        /** @enum {string} */
        readonly event: "conversation.created";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly conversation: components["schemas"]["Conversation"];
        };
    };
    /** @description A conversation's status became `closed`. */
    readonly ConversationClosedEvent: {
        /** @enum {string} */
        readonly event: "conversation.closed";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly conversation: components["schemas"]["Conversation"];
        };
    };
    /** @description A conversation's assignee changed (null: unassigned). */
    readonly ConversationAssignedEvent: {
        /** @enum {string} */
        readonly event: "conversation.assigned";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly conversation: components["schemas"]["Conversation"];
            readonly assigneeId: string | null;
            readonly previousAssigneeId: string | null;
        };
    };
    /** @description The visitor rated a resolved or closed conversation (1 to 5). */
    readonly CsatSubmittedEvent: {
        /** @enum {string} */
        readonly event: "csat.submitted";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** Format: uuid */
            readonly conversationId: string;
            readonly visitorId: string | null;
            readonly rating: number;
            readonly comment: string | null;
            /** Format: date-time */
            readonly submittedAt: string;
        };
    };
    /** @description The mail server accepted a message for delivery. */
    readonly EmailSentEvent: {
        /** @enum {string} */
        readonly event: "email.sent";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** Format: uuid */
            readonly messageId: string;
            readonly to: string;
            readonly subject: string;
            readonly templateId: string | null;
            readonly templateName: string | null;
            /** @description What sent it: `transactional_v1` (the API), `automations_v1` (a run's email.send), … */
            readonly source: string;
            /** @description Sent with a test key: delivered to the development mailbox only. */
            readonly test: boolean;
            /** @description Delivery attempts made, this one included. */
            readonly attempts: number;
            /** @description The mail server's id for it, if it gave one. */
            readonly providerMessageId: string | null;
        };
    };
    /** @description A message could not be delivered and will not be tried again: refused for good, or out of attempts. */
    readonly EmailFailedEvent: {
        /** @enum {string} */
        readonly event: "email.failed";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** Format: uuid */
            readonly messageId: string;
            readonly to: string;
            readonly subject: string;
            readonly templateId: string | null;
            readonly templateName: string | null;
            /** @description What sent it: `transactional_v1` (the API), `automations_v1` (a run's email.send), … */
            readonly source: string;
            /** @description Sent with a test key: delivered to the development mailbox only. */
            readonly test: boolean;
            /** @description Delivery attempts made, this one included. */
            readonly attempts: number;
            /** @description What the mail server (or the sender) answered. */
            readonly reason: string;
        };
    };
    /** @description A run did every step of its flow. */
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
    /** @description A run as it ended: its steps' results and input are the run's (GET /automations/runs/{id}). */
    readonly RunSummary: {
        /** Format: uuid */
        readonly id: string;
        /** Format: uuid */
        readonly workflowId: string;
        /** @enum {string} */
        readonly status: "queued" | "running" | "waiting_approval" | "waiting_node" | "waiting_timer" | "succeeded" | "failed" | "cancelled" | "expired" | "skipped";
        /** @description 1, and one more with each retry. Side effects carry the idempotency key `<runId>:<step>:<attempt>`: a step tried again after a worker died repeats it, a retried run's steps make new ones. */
        readonly attempt: number;
        readonly trigger: {
            readonly type: string;
            readonly event: string | null;
        };
        readonly parentRunId: string | null;
        /** @description A test run: started with a test key (`svk_test_…`), or by a test run. Its `email.send` goes to the test mailbox, as a test key's sends do, never to the mail server. */
        readonly test: boolean;
        readonly reason: string | null;
        /** Format: date-time */
        readonly createdAt: string;
        readonly startedAt: string | null;
        readonly finishedAt: string | null;
    };
    /** @description A run stopped at a step that failed, or whose approval was rejected or expired; `reason` says which. */
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
    /** @description A run was cancelled before it ended. */
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
    /** @description A run none of whose steps started within its time to live ended without running. */
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
    /** @description A run waits for a person: an approval step, or a skill its tool profile gates (`skillId`, and the exact `input` it will run with once approved). */
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
    /** @description An approval was approved or rejected (with its note), or expired undecided; its run goes on or fails. */
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
    /** @description ServiceKit turned one of the tenant's endpoints off; sent to its other endpoints that list this event. PATCH `active: true` turns it on again. */
    readonly EndpointDisabledEvent: {
        /** @enum {string} */
        readonly event: "endpoint.disabled";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            readonly endpoint: {
                /** Format: uuid */
                readonly id: string;
                readonly url: string;
                readonly description: string | null;
                /**
                 * @description `failing`: every attempt failed for the configured time (5 days by default); `gone`: it answered 410.
                 * @enum {string}
                 */
                readonly reason: "failing" | "gone";
                readonly failingSince: string | null;
            };
        };
    };
    /** @description Sent only by `POST /tenants/{tenantId}/webhooks/{id}/test`, to every subscription whatever its events. */
    readonly WebhookTestEvent: {
        /** @enum {string} */
        readonly event: "webhook.test";
        /** Format: uuid */
        readonly eventId: string;
        /** Format: date-time */
        readonly timestamp: string;
        readonly payload: {
            /** Format: uuid */
            readonly subscriptionId: string;
            readonly message: string;
        };
    };
}
