// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the types of every operation, schema and webhook.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

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
export interface components {
    schemas: {
        readonly ApiKey: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string | null;
            /** @enum {string} */
            readonly product: "chat" | "voice" | "transactional" | "automations";
            /** @enum {string} */
            readonly environment: "live" | "test";
            readonly prefix: string;
            readonly scopes: readonly string[];
            readonly expiresAt: string | null;
            readonly ipAllowlist: readonly string[];
            /** Format: date-time */
            readonly createdAt: string;
            readonly revokedAt: string | null;
        };
        readonly CreatedApiKey: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string | null;
            /** @enum {string} */
            readonly product: "chat" | "voice" | "transactional" | "automations";
            /** @enum {string} */
            readonly environment: "live" | "test";
            readonly prefix: string;
            readonly scopes: readonly string[];
            readonly expiresAt: string | null;
            readonly ipAllowlist: readonly string[];
            /** Format: date-time */
            readonly createdAt: string;
            readonly revokedAt: string | null;
            /** @description The plaintext key. Shown once; store it now. */
            readonly key: string;
        };
        readonly Tenant: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string;
            readonly entitlements: readonly ("chat" | "voice" | "transactional" | "business_email" | "marketing" | "automations" | "ai_agent")[];
            /** Format: date-time */
            readonly createdAt: string;
        };
        readonly IssuedDashboardToken: {
            /** @description A dashboard token for the tenant's user. Shown once. */
            readonly token: string;
            /** Format: date-time */
            readonly expiresAt: string;
        };
        readonly CallPage: {
            readonly data: readonly components["schemas"]["Call"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        readonly Call: {
            /** Format: uuid */
            readonly id: string;
            readonly fromId: string;
            readonly toId: string;
            /** @enum {string} */
            readonly direction: "inbound" | "outbound";
            readonly durationSecs: number;
            /**
             * @description The call's outcome as the carrier recorded it: any lowercase token (a-z, 0-9, _ and -). Common values: `completed`, `answered`, `in-progress`, `missed`, `no_answer`, `no-answer`, `busy`, `failed`, `rejected`, `canceled`, `voicemail`, `queued`, `ringing`. `completed`, `answered`, `in-progress`, `in_progress` count as answered in the usage figures.
             * @example completed
             * @example no-answer
             */
            readonly result: string;
            /** Format: date-time */
            readonly startedAt: string;
            readonly endedAt: string | null;
            readonly callSid: string | null;
            readonly mosScore: number | null;
        };
        readonly VoiceUsage: {
            readonly minutesTodayUtc: number;
            readonly callsStartedTodayUtc: number;
            readonly inboundOffered7d: number;
            readonly inboundAnswered7d: number;
            readonly inboundAnswerRate7dPercent: number | null;
        };
        readonly DashboardCallPage: {
            readonly items: readonly components["schemas"]["Call"][];
            readonly nextCursor: string | null;
        };
        readonly CallSummary: {
            /** Format: date-time */
            readonly from: string;
            /** Format: date-time */
            readonly to: string;
            readonly calls: number;
            readonly minutes: number;
            readonly inboundOffered: number;
            readonly inboundAnswered: number;
            readonly answerRatePercent: number | null;
        };
        /** @description The own trunk; its password is never shown. */
        readonly SipTrunk: {
            readonly host: string;
            readonly username: string;
            readonly port: number;
            /** @enum {string} */
            readonly transport: "udp" | "tcp" | "tls";
            /** Format: date-time */
            readonly updatedAt: string;
        };
        readonly HostedSip: {
            readonly optedIn: boolean;
            readonly optedInAt: string | null;
            readonly platform: {
                readonly ready: boolean;
                readonly domain: string | null;
            };
        };
        /** @description `chatUrl` opens the hosted chat page with `siteKey` and the visitor token as query parameters; give only it to browsers and apps. The token opens this one conversation for 24 hours (`expiresAt`). */
        readonly ChatSession: {
            /** Format: uuid */
            readonly conversationId: string;
            readonly chatUrl: string;
            readonly externalId: string;
            readonly visitorToken: string;
            /** Format: date-time */
            readonly expiresAt: string;
            readonly siteKey: string;
        };
        readonly ConversationPage: {
            readonly data: readonly components["schemas"]["Conversation"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description `name` is the title; `assigneeId` the agent (dashboard user id) it is assigned to; `csat` the visitor's rating once given; `messageCount` the `sequence` of its last message. */
        readonly Conversation: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string | null;
            /** @enum {string} */
            readonly status: "open" | "pending" | "resolved" | "closed";
            /** @enum {string} */
            readonly priority: "low" | "normal" | "high" | "urgent";
            readonly source: string;
            readonly visitorId: string | null;
            readonly assigneeId: string | null;
            readonly csat: {
                readonly rating: number;
                readonly comment: string | null;
                /** Format: date-time */
                readonly submittedAt: string;
            } | null;
            readonly messageCount: number;
            readonly lastMessageAt: string | null;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        /** @description Upserts the visitor by `externalId`: fields given replace the stored ones, fields left out are kept. `attributes` is replaced whole. */
        readonly VisitorInput: {
            readonly externalId: string;
            readonly displayName?: string;
            readonly email?: string;
            /** @description Any JSON object, at most 16384 characters as JSON. */
            readonly attributes?: {
                readonly [key: string]: unknown;
            };
        };
        readonly ChatMessagePage: {
            readonly data: readonly components["schemas"]["ChatMessage"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description `sequence` numbers a conversation's messages 1, 2, 3... in the order they were stored; `authorId` is the agent's id for agent messages and the visitor's id for visitor messages, null for api and system ones. Content is plain text: show it as text, never as HTML. */
        readonly ChatMessage: {
            /** Format: uuid */
            readonly id: string;
            /** Format: uuid */
            readonly conversationId: string;
            readonly sequence: number;
            /** @enum {string} */
            readonly authorType: "visitor" | "agent" | "api" | "system";
            readonly authorId: string | null;
            readonly content: string;
            /** Format: date-time */
            readonly createdAt: string;
        };
        readonly VisitorPage: {
            readonly data: readonly components["schemas"]["Visitor"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        readonly Visitor: {
            /** Format: uuid */
            readonly id: string;
            readonly externalId: string;
            readonly displayName: string | null;
            readonly email: string | null;
            readonly attributes: {
                readonly [key: string]: unknown;
            };
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        readonly VisitorConversation: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string | null;
            /** @enum {string} */
            readonly status: "open" | "pending" | "resolved" | "closed";
            readonly csat: {
                readonly rating: number;
                readonly comment: string | null;
                /** Format: date-time */
                readonly submittedAt: string;
            } | null;
        };
        readonly VisitorChatMessagePage: {
            readonly data: readonly components["schemas"]["VisitorChatMessage"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        readonly VisitorChatMessage: {
            /** Format: uuid */
            readonly id: string;
            readonly sequence: number;
            /** @enum {string} */
            readonly authorType: "visitor" | "agent" | "api" | "system";
            readonly content: string;
            /** Format: date-time */
            readonly createdAt: string;
        };
        readonly WebhookSubscriptionPage: {
            readonly data: readonly components["schemas"]["WebhookSubscription"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description `disabledReason` says why ServiceKit turned the subscription off (`gone`: the receiver answered 410); setting `active` to true turns it on again. */
        readonly WebhookSubscription: {
            /** Format: uuid */
            readonly id: string;
            readonly url: string;
            readonly events: readonly ("message.created" | "conversation.created" | "conversation.closed" | "conversation.assigned" | "csat.submitted" | "visitor.created")[];
            readonly description: string | null;
            readonly active: boolean;
            readonly disabledReason: string | null;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        readonly CreatedWebhookSubscription: {
            /** Format: uuid */
            readonly id: string;
            readonly url: string;
            readonly events: readonly ("message.created" | "conversation.created" | "conversation.closed" | "conversation.assigned" | "csat.submitted" | "visitor.created")[];
            readonly description: string | null;
            readonly active: boolean;
            readonly disabledReason: string | null;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
            /** @description The signing secret (`whsec_...`). Shown once; store it now to verify deliveries. */
            readonly secret: string;
        };
        readonly WebhookDeliveryAttemptPage: {
            readonly data: readonly components["schemas"]["WebhookDeliveryAttempt"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description One attempt to deliver one event: `deliveryId` is the `X-Service-Delivery` header, the same on every attempt of that event; `statusCode` is null when no answer came; `nextRetryAt` is null when this attempt ended the delivery. */
        readonly WebhookDeliveryAttempt: {
            /** Format: uuid */
            readonly id: string;
            /** Format: uuid */
            readonly deliveryId: string;
            readonly event: string;
            /** Format: uuid */
            readonly eventId: string;
            readonly attempt: number;
            readonly statusCode: number | null;
            readonly durationMs: number;
            readonly error: string | null;
            readonly nextRetryAt: string | null;
            /** Format: date-time */
            readonly createdAt: string;
        };
        readonly TransactionalTemplatePage: {
            readonly data: readonly components["schemas"]["TransactionalTemplate"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        readonly TransactionalTemplate: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string;
            /** @enum {string} */
            readonly channel: "email";
            readonly bodyJson: components["schemas"]["TemplateBody"];
            readonly variables: readonly string[];
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        /** @description `{{var}}` placeholders (dotted paths such as `{{user.firstName}}`) are merged from a send's `variables`. */
        readonly TemplateBody: {
            readonly subject: string;
            readonly html: string;
            readonly text: string;
        };
        /** @description The template rendered with the variables; `missingVariables` lists the placeholders not given (rendered empty here, refused by a send). */
        readonly RenderedTemplate: {
            readonly subject: string;
            readonly html: string;
            readonly text: string;
            readonly missingVariables: readonly string[];
        };
        /** @description One message per recipient, queued for delivery; `test` when a test-mode key sent it (delivered to the development mailbox only). */
        readonly TransactionalSendResult: {
            readonly test: boolean;
            readonly messages: readonly {
                readonly id: string;
                readonly to: string;
                /** @enum {string} */
                readonly status: "queued";
            }[];
        };
        readonly TransactionalLogPage: {
            readonly data: readonly components["schemas"]["TransactionalLog"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description One delivery attempt. `metadata.source` names the product that sent it; `metadata.messageId`, `attempt`, `test`, and `retrying` when another attempt follows. */
        readonly TransactionalLog: {
            /** Format: uuid */
            readonly id: string;
            /** @enum {string} */
            readonly status: "sent" | "failed";
            readonly recipient: string;
            readonly templateId: string | null;
            readonly templateName: string | null;
            readonly subject: string;
            readonly providerMessageId: string | null;
            readonly error: string | null;
            readonly metadata: {
                readonly [key: string]: unknown;
            };
            /** Format: date-time */
            readonly createdAt: string;
        };
        /** @description Deliveries in [from, to): messages sent, and messages that failed for good (attempts that were retried do not count), per UTC day (`YYYY-MM-DD`, days without deliveries left out) and per template (`templateId` null: inline sends), most first. */
        readonly TransactionalStatistics: {
            /** Format: date-time */
            readonly from: string;
            /** Format: date-time */
            readonly to: string;
            readonly byDay: readonly {
                readonly day: string;
                readonly sent: number;
                readonly failed: number;
            }[];
            readonly byTemplate: readonly {
                readonly templateId: string | null;
                readonly templateName: string | null;
                readonly sent: number;
                readonly failed: number;
            }[];
        };
        readonly GrowthConversationPage: {
            readonly data: readonly components["schemas"]["GrowthConversation"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description An email thread of the tenant's team with one contact. `messageCount` is the `sequence` of its last message; `createdBy` the dashboard user who started it. */
        readonly GrowthConversation: {
            /** Format: uuid */
            readonly id: string;
            readonly contact: {
                readonly email: string;
                readonly name: string | null;
            };
            readonly subject: string;
            /** @enum {string} */
            readonly status: "open" | "closed";
            readonly messageCount: number;
            /** Format: date-time */
            readonly lastMessageAt: string;
            readonly createdBy: string;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        /** @description The conversation with its latest 200 messages at most, oldest first: when `messageCount` is larger, the earlier ones are left out. */
        readonly GrowthConversationThread: {
            /** Format: uuid */
            readonly id: string;
            readonly contact: {
                readonly email: string;
                readonly name: string | null;
            };
            readonly subject: string;
            /** @enum {string} */
            readonly status: "open" | "closed";
            readonly messageCount: number;
            /** Format: date-time */
            readonly lastMessageAt: string;
            readonly createdBy: string;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
            readonly messages: readonly components["schemas"]["GrowthMessage"][];
        };
        /** @description `sequence` numbers a conversation's messages 1, 2, 3... in the order they were stored. `authorId` is the dashboard user who wrote an outbound message (null for the contact's). `emailMessageId` is the Transactional message that carried an outbound one: its delivery attempts are in `GET /growth/transactional/logs?source=growth_conversations_v1` with that `metadata.messageId`. Content is plain text: show it as text, never as HTML. */
        readonly GrowthMessage: {
            /** Format: uuid */
            readonly id: string;
            /** Format: uuid */
            readonly conversationId: string;
            readonly sequence: number;
            /** @enum {string} */
            readonly direction: "outbound" | "inbound";
            readonly content: string;
            readonly authorId: string | null;
            readonly emailMessageId: string | null;
            /** Format: date-time */
            readonly createdAt: string;
        };
        readonly WorkflowPage: {
            readonly data: readonly components["schemas"]["Workflow"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        readonly Workflow: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string;
            readonly active: boolean;
            /** @description The trigger as written, but a webhook token is never read back: `webhook` is `{ hasToken: true }`, with `token` only in the answer of the write that set it. */
            readonly triggerJson: {
                readonly [key: string]: unknown;
            };
            readonly stepsJson: readonly {
                readonly [key: string]: unknown;
            }[];
            /** Format: uuid */
            readonly flowId: string;
            readonly revision: number;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        readonly FlowPage: {
            readonly data: readonly components["schemas"]["Flow"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description A workflow's definition at its latest revision (`stateJson`: name, active, triggerJson, stepsJson, deleted). */
        readonly Flow: {
            /** Format: uuid */
            readonly id: string;
            /** Format: uuid */
            readonly workflowId: string;
            readonly revision: number;
            readonly stateJson: {
                readonly [key: string]: unknown;
            };
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        /** @description A run of a workflow at a revision of its flow. Status moves: queued → running, cancelled, skipped; running → succeeded, failed, waiting_approval, waiting_node, waiting_timer, cancelled, queued; waiting_approval → queued, failed, cancelled; waiting_node → queued, running, cancelled; waiting_timer → running, cancelled; succeeded → (final); failed → queued; cancelled → queued; skipped → (final). `stepsResultJson` holds each step reached, in order, stored before the next step starts. */
        readonly Run: {
            /** Format: uuid */
            readonly id: string;
            /** Format: uuid */
            readonly workflowId: string;
            /** Format: uuid */
            readonly flowId: string;
            readonly revision: number;
            /** @enum {string} */
            readonly status: "queued" | "running" | "waiting_approval" | "waiting_node" | "waiting_timer" | "succeeded" | "failed" | "cancelled" | "skipped";
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
        readonly Approval: {
            /** Format: uuid */
            readonly id: string;
            /** Format: uuid */
            readonly runId: string;
            /** Format: uuid */
            readonly workflowId: string;
            readonly stepIndex: number;
            readonly title: string;
            readonly skillId: string | null;
            /** @description The exact input the skill runs with once approved, when an agent step's tool call asked; else null. */
            readonly input: {
                readonly [key: string]: unknown;
            } | null;
            /**
             * @description `cancelled`: its run was cancelled while it waited; a retried run asks for a new approval.
             * @enum {string}
             */
            readonly status: "pending" | "approved" | "rejected" | "expired" | "cancelled";
            readonly note: string | null;
            /** Format: date-time */
            readonly expiresAt: string;
            readonly decidedAt: string | null;
            /** Format: date-time */
            readonly createdAt: string;
        };
        /** @description The account's standing orders: `{{policy}}` in step inputs, and the instructions AI steps follow. `updatedAt` is null until written. */
        readonly Policy: {
            readonly standingOrders: string;
            readonly updatedAt: string | null;
        };
        /** @description The model labels `ai.invoke` and agent steps ask: `primary` first, then each `failover` label in order. Before the account chooses, the platform's default (`updatedAt` null); `primary` is null when the platform has no language model. */
        readonly ModelChoice: {
            readonly primary: string | null;
            readonly failover: readonly string[];
            readonly updatedAt: string | null;
        };
        readonly ToolProfilePage: {
            readonly data: readonly components["schemas"]["ToolProfile"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description Which skills runs may call. `allow` (when not empty) lists the only skills allowed, `deny` refuses skills; `requireApprovalSkills` makes a skill wait for an approval, and `!skill` lifts a default gate (system.run, browser.navigate and browser.evaluate wait by default). Skill and agent steps follow the profile they name as `toolProfile`, else the profile named `default` when there is one. */
        readonly ToolProfile: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string;
            readonly allow: readonly string[];
            readonly deny: readonly string[];
            readonly requireApprovalSkills: readonly string[];
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        readonly MemoryPage: {
            readonly data: readonly components["schemas"]["MemoryEntry"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        readonly MemoryEntry: {
            /** Format: uuid */
            readonly id: string;
            readonly key: string;
            readonly value: unknown;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        readonly MemoryAuditPage: {
            readonly data: readonly components["schemas"]["MemoryAuditEntry"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        readonly MemoryAuditEntry: {
            /** Format: uuid */
            readonly id: string;
            readonly key: string;
            /** @enum {string} */
            readonly action: "read" | "write";
            /** @description `key:<apiKeyId>` for an API caller, `run:<runId>` for a run's step. */
            readonly actor: string;
            /** Format: date-time */
            readonly createdAt: string;
        };
        readonly SessionPage: {
            readonly data: readonly components["schemas"]["Session"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description A transcript with a scope: `dm` (one peer's conversation), `group`, `channel`, `run` (one run's) or `workspace` (the account's). Scopes isolate: two peers never share a `dm` session, and memory an agent reads or writes in a session other than `workspace` stays in that session. */
        readonly Session: {
            /** Format: uuid */
            readonly id: string;
            /** @enum {string} */
            readonly scope: "dm" | "group" | "run" | "channel" | "workspace";
            readonly agentId: string | null;
            readonly peer: string | null;
            readonly title: string | null;
            /** @description Entries up to this sequence number are covered by the summary `summarySeq` (0: never compacted). */
            readonly compactedThroughSeq: number;
            readonly summarySeq: number | null;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        readonly SessionDetail: {
            /** Format: uuid */
            readonly id: string;
            /** @enum {string} */
            readonly scope: "dm" | "group" | "run" | "channel" | "workspace";
            readonly agentId: string | null;
            readonly peer: string | null;
            readonly title: string | null;
            /** @description Entries up to this sequence number are covered by the summary `summarySeq` (0: never compacted). */
            readonly compactedThroughSeq: number;
            readonly summarySeq: number | null;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
            /** @description Estimated tokens of what the model reads: the latest summary and the entries after it. */
            readonly tokenEstimate: number;
            readonly messages: readonly components["schemas"]["SessionEntry"][];
            readonly meta: {
                readonly limit: number;
                readonly nextAfter: number | null;
            };
        };
        readonly SessionEntry: {
            readonly seq: number;
            /** @enum {string} */
            readonly role: "user" | "assistant" | "tool" | "summary";
            readonly content: string;
            readonly toolCall: {
                readonly skillId: string;
                readonly input: unknown;
            } | null;
            /** @description A tool result's call: the entry that made it. */
            readonly callSeq: number | null;
            /** @description The entries a summary stands for. */
            readonly covers: {
                readonly fromSeq: number;
                readonly toSeq: number;
            } | null;
            /** @description What wrote it: `<runId>:<step>:<attempt>:<turn>:<part>` for an agent step. */
            readonly source: string | null;
            readonly tokens: number;
            /** Format: date-time */
            readonly createdAt: string;
        };
        readonly AgentPage: {
            readonly data: readonly components["schemas"]["Agent"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description An agent profile. An agent step naming it (`agent`) or routed to it runs with its instructions, skills, tool profile and model label (the account's labels follow as failover). Inbound messages and events go to the agent whose route key matches most specifically: `peer:<externalId>`, then `channel:<channelId>` or `event:<type>`, then `*`; ties to the agent created first; else the default agent. */
        readonly Agent: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string;
            readonly instructions: string;
            readonly model: string | null;
            readonly toolProfile: string | null;
            readonly skills: readonly string[];
            readonly route_keys: readonly string[];
            readonly isDefault: boolean;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        readonly ChannelPage: {
            readonly data: readonly components["schemas"]["Channel"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description Where messages go out (`deliver` steps, `channel.deliver`) and come in (`/channels/{id}/inbound`). `webhook`: a POST of `{ event: "channel.message", channelId, content, runId }` to `config_json.url`, signed like chat webhooks (`X-Service-Signature`: hex HMAC-SHA256 of `<X-Service-Timestamp>.<body>` keyed with the inbound secret). `email`: an email to `config_json.to` (optional `subject`) through Transactional. `chat`: a message in the Live Chat conversation `config_json.conversationId`. */
        readonly Channel: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string;
            /** @enum {string} */
            readonly type: "webhook" | "email" | "chat";
            /** @description The type's settings; the inbound secret is never shown. */
            readonly config_json: {
                readonly [key: string]: unknown;
            };
            readonly hasInboundSecret: boolean;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        readonly ChannelInbound: {
            /** Format: uuid */
            readonly channelId: string;
            readonly runs: readonly components["schemas"]["Run"][];
        };
        /** @description How the runs created in the last 7 days (`from` to `to`, both included) went. */
        readonly AutomationsSlo: {
            readonly windowDays: number;
            /** Format: date-time */
            readonly from: string;
            /** Format: date-time */
            readonly to: string;
            /** @description The window's runs by their status now. */
            readonly runs: {
                /** @description Runs created in the window */
                readonly total: number;
                /** @description Runs created in the window */
                readonly queued: number;
                /** @description Runs created in the window */
                readonly running: number;
                /** @description Runs created in the window */
                readonly waitingApproval: number;
                /** @description Runs created in the window */
                readonly waitingNode: number;
                /** @description Runs created in the window */
                readonly waitingTimer: number;
                /** @description Runs created in the window */
                readonly succeeded: number;
                /** @description Runs created in the window */
                readonly failed: number;
                /** @description Runs created in the window */
                readonly cancelled: number;
                /** @description Runs created in the window */
                readonly skipped: number;
            };
            /** @description succeeded / (succeeded + failed) × 100, rounded to one decimal; null when no run ended either way. */
            readonly successRatePercent: number | null;
            readonly startLatencyMs: {
                readonly samples: number;
                readonly p50: number;
                readonly p95: number;
            } | null;
        };
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
        readonly NodePage: {
            readonly data: readonly components["schemas"]["Node"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description A companion device: `pending` until its pairing code is claimed, then `paired`, `revoked` once cut off. */
        readonly Node: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string;
            /** @enum {string} */
            readonly status: "pending" | "paired" | "revoked";
            readonly platform: string | null;
            readonly version: string | null;
            /** @description The node skills the device says it can run. */
            readonly capabilities: readonly string[];
            readonly allowSystem: boolean;
            readonly allowBrowser: boolean;
            /** @description Programs `system.run` may start, as `argv[0]` names them. */
            readonly allowedBinaries: readonly string[];
            /** @description Hosts `browser.*` may open: exact names, or `*.domain`. */
            readonly allowedHosts: readonly string[];
            readonly pairingExpiresAt: string | null;
            readonly pairedAt: string | null;
            readonly lastSeenAt: string | null;
            readonly revokedAt: string | null;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        readonly CreatedNode: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string;
            /** @enum {string} */
            readonly status: "pending" | "paired" | "revoked";
            readonly platform: string | null;
            readonly version: string | null;
            /** @description The node skills the device says it can run. */
            readonly capabilities: readonly string[];
            readonly allowSystem: boolean;
            readonly allowBrowser: boolean;
            /** @description Programs `system.run` may start, as `argv[0]` names them. */
            readonly allowedBinaries: readonly string[];
            /** @description Hosts `browser.*` may open: exact names, or `*.domain`. */
            readonly allowedHosts: readonly string[];
            readonly pairingExpiresAt: string | null;
            readonly pairedAt: string | null;
            readonly lastSeenAt: string | null;
            readonly revokedAt: string | null;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
            /** @description 8 characters (no look-alikes; case and dashes ignored), valid 15 minutes, claimable once. Shown only here. */
            readonly pairingCode: string;
        };
        readonly ClaimedNode: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string;
            /** @enum {string} */
            readonly status: "pending" | "paired" | "revoked";
            readonly platform: string | null;
            readonly version: string | null;
            /** @description The node skills the device says it can run. */
            readonly capabilities: readonly string[];
            readonly allowSystem: boolean;
            readonly allowBrowser: boolean;
            /** @description Programs `system.run` may start, as `argv[0]` names them. */
            readonly allowedBinaries: readonly string[];
            /** @description Hosts `browser.*` may open: exact names, or `*.domain`. */
            readonly allowedHosts: readonly string[];
            readonly pairingExpiresAt: string | null;
            readonly pairedAt: string | null;
            readonly lastSeenAt: string | null;
            readonly revokedAt: string | null;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
            /** @description The device's credential for the device routes. Shown only here; stored as a digest. */
            readonly deviceSecret: string;
        };
        /** @description What the node may do, for the device to enforce as well. */
        readonly NodeHeartbeat: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string;
            readonly capabilities: readonly string[];
            readonly allowSystem: boolean;
            readonly allowBrowser: boolean;
            readonly allowedBinaries: readonly string[];
            readonly allowedHosts: readonly string[];
        };
        readonly NodeCommands: {
            readonly data: readonly components["schemas"]["NodeCommand"][];
        };
        readonly NodeCommand: {
            /** Format: uuid */
            readonly id: string;
            /** @description A node skill: node.ping, node.files_list, node.files_read, node.capture_screen, node.capture_camera, node.capture_audio, system.run, browser.navigate, browser.screenshot, browser.click, browser.type, browser.evaluate, browser.content. */
            readonly command: string;
            /** @description The skill's input without `nodeId`: e.g. `argv` for system.run, `url` for browser.navigate. */
            readonly params: {
                readonly [key: string]: unknown;
            };
            readonly deliveries: number;
            /** Format: date-time */
            readonly expiresAt: string;
            /** Format: date-time */
            readonly createdAt: string;
        };
        readonly NodeCommandResult: {
            /** Format: uuid */
            readonly id: string;
            /** @enum {string} */
            readonly status: "queued" | "delivered" | "succeeded" | "failed" | "expired";
            readonly completedAt: string | null;
        };
        readonly SequencePage: {
            readonly data: readonly components["schemas"]["Sequence"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        /** @description An ordered list of timed steps, e.g. an email, a `wait` of 2 days, a chat message. It is materialised into its own workflow (`workflowId`, manual trigger), which its runs follow. */
        readonly Sequence: {
            /** Format: uuid */
            readonly id: string;
            readonly name: string;
            readonly stepsJson: readonly {
                readonly [key: string]: unknown;
            }[];
            /** Format: uuid */
            readonly workflowId: string;
            readonly revision: number;
            /** Format: date-time */
            readonly createdAt: string;
            /** Format: date-time */
            readonly updatedAt: string;
        };
        /** @description The dashboard's home: recent runs, recent failures, waiting approvals and the SLO of `/v1/automations/slo`. */
        readonly AutomationsConsole: {
            /** @description The newest 20 runs, newest first. */
            readonly recentRuns: readonly components["schemas"]["Run"][];
            /** @description The newest 10 failed runs, newest first; `reason` says why each failed. */
            readonly recentFailures: readonly components["schemas"]["Run"][];
            /** @description The newest 20 pending approvals, newest first. */
            readonly waitingApprovals: readonly components["schemas"]["Approval"][];
            readonly slo: components["schemas"]["AutomationsSlo"];
        };
        readonly SkillPackPage: {
            readonly data: readonly components["schemas"]["SkillPack"][];
            readonly meta: {
                readonly limit: number;
                readonly nextCursor: string | null;
            };
        };
        readonly SkillPack: {
            readonly packId: string;
            /** @description The latest version. */
            readonly version: string;
            /** @description Every version, newest first. */
            readonly versions: readonly string[];
            readonly name: string;
            readonly description: string | null;
            /** @enum {string} */
            readonly source: "builtin" | "account";
            /** @description SHA-256 of the latest version's content (canonical JSON). */
            readonly digest: string;
            readonly skills: readonly string[];
            /** @description Products its skills need besides automations. */
            readonly requires: readonly ("chat" | "voice" | "transactional" | "business_email" | "marketing" | "automations" | "ai_agent")[];
            /** @description Its skills that wait for an approval by default (a tool profile may change that). */
            readonly approvals: readonly string[];
            /** @description Each parameter's schema, by name. */
            readonly parameters: {
                readonly [key: string]: unknown;
            };
            readonly templates: readonly {
                readonly key: string;
                readonly name: string;
                readonly triggerType: string;
            }[];
            readonly publishedAt: string | null;
            /** @description The account's installation, pinned to a version's content digest; null when none. */
            readonly installed: {
                readonly version: string;
                readonly digest: string;
                /** Format: date-time */
                readonly installedAt: string;
                /** Format: date-time */
                readonly updatedAt: string;
            } | null;
        };
        readonly SkillSdk: {
            readonly skills: readonly {
                readonly id: string;
                readonly description: string;
                readonly requires: readonly ("chat" | "voice" | "transactional" | "business_email" | "marketing" | "automations" | "ai_agent")[];
                readonly approval: boolean;
                readonly inputSchema: unknown;
            }[];
            /** @description The pack format as JSON Schema. */
            readonly packFormat: unknown;
            readonly variables: readonly string[];
            readonly limits: {
                readonly [key: string]: number;
            };
        };
        /** @description Invalid request: `validation_failed` (`details` name each field) or `invalid_body` (not JSON, or nested too deeply). */
        readonly InvalidRequestError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "invalid_request";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "validation_failed" | "invalid_body";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description The path does not answer this method (`method_not_allowed`); `Allow` lists the methods it answers. */
        readonly MethodNotAllowedError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "invalid_request";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "method_not_allowed";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description Something went wrong on our side (`internal_error`, or `body_consumed` when a body parser mounted in front of ServiceKit read the body); it is logged with the request id. */
        readonly InternalError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "internal";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "internal_error" | "body_consumed";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description A dependency is down; details name it. */
        readonly NotReadyError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "unavailable";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "not_ready";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description Missing, malformed, unknown or revoked credentials, an expired dashboard token, or a wrong visitor token, device secret, channel secret or pairing code; `code` says which. */
        readonly UnauthenticatedError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "authentication";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "missing_credentials" | "malformed_credentials" | "malformed_key" | "invalid_key" | "key_revoked" | "api_key_not_accepted" | "invalid_credentials" | "invalid_token" | "token_expired" | "invalid_admin_token" | "invalid_automation_token" | "invalid_visitor_token" | "invalid_device_secret" | "invalid_channel_secret" | "pairing_code_invalid" | "pairing_code_used" | "pairing_code_expired";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description The credentials are valid but not allowed here (a product the tenant is not entitled to, a key of another product or without the scope, an address off the key's allowlist, an expired key, another tenant, a member where an admin is needed, a skill the policy denies); `code` says which. */
        readonly PermissionDeniedError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "permission";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "product_not_entitled" | "wrong_product" | "missing_scope" | "ip_not_allowed" | "key_expired" | "tenant_mismatch" | "admin_required" | "skill_denied";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description A field breaks a rule beyond its shape, e.g. an unknown scope (`validation_failed`); `details` name the fields. */
        readonly ValidationFailedError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "invalid_request";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "validation_failed";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No such tenant (`tenant_not_found`). */
        readonly TenantNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "tenant_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description The body is larger than the host accepts (`body_too_large`). */
        readonly BodyTooLargeError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "invalid_request";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "body_too_large";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No such API key in this tenant (`api_key_not_found`). */
        readonly ApiKeyNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "api_key_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description The cursor is not a call of this account (`invalid_cursor`). */
        readonly InvalidCursorError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "invalid_request";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "invalid_cursor";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description Too many requests (`rate_limited`) from this API key, visitor token or client address; see `Retry-After`. */
        readonly RateLimitedError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "rate_limit";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "rate_limited";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No call with this id in this account (`call_not_found`). */
        readonly CallNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "call_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description Planned, not available yet (`not_available`). */
        readonly NotAvailableError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_available";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "not_available";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description `hosted_sip_active`: opt out of hosted SIP before registering a trunk; `own_trunk_active`: remove the own trunk before opting in; `hosted_sip_not_ready`: the platform offers no hosted SIP yet. */
        readonly SipConflictError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "conflict";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "hosted_sip_active" | "own_trunk_active" | "hosted_sip_not_ready";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No own SIP trunk is registered (`sip_trunk_not_found`). */
        readonly SipTrunkNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "sip_trunk_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description `sip_not_configured`: register an own trunk or opt into hosted SIP first; `sip_trunk_unresolvable`: the trunk's host name does not resolve; `sip_trunk_address_refused`: the trunk's address is private, loopback or otherwise not public. */
        readonly SoftphoneUnavailableError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "conflict";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "sip_not_configured" | "sip_trunk_unresolvable" | "sip_trunk_address_refused";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description Not a WebSocket upgrade (or without the subprotocol the endpoint needs), or a host without WebSocket support (the web-standard handler): only the native Node and Bun hosts upgrade. */
        readonly UpgradeRequiredError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "invalid_request";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "upgrade_required";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No conversation with this id in this account (`conversation_not_found`). */
        readonly ConversationNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "conversation_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description `conversation_closed`: a closed conversation takes no messages until an agent reopens it; `conversation_not_finished`: a rating needs a resolved or closed conversation; `csat_already_submitted`: a conversation is rated once. */
        readonly ConversationStateConflictError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "conflict";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "conversation_closed" | "conversation_not_finished" | "csat_already_submitted";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No webhook subscription with this id in this account (`webhook_not_found`). */
        readonly WebhookNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "webhook_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No delivery with this id for this webhook subscription (`webhook_delivery_not_found`). */
        readonly WebhookDeliveryNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "webhook_delivery_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description The delivery's automatic retries are still under way (`webhook_delivery_pending`): `nextRetryAt` of its last attempt says when the next one is due. */
        readonly WebhookDeliveryPendingError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "conflict";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "webhook_delivery_pending";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description Template names are unique per account (`template_name_taken`). */
        readonly TemplateNameTakenError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "conflict";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "template_name_taken";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No template with this id in this account (`template_not_found`). */
        readonly TemplateNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "template_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description A request with the same Idempotency-Key is still running (`idempotency_in_progress`). */
        readonly IdempotencyInProgressError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "conflict";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "idempotency_in_progress";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description The Idempotency-Key was used with another body (`idempotency_key_reused`). */
        readonly IdempotencyKeyReusedError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "invalid_request";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "idempotency_key_reused";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No growth conversation with this id in this account (`growth_conversation_not_found`). */
        readonly GrowthConversationNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "growth_conversation_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No workflow with this id in this account (`workflow_not_found`). */
        readonly WorkflowNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "workflow_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No flow with this id in this account (`flow_not_found`). */
        readonly FlowNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "flow_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description The workflow is not active, or has no steps, so it cannot run (`workflow_inactive`). */
        readonly WorkflowInactiveError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "invalid_request";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "workflow_inactive";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No run with this id in this account (`run_not_found`). */
        readonly RunNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "run_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description The run's status does not allow this (`invalid_run_transition`): see the run state machine. */
        readonly RunStateConflictError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "conflict";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "invalid_run_transition";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No approval with this id in this account (`approval_not_found`). */
        readonly ApprovalNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "approval_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description `approval_decided`: it was decided already; `approval_expired`: its time ran out (the run failed). */
        readonly ApprovalStateConflictError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "conflict";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "approval_decided" | "approval_expired";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No session with this id in this account (`session_not_found`). */
        readonly SessionNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "session_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No agent with this id in this account (`agent_not_found`). */
        readonly AgentNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "agent_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No channel with this id in this account (`channel_not_found`). */
        readonly ChannelNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "channel_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No node with this id in this account (`node_not_found`). */
        readonly NodeNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "node_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No command with this id for this node (`node_command_not_found`). */
        readonly NodeCommandNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "node_command_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description The command has its result already (`command_finished`), or its time ran out and its step failed (`command_expired`): nothing was stored. */
        readonly NodeCommandClosedError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "conflict";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "command_finished" | "command_expired";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description The path names no resource this route changes (`resource_not_found`): workflows, sequences, agents, nodes. */
        readonly ResourceNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "resource_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No sequence with this id in this account (`sequence_not_found`). */
        readonly SequenceNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "sequence_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description No built-in or account pack with this id, or no such version of it (`pack_not_found`). */
        readonly PackNotFoundError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "not_found";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "pack_not_found";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description Workflows are made from installed packs only (`pack_not_installed`). */
        readonly PackNotInstalledError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "conflict";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "pack_not_installed";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description The pinned content digest no longer matches the pack's content (`pack_changed`). */
        readonly PackChangedError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "conflict";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "pack_changed";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
        /** @description A published version is immutable (`pack_version_exists`); the same content again is accepted. */
        readonly PackVersionExistsError: {
            readonly error: {
                /**
                 * @description The family of the error, by status.
                 * @enum {string}
                 */
                readonly type: "conflict";
                /**
                 * @description Machine-readable reason, e.g. `validation_failed`, `invalid_key`.
                 * @enum {string}
                 */
                readonly code: "pack_version_exists";
                /** @description A sentence for people; may change. */
                readonly message: string;
                /** @description Equals the `X-Request-ID` header. */
                readonly requestId: string;
                /** @description For validation failures: one entry per field, at most 20. */
                readonly details?: readonly {
                    readonly field: string;
                    readonly reason: string;
                }[];
            };
        };
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
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export interface operations {
    readonly "operations.healthz": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": {
                        /** @enum {string} */
                        readonly status: "ok";
                    };
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "operations.readyz": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": {
                        /** @enum {string} */
                        readonly status: "ready";
                        readonly checks: {
                            readonly [key: string]: "ok";
                        };
                        /** @description Present while something needs an operator without making this process unready: `workers` when jobs have been due for SERVICEKIT_WORKER_STALL_SECONDS (30) and no worker has taken any. */
                        readonly warnings?: readonly {
                            readonly field: string;
                            readonly reason: string;
                        }[];
                    };
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
            readonly 503: {
                content: {
                    readonly "application/json": components["schemas"]["NotReadyError"];
                };
            };
        };
    };
    readonly "developers.listApiKeys": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": {
                        readonly data: readonly components["schemas"]["ApiKey"][];
                    };
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "developers.createApiKey": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name?: string | null;
                    /** @enum {string} */
                    readonly product: "chat" | "voice" | "transactional" | "automations";
                    /** @enum {string} */
                    readonly environment: "live" | "test";
                    /**
                     * maxItems(50)
                     * @description an array of at most 50 item(s)
                     */
                    readonly scopes: readonly ("chat:read" | "chat:write" | "visitors:read" | "webhooks:manage" | "voice:read" | "transactional:send" | "automations:manage")[];
                    readonly expiresAt?: string | null;
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly ipAllowlist?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TenantNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "developers.revokeApiKey": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ApiKey"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ApiKeyNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "developers.getEntitlements": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": {
                        /** Format: uuid */
                        readonly tenantId: string;
                        readonly entitlements: readonly ("chat" | "voice" | "transactional" | "business_email" | "marketing" | "automations" | "ai_agent")[];
                    };
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TenantNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "platformAdmin.listTenants": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": {
                        readonly data: readonly components["schemas"]["Tenant"][];
                    };
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "platformAdmin.createTenant": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    /**
                     * maxItems(20)
                     * @description an array of at most 20 item(s)
                     */
                    readonly entitlements?: readonly ("chat" | "voice" | "transactional" | "business_email" | "marketing" | "automations" | "ai_agent")[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Tenant"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "platformAdmin.getTenant": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Tenant"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TenantNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "platformAdmin.updateTenant": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly name?: string;
                    /**
                     * maxItems(20)
                     * @description an array of at most 20 item(s)
                     */
                    readonly entitlements?: readonly ("chat" | "voice" | "transactional" | "business_email" | "marketing" | "automations" | "ai_agent")[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Tenant"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TenantNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "platformAdmin.listTenantApiKeys": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": {
                        readonly data: readonly components["schemas"]["ApiKey"][];
                    };
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TenantNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "platformAdmin.createTenantApiKey": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name?: string | null;
                    /** @enum {string} */
                    readonly product: "chat" | "voice" | "transactional" | "automations";
                    /** @enum {string} */
                    readonly environment: "live" | "test";
                    /**
                     * maxItems(50)
                     * @description an array of at most 50 item(s)
                     */
                    readonly scopes: readonly ("chat:read" | "chat:write" | "visitors:read" | "webhooks:manage" | "voice:read" | "transactional:send" | "automations:manage")[];
                    readonly expiresAt?: string | null;
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly ipAllowlist?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["CreatedApiKey"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TenantNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "platformAdmin.revokeTenantApiKey": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ApiKey"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ApiKeyNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "platformAdmin.issueDashboardToken": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(200)
                     * @description a string at most 200 character(s) long
                     */
                    readonly sub: string;
                    /** @enum {string} */
                    readonly role: "admin" | "member";
                    /**
                     * between(60, 2592000)
                     * @description a number between 60 and 2592000
                     */
                    readonly expiresInSeconds?: number;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["IssuedDashboardToken"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TenantNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "calling.listCalls": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly direction?: "inbound" | "outbound";
                /** @description Only calls whose `result` is exactly this token. */
                readonly result?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["CallPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidCursorError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "calling.getCall": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Call"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["CallNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "calling.getUsage": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VoiceUsage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "calling.listNumbers": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
            readonly 501: {
                content: {
                    readonly "application/json": components["schemas"]["NotAvailableError"];
                };
            };
        };
    };
    readonly "callsDashboard.listDashboardCalls": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly direction?: "inbound" | "outbound";
                /** @description Only calls whose `result` is exactly this token. */
                readonly result?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["DashboardCallPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["InvalidCursorError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "callsDashboard.getCallSummary": {
        readonly parameters: {
            readonly query?: {
                readonly from?: string;
                readonly to?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["CallSummary"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "callsDashboard.exportCalls": {
        readonly parameters: {
            readonly query?: {
                readonly format?: "csv" | "json";
                readonly from?: string;
                readonly to?: string;
                readonly direction?: "inbound" | "outbound";
                /** @description Only calls whose `result` is exactly this token. */
                readonly result?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": readonly components["schemas"]["Call"][];
                    readonly "text/csv": string;
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "sipDashboard.registerTrunk": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(253)
                     * @description a string at most 253 character(s) long
                     */
                    readonly host: string;
                    readonly username: string;
                    readonly password?: string;
                    /**
                     * between(1, 65535)
                     * @description a number between 1 and 65535
                     */
                    readonly port: number;
                    /** @enum {string} */
                    readonly transport: "udp" | "tcp" | "tls";
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SipTrunk"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["SipConflictError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "sipDashboard.getTrunkStatus": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SipTrunk"] | null;
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "sipDashboard.removeTrunk": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SipTrunk"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["SipTrunkNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "sipDashboard.getHostedSip": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["HostedSip"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "sipDashboard.optInHostedSip": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["HostedSip"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TenantNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["SipConflictError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "sipDashboard.optOutHostedSip": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["HostedSip"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "softphone.connectSoftphone": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 101: {
                content?: never;
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["SoftphoneUnavailableError"];
                };
            };
            readonly 426: {
                content: {
                    readonly "application/json": components["schemas"]["UpgradeRequiredError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chat.mintSession": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly externalId: string;
                    readonly displayName?: string;
                    readonly email?: string;
                    /** @description Any JSON object, at most 16384 characters as JSON. */
                    readonly attributes?: {
                        readonly [key: string]: unknown;
                    };
                    /** @description The conversation's title. */
                    readonly name?: string;
                    /** @description Default `api`. */
                    readonly source?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChatSession"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chat.listConversations": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly status?: "open" | "pending" | "resolved" | "closed";
                readonly source?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chat.createConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    /**
                     * @description Default `normal`.
                     * @enum {string}
                     */
                    readonly priority?: "low" | "normal" | "high" | "urgent";
                    readonly visitor?: components["schemas"]["VisitorInput"];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Conversation"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chat.listMessages": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description A message id: only the messages after it (the previous page's `meta.nextCursor`). */
                readonly after?: string;
            };
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChatMessagePage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chat.postMessage": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly content: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChatMessage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationStateConflictError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chat.listVisitors": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly externalId?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VisitorPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatDashboard.listAgentConversations": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly status?: "open" | "pending" | "resolved" | "closed";
                readonly source?: string;
                /** @description `me`: only the conversations assigned to the token's user; `nobody`: only unassigned ones. */
                readonly assigned?: "me" | "nobody";
            };
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatDashboard.getAgentConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Conversation"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatDashboard.listAgentMessages": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description A message id: only the messages after it (the previous page's `meta.nextCursor`). */
                readonly after?: string;
            };
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChatMessagePage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatDashboard.replyAsAgent": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly content: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChatMessage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationStateConflictError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatDashboard.assignConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @description The agent's id (a dashboard user id), or null to unassign. */
                    readonly assigneeId: string | null;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Conversation"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatDashboard.setConversationStatus": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @enum {string} */
                    readonly status: "open" | "pending" | "resolved" | "closed";
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Conversation"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatDashboard.followInbox": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "text/event-stream": string;
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatPage.chatPage": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "text/html": string;
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatPage.chatPageScript": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "text/javascript": string;
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatPage.chatPageStyles": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "text/css": string;
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatVisitor.getVisitorConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VisitorConversation"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatVisitor.listVisitorMessages": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description A message id: only the messages after it (the previous page's `meta.nextCursor`). */
                readonly after?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VisitorChatMessagePage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatVisitor.postVisitorMessage": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly content: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VisitorChatMessage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationStateConflictError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatVisitor.followVisitorConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "text/event-stream": string;
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "chatVisitor.rateConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * between(1, 5)
                     * @description a number between 1 and 5
                     */
                    readonly rating: number;
                    readonly comment?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["VisitorConversation"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["ConversationStateConflictError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.listWebhooks": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookSubscriptionPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.createWebhook": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly url: string;
                    /**
                     * maxItems(20)
                     * @description an array of at most 20 item(s)
                     */
                    readonly events: readonly string[];
                    readonly description?: string | null;
                    readonly active?: boolean;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["CreatedWebhookSubscription"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.getWebhook": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.deleteWebhook": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.updateWebhook": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly url?: string;
                    /**
                     * maxItems(20)
                     * @description an array of at most 20 item(s)
                     */
                    readonly events?: readonly string[];
                    readonly description?: string | null;
                    readonly active?: boolean;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.listWebhookDeliveries": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookDeliveryAttemptPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.testWebhook": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookDeliveryAttempt"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhooks.retryWebhookDelivery": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly tenantId: string;
                readonly id: string;
                readonly deliveryId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookDeliveryAttempt"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookNotFoundError"] | components["schemas"]["WebhookDeliveryNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["WebhookDeliveryPendingError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "transactional.listTemplates": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalTemplatePage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "transactional.createTemplate": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    readonly channel?: string;
                    readonly bodyJson: components["schemas"]["TemplateBody"];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalTemplate"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNameTakenError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "transactional.getTemplate": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalTemplate"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "transactional.deleteTemplate": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalTemplate"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "transactional.updateTemplate": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly name?: string;
                    readonly channel?: string;
                    readonly bodyJson?: {
                        readonly subject?: string;
                        readonly html?: string;
                        readonly text?: string;
                    };
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalTemplate"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNameTakenError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "transactional.renderTemplate": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly variables?: {
                        readonly [key: string]: unknown;
                    };
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["RenderedTemplate"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "transactional.sendMessage": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: {
                /** @description Per account, kept 24 hours: the same key with the same body answers the first response again; with another body 422; while the first is still running 409. */
                readonly "idempotency-key"?: string;
            };
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** Format: uuid */
                    readonly templateId?: string;
                    readonly to: readonly string[];
                    readonly variables?: {
                        readonly [key: string]: unknown;
                    };
                    readonly subject?: string;
                    readonly html?: string;
                    readonly text?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalSendResult"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["IdempotencyInProgressError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 422: {
                content: {
                    readonly "application/json": components["schemas"]["IdempotencyKeyReusedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "transactional.listLogs": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly source?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalLogPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "transactionalDashboard.listDashboardTemplates": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalTemplatePage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "transactionalDashboard.createDashboardTemplate": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    readonly channel?: string;
                    readonly bodyJson: components["schemas"]["TemplateBody"];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalTemplate"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["TemplateNameTakenError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "transactionalDashboard.listDashboardLogs": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly source?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalLogPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "transactionalDashboard.getTransactionalStatistics": {
        readonly parameters: {
            readonly query?: {
                readonly from?: string;
                readonly to?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["TransactionalStatistics"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "growthConversations.listGrowthConversations": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly status?: "open" | "closed";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthConversationPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "growthConversations.createGrowthConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly contact: {
                        readonly email: string;
                        readonly name?: string | null;
                    };
                    readonly subject: string;
                    readonly content: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthConversationThread"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TenantNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "growthConversations.getGrowthConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthConversationThread"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "growthConversations.updateGrowthConversation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @enum {string} */
                    readonly status: "open" | "closed";
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthConversation"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "growthConversations.addGrowthMessage": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly content: string;
                    /**
                     * @description `outbound` (the default): emailed to the contact as `Re: <subject>`. `inbound`: the contact's reply, received elsewhere, recorded and not emailed.
                     * @enum {string}
                     */
                    readonly direction?: "outbound" | "inbound";
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["GrowthMessage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["TenantNotFoundError"] | components["schemas"]["GrowthConversationNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automations.listAutomations": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WorkflowPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automations.createAutomation": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    readonly active?: boolean;
                    /** @description `{ schemaVersion: 1, type, ... }` with type manual, schedule, heartbeat, event, webhook, channel. schedule: exactly one of `everySeconds`, `at` (ISO 8601) or `cron` (5 fields, UTC); heartbeat: `everySeconds` or `cron`, optional `checklist` (lines); event: `events` (conversation.created, conversation.assigned, conversation.closed, message.created, csat.submitted); webhook: optional `webhook.token` (16 to 256 characters, no spaces; stored as a digest and shown only in the answer that sets it), or `webhook: { hasToken: true }` to keep the workflow's token; channel: `channelId`. */
                    readonly triggerJson: {
                        readonly [key: string]: unknown;
                    };
                    /** @description At most 50 steps of type skill, deliver, log, agent, approval, wait: skill `{ skillId, input }`, log `{ message? }`, deliver `{ channelId, content? }`, agent `{ instructions, skills?, maxTurns? }`, approval `{ title?, expiresInSeconds? }`, wait `{ days?, hours?, minutes?, seconds? }` (1 second to 90 days in all; the run is `waiting_timer` meanwhile); each may have a `name`. */
                    readonly stepsJson: readonly unknown[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Workflow"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automations.listWorkflows": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WorkflowPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automations.createWorkflow": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    readonly active?: boolean;
                    /** @description `{ schemaVersion: 1, type, ... }` with type manual, schedule, heartbeat, event, webhook, channel. schedule: exactly one of `everySeconds`, `at` (ISO 8601) or `cron` (5 fields, UTC); heartbeat: `everySeconds` or `cron`, optional `checklist` (lines); event: `events` (conversation.created, conversation.assigned, conversation.closed, message.created, csat.submitted); webhook: optional `webhook.token` (16 to 256 characters, no spaces; stored as a digest and shown only in the answer that sets it), or `webhook: { hasToken: true }` to keep the workflow's token; channel: `channelId`. */
                    readonly triggerJson: {
                        readonly [key: string]: unknown;
                    };
                    /** @description At most 50 steps of type skill, deliver, log, agent, approval, wait: skill `{ skillId, input }`, log `{ message? }`, deliver `{ channelId, content? }`, agent `{ instructions, skills?, maxTurns? }`, approval `{ title?, expiresInSeconds? }`, wait `{ days?, hours?, minutes?, seconds? }` (1 second to 90 days in all; the run is `waiting_timer` meanwhile); each may have a `name`. */
                    readonly stepsJson: readonly unknown[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Workflow"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automations.deleteWorkflow": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Workflow"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WorkflowNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automations.updateWorkflow": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly name?: string;
                    readonly active?: boolean;
                    /** @description `{ schemaVersion: 1, type, ... }` with type manual, schedule, heartbeat, event, webhook, channel. schedule: exactly one of `everySeconds`, `at` (ISO 8601) or `cron` (5 fields, UTC); heartbeat: `everySeconds` or `cron`, optional `checklist` (lines); event: `events` (conversation.created, conversation.assigned, conversation.closed, message.created, csat.submitted); webhook: optional `webhook.token` (16 to 256 characters, no spaces; stored as a digest and shown only in the answer that sets it), or `webhook: { hasToken: true }` to keep the workflow's token; channel: `channelId`. */
                    readonly triggerJson?: {
                        readonly [key: string]: unknown;
                    };
                    /** @description At most 50 steps of type skill, deliver, log, agent, approval, wait: skill `{ skillId, input }`, log `{ message? }`, deliver `{ channelId, content? }`, agent `{ instructions, skills?, maxTurns? }`, approval `{ title?, expiresInSeconds? }`, wait `{ days?, hours?, minutes?, seconds? }` (1 second to 90 days in all; the run is `waiting_timer` meanwhile); each may have a `name`. */
                    readonly stepsJson?: readonly unknown[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Workflow"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WorkflowNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automations.listFlows": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["FlowPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automations.getFlow": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Flow"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["FlowNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationRuns.runWorkflow": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(100000)
                     * @description a string at most 100000 character(s) long
                     */
                    readonly context?: string;
                    readonly payload?: {
                        readonly [key: string]: unknown;
                    };
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Run"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"] | components["schemas"]["WorkflowInactiveError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WorkflowNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationRuns.listRuns": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly workflowId?: string;
                readonly status?: "queued" | "running" | "waiting_approval" | "waiting_node" | "waiting_timer" | "succeeded" | "failed" | "cancelled" | "skipped";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["RunPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationRuns.getRun": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Run"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["RunNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationRuns.cancelRun": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Run"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["RunNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["RunStateConflictError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationRuns.retryRun": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Run"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["RunNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["RunStateConflictError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationRuns.listApprovals": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly status?: "pending" | "approved" | "rejected" | "expired" | "cancelled";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ApprovalPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationRuns.decideApproval": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @enum {string} */
                    readonly decision: "approve" | "reject";
                    /**
                     * maxLength(2000)
                     * @description a string at most 2000 character(s) long
                     */
                    readonly note?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Approval"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ApprovalNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["ApprovalStateConflictError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationHooks.inboundHook": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: {
                /** @description The workflow's `triggerJson.webhook.token` (at least 16 characters), instead of an API key. */
                readonly "x-service-automation-token"?: string;
            };
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** Format: uuid */
                    readonly workflowId: string;
                    /**
                     * maxLength(200)
                     * @description a string at most 200 character(s) long
                     */
                    readonly event?: string;
                    /**
                     * maxLength(100000)
                     * @description a string at most 100000 character(s) long
                     */
                    readonly context?: string;
                    readonly payload?: {
                        readonly [key: string]: unknown;
                    };
                    readonly idempotencyKey?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Run"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"] | components["schemas"]["WorkflowInactiveError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WorkflowNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationGovernance.getPolicy": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Policy"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationGovernance.putPolicy": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(20000)
                     * @description a string at most 20000 character(s) long
                     */
                    readonly standingOrders: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Policy"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationGovernance.getModels": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ModelChoice"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationGovernance.putModels": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(200)
                     * @description a string at most 200 character(s) long
                     */
                    readonly primary: string;
                    /**
                     * maxItems(5)
                     * @description an array of at most 5 item(s)
                     */
                    readonly failover?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ModelChoice"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationGovernance.listToolProfiles": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ToolProfilePage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationGovernance.putToolProfile": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(100)
                     * @description a string at most 100 character(s) long
                     */
                    readonly name: string;
                    /**
                     * maxItems(200)
                     * @description an array of at most 200 item(s)
                     */
                    readonly allow?: readonly string[];
                    /**
                     * maxItems(200)
                     * @description an array of at most 200 item(s)
                     */
                    readonly deny?: readonly string[];
                    /**
                     * maxItems(200)
                     * @description an array of at most 200 item(s)
                     */
                    readonly requireApprovalSkills?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ToolProfile"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationGovernance.listMemory": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                /** @description a string at most 200 character(s) long */
                readonly key?: string;
                /** @description a string at most 200 character(s) long */
                readonly prefix?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["MemoryPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationGovernance.putMemory": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(200)
                     * @description a string at most 200 character(s) long
                     */
                    readonly key: string;
                    readonly value: unknown;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["MemoryEntry"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationGovernance.listMemoryAudit": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                /** @description a string at most 200 character(s) long */
                readonly key?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["MemoryAuditPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSessions.listSessions": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly scope?: "dm" | "group" | "run" | "channel" | "workspace";
                readonly agentId?: string;
                /** @description a string at most 200 character(s) long */
                readonly peer?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SessionPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSessions.openSession": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @enum {string} */
                    readonly scope: "dm" | "group" | "run" | "channel" | "workspace";
                    readonly agentId?: string | null;
                    readonly peer?: string | null;
                    readonly title?: string | null;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Session"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSessions.getSession": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                readonly after?: number;
            };
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SessionDetail"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["SessionNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationAgents.listAgents": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["AgentPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationAgents.createAgent": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(100)
                     * @description a string at most 100 character(s) long
                     */
                    readonly name: string;
                    /**
                     * maxLength(20000)
                     * @description a string at most 20000 character(s) long
                     */
                    readonly instructions: string;
                    readonly model?: string | null;
                    readonly toolProfile?: string | null;
                    /**
                     * maxItems(50)
                     * @description an array of at most 50 item(s)
                     */
                    readonly skills?: readonly string[];
                    /**
                     * maxItems(20)
                     * @description an array of at most 20 item(s)
                     */
                    readonly route_keys?: readonly string[];
                    readonly isDefault?: boolean;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Agent"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationAgents.deleteAgent": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Agent"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["AgentNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationAgents.updateAgent": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(100)
                     * @description a string at most 100 character(s) long
                     */
                    readonly name?: string;
                    /**
                     * maxLength(20000)
                     * @description a string at most 20000 character(s) long
                     */
                    readonly instructions?: string;
                    readonly model?: string | null;
                    readonly toolProfile?: string | null;
                    /**
                     * maxItems(50)
                     * @description an array of at most 50 item(s)
                     */
                    readonly skills?: readonly string[];
                    /**
                     * maxItems(20)
                     * @description an array of at most 20 item(s)
                     */
                    readonly route_keys?: readonly string[];
                    readonly isDefault?: boolean;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Agent"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["AgentNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationChannels.listChannels": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChannelPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationChannels.createChannel": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    /** @enum {string} */
                    readonly type: "webhook" | "email" | "chat";
                    readonly config_json: {
                        readonly [key: string]: unknown;
                    };
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Channel"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationChannelInbound.channelInbound": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: {
                /** @description The channel's inbound secret, instead of an API key. */
                readonly "x-service-channel-secret"?: string;
            };
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(10000)
                     * @description a string at most 10000 character(s) long
                     */
                    readonly text: string;
                    /**
                     * maxLength(200)
                     * @description a string at most 200 character(s) long
                     */
                    readonly peer?: string;
                    readonly payload?: {
                        readonly [key: string]: unknown;
                    };
                    /**
                     * maxLength(255)
                     * @description a string at most 255 character(s) long
                     */
                    readonly idempotencyKey?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChannelInbound"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ChannelNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationReadouts.getSlo": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["AutomationsSlo"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationReadouts.getOnboarding": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["AutomationsOnboarding"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationReadouts.listLogs": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly runId?: string;
                readonly workflowId?: string;
                readonly status?: "running" | "succeeded" | "failed" | "waiting_approval" | "waiting_node" | "waiting_timer" | "skipped";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["AutomationLogPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationReadouts.listMessages": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly runId?: string;
                readonly workflowId?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["AutomationMessagePage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationNodes.listNodes": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["NodePage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationNodes.createNode": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    readonly allowSystem?: boolean;
                    readonly allowBrowser?: boolean;
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly allowedBinaries?: readonly string[];
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly allowedHosts?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["CreatedNode"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationNodes.revokeNode": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Node"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["NodeNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationNodes.updateNode": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly name?: string;
                    readonly allowSystem?: boolean;
                    readonly allowBrowser?: boolean;
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly allowedBinaries?: readonly string[];
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly allowedHosts?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Node"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["NodeNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationNodeClaim.claimNode": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(32)
                     * @description a string at most 32 character(s) long
                     */
                    readonly pairingCode: string;
                    readonly platform?: string;
                    readonly version?: string;
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly capabilities?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ClaimedNode"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationNodeDevice.nodeHeartbeat": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly platform?: string;
                    readonly version?: string;
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly capabilities?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["NodeHeartbeat"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationNodeDevice.nodeCommands": {
        readonly parameters: {
            readonly query?: {
                readonly wait?: number;
            };
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["NodeCommands"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationNodeDevice.nodeCommandResult": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
                readonly commandId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly ok: boolean;
                    readonly output?: string;
                    readonly data?: string;
                    readonly mimeType?: string;
                    readonly error?: {
                        readonly code: string;
                        readonly message: string;
                    };
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["NodeCommandResult"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["NodeCommandNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["NodeCommandClosedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationNodeDevice.nodeSocket": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 101: {
                content?: never;
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 426: {
                content: {
                    readonly "application/json": components["schemas"]["UpgradeRequiredError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardWorkflows": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["WorkflowPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.createDashboardWorkflow": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    readonly active?: boolean;
                    /** @description `{ schemaVersion: 1, type, ... }` with type manual, schedule, heartbeat, event, webhook, channel. schedule: exactly one of `everySeconds`, `at` (ISO 8601) or `cron` (5 fields, UTC); heartbeat: `everySeconds` or `cron`, optional `checklist` (lines); event: `events` (conversation.created, conversation.assigned, conversation.closed, message.created, csat.submitted); webhook: optional `webhook.token` (16 to 256 characters, no spaces; stored as a digest and shown only in the answer that sets it), or `webhook: { hasToken: true }` to keep the workflow's token; channel: `channelId`. */
                    readonly triggerJson: {
                        readonly [key: string]: unknown;
                    };
                    /** @description At most 50 steps of type skill, deliver, log, agent, approval, wait: skill `{ skillId, input }`, log `{ message? }`, deliver `{ channelId, content? }`, agent `{ instructions, skills?, maxTurns? }`, approval `{ title?, expiresInSeconds? }`, wait `{ days?, hours?, minutes?, seconds? }` (1 second to 90 days in all; the run is `waiting_timer` meanwhile); each may have a `name`. */
                    readonly stepsJson: readonly unknown[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Workflow"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardSequences": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SequencePage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.createDashboardSequence": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    /** @description At most 50 steps of type skill, deliver, log, agent, approval, wait: skill `{ skillId, input }`, log `{ message? }`, deliver `{ channelId, content? }`, agent `{ instructions, skills?, maxTurns? }`, approval `{ title?, expiresInSeconds? }`, wait `{ days?, hours?, minutes?, seconds? }` (1 second to 90 days in all; the run is `waiting_timer` meanwhile); each may have a `name`. */
                    readonly stepsJson: readonly unknown[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Sequence"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.getAutomationsConsole": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["AutomationsConsole"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardAgents": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["AgentPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.createDashboardAgent": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(100)
                     * @description a string at most 100 character(s) long
                     */
                    readonly name: string;
                    /**
                     * maxLength(20000)
                     * @description a string at most 20000 character(s) long
                     */
                    readonly instructions: string;
                    readonly model?: string | null;
                    readonly toolProfile?: string | null;
                    /**
                     * maxItems(50)
                     * @description an array of at most 50 item(s)
                     */
                    readonly skills?: readonly string[];
                    /**
                     * maxItems(20)
                     * @description an array of at most 20 item(s)
                     */
                    readonly route_keys?: readonly string[];
                    readonly isDefault?: boolean;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Agent"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardRuns": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly workflowId?: string;
                readonly status?: "queued" | "running" | "waiting_approval" | "waiting_node" | "waiting_timer" | "succeeded" | "failed" | "cancelled" | "skipped";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["RunPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.getDashboardRun": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Run"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["RunNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.cancelDashboardRun": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Run"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["RunNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["RunStateConflictError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.retryDashboardRun": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Run"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["RunNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["RunStateConflictError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.runDashboardWorkflow": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(100000)
                     * @description a string at most 100000 character(s) long
                     */
                    readonly context?: string;
                    readonly payload?: {
                        readonly [key: string]: unknown;
                    };
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Run"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"] | components["schemas"]["WorkflowInactiveError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["WorkflowNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardSessions": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly scope?: "dm" | "group" | "run" | "channel" | "workspace";
                readonly agentId?: string;
                /** @description a string at most 200 character(s) long */
                readonly peer?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SessionPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardApprovals": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                readonly status?: "pending" | "approved" | "rejected" | "expired" | "cancelled";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ApprovalPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.decideDashboardApproval": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @enum {string} */
                    readonly decision: "approve" | "reject";
                    /**
                     * maxLength(2000)
                     * @description a string at most 2000 character(s) long
                     */
                    readonly note?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Approval"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ApprovalNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["ApprovalStateConflictError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardNodes": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["NodePage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.createDashboardNode": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    readonly allowSystem?: boolean;
                    readonly allowBrowser?: boolean;
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly allowedBinaries?: readonly string[];
                    /**
                     * maxItems(100)
                     * @description an array of at most 100 item(s)
                     */
                    readonly allowedHosts?: readonly string[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["CreatedNode"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.listDashboardChannels": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["ChannelPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.deleteDashboardResource": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly resource: "workflows" | "sequences" | "agents" | "nodes";
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Workflow"] | components["schemas"]["Sequence"] | components["schemas"]["Agent"] | components["schemas"]["Node"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ResourceNotFoundError"] | components["schemas"]["WorkflowNotFoundError"] | components["schemas"]["SequenceNotFoundError"] | components["schemas"]["AgentNotFoundError"] | components["schemas"]["NodeNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationsDashboard.updateDashboardResource": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly resource: "workflows" | "sequences" | "agents" | "nodes";
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly [key: string]: unknown;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Workflow"] | components["schemas"]["Sequence"] | components["schemas"]["Agent"] | components["schemas"]["Node"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["ResourceNotFoundError"] | components["schemas"]["WorkflowNotFoundError"] | components["schemas"]["SequenceNotFoundError"] | components["schemas"]["AgentNotFoundError"] | components["schemas"]["NodeNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSequences.listSequences": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SequencePage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSequences.createSequence": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    readonly name: string;
                    /** @description At most 50 steps of type skill, deliver, log, agent, approval, wait: skill `{ skillId, input }`, log `{ message? }`, deliver `{ channelId, content? }`, agent `{ instructions, skills?, maxTurns? }`, approval `{ title?, expiresInSeconds? }`, wait `{ days?, hours?, minutes?, seconds? }` (1 second to 90 days in all; the run is `waiting_timer` meanwhile); each may have a `name`. */
                    readonly stepsJson: readonly unknown[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Sequence"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSequences.deleteSequence": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Sequence"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["SequenceNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSequences.updateSequence": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly name?: string;
                    /** @description At most 50 steps of type skill, deliver, log, agent, approval, wait: skill `{ skillId, input }`, log `{ message? }`, deliver `{ channelId, content? }`, agent `{ instructions, skills?, maxTurns? }`, approval `{ title?, expiresInSeconds? }`, wait `{ days?, hours?, minutes?, seconds? }` (1 second to 90 days in all; the run is `waiting_timer` meanwhile); each may have a `name`. */
                    readonly stepsJson?: readonly unknown[];
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Sequence"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["SequenceNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSequences.runSequence": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                readonly id: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(100000)
                     * @description a string at most 100000 character(s) long
                     */
                    readonly context?: string;
                    readonly payload?: {
                        readonly [key: string]: unknown;
                    };
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Run"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"] | components["schemas"]["WorkflowInactiveError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["SequenceNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSkills.listSkillPacks": {
        readonly parameters: {
            readonly query?: {
                readonly limit?: number;
                /** @description The previous page's `meta.nextCursor`. */
                readonly cursor?: string;
                /** @description Words found in the pack's id, name or description. */
                readonly q?: string;
                /** @description Packs whose templates call this skill. */
                readonly skill?: string;
                readonly source?: "builtin" | "account";
                readonly installed?: "true" | "false";
            };
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SkillPackPage"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSkills.installSkillPack": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": {
                    /** @description a string matching the pattern ^[a-z][a-z0-9-]{0,39}(\.[a-z][a-z0-9-]{0,39}){1,3}$ */
                    readonly packId: string;
                    /** @description a string matching the pattern ^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$ */
                    readonly version?: string;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SkillPack"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["PackNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSkills.createWorkflowFromPack": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path: {
                /** @description a string matching the pattern ^[a-z][a-z0-9-]{0,39}(\.[a-z][a-z0-9-]{0,39}){1,3}$ */
                readonly packId: string;
            };
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    /**
                     * maxLength(50)
                     * @description a string at most 50 character(s) long
                     */
                    readonly template?: string;
                    readonly name?: string;
                    readonly active?: boolean;
                    readonly parameters?: {
                        readonly [key: string]: unknown;
                    };
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["Workflow"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 404: {
                content: {
                    readonly "application/json": components["schemas"]["PackNotFoundError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["PackNotInstalledError"] | components["schemas"]["PackChangedError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSkills.getSkillSdk": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: never;
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SkillSdk"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "automationSkills.publishSkillPack": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody?: {
            readonly content: {
                readonly "application/json": {
                    readonly [key: string]: unknown;
                };
            };
        };
        readonly responses: {
            readonly 200: {
                content: {
                    readonly "application/json": components["schemas"]["SkillPack"];
                };
            };
            readonly 400: {
                content: {
                    readonly "application/json": components["schemas"]["InvalidRequestError"] | components["schemas"]["ValidationFailedError"];
                };
            };
            readonly 401: {
                content: {
                    readonly "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            readonly 403: {
                content: {
                    readonly "application/json": components["schemas"]["PermissionDeniedError"];
                };
            };
            readonly 405: {
                content: {
                    readonly "application/json": components["schemas"]["MethodNotAllowedError"];
                };
            };
            readonly 409: {
                content: {
                    readonly "application/json": components["schemas"]["PackVersionExistsError"];
                };
            };
            readonly 413: {
                content: {
                    readonly "application/json": components["schemas"]["BodyTooLargeError"];
                };
            };
            readonly 429: {
                content: {
                    readonly "application/json": components["schemas"]["RateLimitedError"];
                };
            };
            readonly 500: {
                content: {
                    readonly "application/json": components["schemas"]["InternalError"];
                };
            };
        };
    };
    readonly "webhook.message.created": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["MessageCreatedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.conversation.created": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["ConversationCreatedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.conversation.closed": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["ConversationClosedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.conversation.assigned": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["ConversationAssignedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.csat.submitted": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["CsatSubmittedEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
    readonly "webhook.webhook.test": {
        readonly parameters: {
            readonly query?: never;
            readonly header?: never;
            readonly path?: never;
            readonly cookie?: never;
        };
        readonly requestBody: {
            readonly content: {
                readonly "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        readonly responses: {
            /** @description Any 2xx acknowledges the delivery; anything else is retried. */
            readonly 200: {
                content?: never;
            };
        };
    };
}
