// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas only the automationReadouts group uses.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "../index.js"

export interface AutomationReadoutsSchemas {
    /** @description The first-run checklist, each item done or not from what the account has stored: create_workflow, run_workflow, first_success, set_policy, tool_profile, automatic_trigger, decide_approval. */
    readonly AutomationsOnboarding: {
        readonly steps: readonly components["schemas"]["OnboardingStep"][];
        readonly completed: number;
        readonly total: number;
    };
    readonly OnboardingStep: {
        readonly id: string;
        readonly title: string;
        readonly done: boolean;
        readonly hint: string;
    };
    readonly AutomationLogPage: {
        readonly data: readonly components["schemas"]["AutomationLogEntry"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description One step result of a run. */
    readonly AutomationLogEntry: {
        /** Format: uuid */
        readonly runId: string;
        /** Format: uuid */
        readonly workflowId: string;
        readonly stepIndex: number;
        readonly type: string;
        readonly skillId: string | null;
        readonly name: string | null;
        /** @enum {string} */
        readonly status: "running" | "succeeded" | "failed" | "waiting_approval" | "waiting_node" | "waiting_timer" | "skipped";
        /** @description The step's text output, or its error if it failed. */
        readonly text: string | null;
        readonly attempt: number;
        /** Format: date-time */
        readonly at: string;
    };
    readonly AutomationMessagePage: {
        readonly data: readonly components["schemas"]["AutomationMessage"][];
        readonly meta: {
            readonly limit: number;
            readonly nextCursor: string | null;
        };
    };
    /** @description A message a run sent: a succeeded step of email.send, chat.post_message, channel.deliver, webhook.deliver or a deliver step. */
    readonly AutomationMessage: {
        /** Format: uuid */
        readonly runId: string;
        /** Format: uuid */
        readonly workflowId: string;
        readonly stepIndex: number;
        /** @enum {string} */
        readonly channel: "email" | "chat" | "channel" | "webhook";
        /** @description Email addresses, the conversation id, the channel id or the partner URL. */
        readonly to: readonly string[];
        readonly text: string | null;
        /** Format: date-time */
        readonly at: string;
    };
}
