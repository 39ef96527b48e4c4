// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas the operations of several groups use: automation / schemas / automationRuns.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../../../index.js"

export interface SharedAutomationSchemasAutomationRunsSchemas {
    /** @description A run of a workflow at a revision of its flow. Status moves: queued → running, cancelled, skipped; running → succeeded, failed, waiting_approval, waiting_node, waiting_timer, cancelled, queued, expired; waiting_approval → queued, failed, cancelled; waiting_node → queued, cancelled; waiting_timer → queued, cancelled; succeeded → (final); failed → queued; cancelled → queued; expired → queued; skipped → (final). `stepsResultJson` holds each step reached, in order, stored before the next step starts. */
    readonly Run: {
        /** Format: uuid */
        readonly id: string;
        /** Format: uuid */
        readonly workflowId: string;
        /** Format: uuid */
        readonly flowId: string;
        readonly revision: number;
        /** @enum {string} */
        readonly status: "queued" | "running" | "waiting_approval" | "waiting_node" | "waiting_timer" | "succeeded" | "failed" | "cancelled" | "expired" | "skipped";
        /** @description 1, and one more with each retry. Side effects carry the idempotency key `<runId>:<step>:<attempt>`: a step tried again after a worker died repeats it, a retried run's steps make new ones. */
        readonly attempt: number;
        readonly trigger: {
            readonly type: string;
            readonly event: string | null;
        };
        readonly context: string;
        readonly payload: {
            readonly [key: string]: unknown;
        };
        readonly parentRunId: string | null;
        /** @description A test run: started with a test key (`svk_test_…`), or by a test run. Its `email.send` goes to the test mailbox, as a test key's sends do, never to the mail server. */
        readonly test: boolean;
        readonly stepsResultJson: readonly components["schemas"]["StepResult"][];
        /** @description Each takeover of the run, oldest first: the newest 20. */
        readonly takeovers: readonly components["schemas"]["RunTakeover"][];
        readonly reason: string | null;
        /** @description The run's time to live (its workflow's `triggerJson.ttlSeconds`, else the platform's default): a run none of whose steps started by then ends `expired` when a worker takes it. Null without one, and once retried. */
        readonly expiresAt: string | null;
        /** Format: date-time */
        readonly createdAt: string;
        readonly startedAt: string | null;
        readonly finishedAt: string | null;
        /** Format: date-time */
        readonly updatedAt: string;
    };
    readonly StepResult: {
        readonly index: number;
        readonly type: string;
        readonly name: string | null;
        /** @enum {string} */
        readonly status: "running" | "succeeded" | "failed" | "waiting_approval" | "waiting_node" | "waiting_timer" | "skipped";
        readonly output: unknown;
        readonly outputText: string | null;
        readonly error: string | null;
        readonly attempt: number;
        readonly approved: boolean;
        /** @description The process that ran this try (null for one stored before processes were recorded). */
        readonly worker: components["schemas"]["RunWorker"] | null;
        /** Format: date-time */
        readonly startedAt: string;
        readonly finishedAt: string | null;
    };
    /** @description A process that runs workers: its host's name, its process id and an id of its own. */
    readonly RunWorker: {
        readonly host: string;
        readonly pid: number;
        readonly workerId: string;
    };
    /** @description A running run whose process stopped renewing its lease (it died), taken over by another process, which goes on at the step that did not finish, under the same idempotency keys. */
    readonly RunTakeover: {
        /** Format: date-time */
        readonly at: string;
        /** @description The step that was running, when one was. */
        readonly stepIndex: number | null;
        /** @description The process that held the run and stopped (null when a build that did not record it held it). */
        readonly from: components["schemas"]["RunWorker"] | null;
        readonly to: components["schemas"]["RunWorker"];
        /** @description When the lease of `from` ran out. */
        readonly leaseExpiredAt: string | null;
    };
    readonly RunPage: {
        readonly data: readonly components["schemas"]["Run"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    readonly ApprovalPage: {
        readonly data: readonly components["schemas"]["Approval"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
}
