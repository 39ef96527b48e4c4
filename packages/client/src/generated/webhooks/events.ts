// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhook events, each the operation a receiver answers.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { operations } from "../index.js"

export interface webhooks {
    readonly "message.created": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * message.created
         * @description A message was posted to a conversation, by its visitor, an agent or the API.
         */
        readonly post: operations["webhook.message.created"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "conversation.created": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * conversation.created
         * @description A conversation was opened, by a chat session or through the API.
         */
        readonly post: operations["webhook.conversation.created"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "conversation.closed": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * conversation.closed
         * @description A conversation's status became `closed`.
         */
        readonly post: operations["webhook.conversation.closed"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "conversation.assigned": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * conversation.assigned
         * @description A conversation's assignee changed (null: unassigned).
         */
        readonly post: operations["webhook.conversation.assigned"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "csat.submitted": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * csat.submitted
         * @description The visitor rated a resolved or closed conversation (1 to 5).
         */
        readonly post: operations["webhook.csat.submitted"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "email.sent": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * email.sent
         * @description The mail server accepted a message for delivery.
         */
        readonly post: operations["webhook.email.sent"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "email.failed": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * email.failed
         * @description A message could not be delivered and will not be tried again: refused for good, or out of attempts.
         */
        readonly post: operations["webhook.email.failed"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "email.bounced": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * email.bounced
         * @description A message the mail server accepted came back: the recipient's server reported it undeliverable.
         */
        readonly post: operations["webhook.email.bounced"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "email.complained": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * email.complained
         * @description The recipient reported a message as spam (a mailbox provider's feedback report): the address is now suppressed.
         */
        readonly post: operations["webhook.email.complained"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "run.succeeded": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * run.succeeded
         * @description A run did every step of its flow.
         */
        readonly post: operations["webhook.run.succeeded"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "run.failed": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * run.failed
         * @description A run stopped at a step that failed, or whose approval was rejected or expired; `reason` says which.
         */
        readonly post: operations["webhook.run.failed"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "run.cancelled": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * run.cancelled
         * @description A run was cancelled before it ended.
         */
        readonly post: operations["webhook.run.cancelled"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "run.expired": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * run.expired
         * @description A run none of whose steps started within its time to live ended without running.
         */
        readonly post: operations["webhook.run.expired"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "approval.requested": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * approval.requested
         * @description A run waits for a person: an approval step, or a skill its tool profile gates (`skillId`, and the exact `input` it will run with once approved).
         */
        readonly post: operations["webhook.approval.requested"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
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
    readonly "endpoint.disabled": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * endpoint.disabled
         * @description One of the tenant's endpoints was turned off (`reason`); sent to its other endpoints that receive this event. PATCH `active: true` turns it on again.
         */
        readonly post: operations["webhook.endpoint.disabled"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
    readonly "webhook.test": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly get?: never;
        readonly put?: never;
        /**
         * webhook.test
         * @description Sent only by `POST /tenants/{tenantId}/webhooks/{id}/test`, to every subscription whatever its events.
         */
        readonly post: operations["webhook.webhook.test"];
        readonly delete?: never;
        readonly options?: never;
        readonly head?: never;
        readonly patch?: never;
        readonly trace?: never;
    };
}
