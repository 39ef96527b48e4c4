// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the schemas several groups share.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { components } from "./index.js"

/** The schemas the operations of several groups use. */
export interface SharedSchemas {
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
        /** @description `key:<apiKeyId>` for an API caller, `user:<userId>` for a dashboard user, `run:<runId>` for a run's step. */
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
}
