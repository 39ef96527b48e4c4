// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the webhooks group uses: events / RunSummary.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

export interface WebhooksEventsRunSummarySchemas {
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
}
