// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the route of every operation.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const routes = {
  /**
   * Liveness probe
   *
   * Liveness: the process is up and serving. Never touches a dependency.
   */
  "operations.healthz": ["GET", "/healthz", "400 405 500"],
  /**
   * Readiness probe
   *
   * Readiness: the database answers with every migration applied, and Redis answers when configured. 503 names the dependency that does not.
   */
  "operations.readyz": ["GET", "/readyz", "400 405 500 503"],
  /** List API keys */
  "developers.listApiKeys": ["GET", "/tenants/{tenantId}/api-keys", "400 401 403 405 500"],
  /** Create an API key */
  "developers.createApiKey": ["POST", "/tenants/{tenantId}/api-keys", "400 401 403 404 405 413 500"],
  /** Revoke an API key */
  "developers.revokeApiKey": ["DELETE", "/tenants/{tenantId}/api-keys/{id}", "400 401 403 404 405 500"],
  /** List the tenant's entitled products */
  "developers.getEntitlements": ["GET", "/growth/entitlements", "400 401 403 404 405 500"],
  /** List every tenant, oldest first */
  "platformAdmin.listTenants": ["GET", "/admin/tenants", "400 401 405 500"],
  /** Create a tenant */
  "platformAdmin.createTenant": ["POST", "/admin/tenants", "400 401 405 413 500"],
  /** Get a tenant */
  "platformAdmin.getTenant": ["GET", "/admin/tenants/{tenantId}", "400 401 404 405 500"],
  /** Rename a tenant or replace its entitlements */
  "platformAdmin.updateTenant": ["PATCH", "/admin/tenants/{tenantId}", "400 401 404 405 413 500"],
  /** List a tenant's API keys */
  "platformAdmin.listTenantApiKeys": ["GET", "/admin/tenants/{tenantId}/api-keys", "400 401 404 405 500"],
  /** Create an API key for a tenant */
  "platformAdmin.createTenantApiKey": ["POST", "/admin/tenants/{tenantId}/api-keys", "400 401 404 405 413 500"],
  /** Revoke a tenant's API key */
  "platformAdmin.revokeTenantApiKey": ["DELETE", "/admin/tenants/{tenantId}/api-keys/{id}", "400 401 404 405 500"],
  /** Mint a dashboard token for a tenant's user */
  "platformAdmin.issueDashboardToken": ["POST", "/admin/tenants/{tenantId}/dashboard-tokens", "400 401 404 405 413 500"],
  /**
   * List call detail records
   *
   * Call detail records, newest first. Default limit 25, maximum 100.
   */
  "calling.listCalls": ["GET", "/v1/voice/calls", "400 401 403 405 429 500", "page"],
  /** Get a call detail record */
  "calling.getCall": ["GET", "/v1/voice/calls/{id}", "400 401 403 404 405 429 500"],
  /**
   * Get voice usage
   *
   * Minutes and calls started today (UTC), and inbound calls offered and answered over the last 7 days.
   */
  "calling.getUsage": ["GET", "/v1/voice/usage", "400 401 403 405 429 500"],
  /**
   * List phone numbers (planned)
   *
   * Planned: phone numbers. Not available yet; always answers 501.
   */
  "calling.listNumbers": ["GET", "/v1/voice/numbers", "400 401 403 405 429 500 501"],
  /**
   * List the tenant's calls
   *
   * Call detail records, newest first, as the public list but shaped `{ items, nextCursor }`. Default limit 25, maximum 100.
   */
  "callsDashboard.listDashboardCalls": ["GET", "/calls", "400 401 403 405 500", "page"],
  /**
   * Summarize the tenant's calls
   *
   * Calls started in [from, to): their count and minutes, and the answer rate of inbound calls. Without bounds, the 30 days up to now; `from` alone runs to now; at most 366 days.
   */
  "callsDashboard.getCallSummary": ["GET", "/calls/summary", "400 401 403 405 500"],
  /**
   * Export the tenant's calls as CSV or JSON
   *
   * Calls started in [from, to) (full timestamps; either may be left out), newest first, optionally of one direction and one result. `format=csv` (the default) answers RFC 4180 CSV with a header line and CRLF line ends; `format=json` a JSON array of calls. Streamed, so any size can be exported. About 5 exports a minute per tenant: more answer 429 with Retry-After.
   */
  "callsDashboard.exportCalls": ["GET", "/calls/export", "400 401 403 405 429 500"],
  /**
   * Register or update the own SIP trunk
   *
   * The password is needed for a new trunk and kept when left out of an update; it is encrypted at rest and never shown. Tenant admin.
   */
  "sipDashboard.registerTrunk": ["POST", "/sip/register", "400 401 403 405 409 413 500"],
  /** The own SIP trunk, or null */
  "sipDashboard.getTrunkStatus": ["GET", "/sip/status", "400 401 403 405 500"],
  /** Remove the own SIP trunk (tenant admin) */
  "sipDashboard.removeTrunk": ["DELETE", "/sip", "400 401 403 404 405 500"],
  /** Hosted SIP: the tenant's opt-in and the platform's readiness */
  "sipDashboard.getHostedSip": ["GET", "/sip/our-sip", "400 401 403 405 500"],
  /** Opt into hosted SIP (tenant admin; needs the voice entitlement and no own trunk) */
  "sipDashboard.optInHostedSip": ["POST", "/sip/our-sip/opt-in", "400 401 403 404 405 409 500"],
  /** Opt out of hosted SIP (tenant admin) */
  "sipDashboard.optOutHostedSip": ["POST", "/sip/our-sip/opt-out", "400 401 403 405 500"],
  /**
   * Softphone: SIP over WebSocket to the tenant's trunk
   *
   * A WebSocket upgrade offering the `sip` subprotocol (RFC 7118), on the native Node and Bun hosts; 426 elsewhere or without the upgrade. Each message is one SIP message, relayed to the tenant's own trunk (whose Digest challenges the relay answers with the stored password) or to the platform's carrier for hosted SIP. Signalling only: the SDP passes through untouched and media flows between the softphone and the far end. Any dashboard role.
   */
  "softphone.connectSoftphone": ["GET", "/sip/ws", "400 401 403 405 409 426 500", "socket+token"],
  /**
   * Mint a hosted chat session
   *
   * Upserts the visitor by `externalId`, creates the account's widget on the first mint, and opens a conversation: the visitor's open (or pending) conversation is reused unless `name` differs from its title, which starts a new one. Records a `chat_session_mint` usage entry; a new conversation emits `conversation.created`. Keep the API key on the server: hand out `chatUrl` only.
   */
  "chat.mintSession": ["POST", "/v1/chat/sessions", "400 401 403 405 413 429 500"],
  /**
   * List conversations
   *
   * Newest first, optionally only one `status` or `source`. Default limit 25, maximum 100.
   */
  "chat.listConversations": ["GET", "/v1/chat/conversations", "400 401 403 405 429 500", "page"],
  /**
   * Create a conversation
   *
   * Opens a conversation with source `api`, for the `visitor` given (upserted by `externalId`) or for none. Emits `conversation.created`.
   */
  "chat.createConversation": ["POST", "/v1/chat/conversations", "400 401 403 405 413 429 500"],
  /**
   * List a conversation's messages
   *
   * Oldest first, by `sequence`. Pass the id of the last message you have as `after` to catch up after a reconnect; `meta.nextCursor` is the `after` of the next page, null at the end. Default limit 25, maximum 100.
   */
  "chat.listMessages": ["GET", "/v1/chat/conversations/{id}/messages", "400 401 403 404 405 429 500"],
  /**
   * Post a message
   *
   * Posts as the API (`authorType` api). A closed conversation takes no messages (409 `conversation_closed`). Emits `message.created`.
   */
  "chat.postMessage": ["POST", "/v1/chat/conversations/{id}/messages", "400 401 403 404 405 409 413 429 500"],
  /**
   * List visitors
   *
   * Newest first; with `externalId`, the one visitor it names (or none). Default limit 25, maximum 100.
   */
  "chat.listVisitors": ["GET", "/v1/chat/visitors", "400 401 403 405 429 500", "page"],
  /**
   * List conversations
   *
   * Newest first, optionally only one `status` or `source`, and only those assigned to the token's user or to nobody (`assigned`).
   */
  "chatDashboard.listAgentConversations": ["GET", "/tenants/{tenantId}/chat/conversations", "400 401 403 405 500", "page"],
  /** Get a conversation */
  "chatDashboard.getAgentConversation": ["GET", "/tenants/{tenantId}/chat/conversations/{id}", "400 401 403 404 405 500"],
  /**
   * List a conversation's messages
   *
   * Oldest first, by `sequence`. Pass the id of the last message you have as `after` to catch up after a reconnect; `meta.nextCursor` is the `after` of the next page, null at the end. Default limit 25, maximum 100.
   */
  "chatDashboard.listAgentMessages": ["GET", "/tenants/{tenantId}/chat/conversations/{id}/messages", "400 401 403 404 405 500"],
  /**
   * Reply as an agent
   *
   * Posts as the token's user (`authorType` agent, `authorId` the token's subject). A closed conversation takes no messages (409 `conversation_closed`). Emits `message.created`.
   */
  "chatDashboard.replyAsAgent": ["POST", "/tenants/{tenantId}/chat/conversations/{id}/messages", "400 401 403 404 405 409 413 500"],
  /**
   * Assign a conversation
   *
   * Emits `conversation.assigned` when the assignee changes (null: unassigned).
   */
  "chatDashboard.assignConversation": ["POST", "/tenants/{tenantId}/chat/conversations/{id}/assign", "400 401 403 404 405 413 500"],
  /**
   * Change a conversation's status
   *
   * Any status may follow any other; moving to `closed` emits `conversation.closed`, and a closed conversation takes messages again once reopened.
   */
  "chatDashboard.setConversationStatus": ["POST", "/tenants/{tenantId}/chat/conversations/{id}/status", "400 401 403 404 405 413 500"],
  /**
   * Follow every conversation live
   *
   * Server-sent events for the tenant's inbox: `resync` first on every connection (and again after a break in delivery between servers), then `conversation` (a Conversation, when one is created or changes: status, assignee, a new message) and `message` (a ChatMessage, when one is written). Events carry no ids and there is no Last-Event-ID resume: on `resync`, fetch what you show (the list, the open conversation's messages) and merge later events by id. A connection lasts at most 15 minutes; reconnect with a current token.
   */
  "chatDashboard.followInbox": ["GET", "/tenants/{tenantId}/chat/events", "400 401 403 405 500", "events"],
  /**
   * The hosted chat page
   *
   * What a session's `chatUrl` opens (`?siteKey=...&token=...`). Sent with a strict Content-Security-Policy and `Referrer-Policy: no-referrer`; its script moves the token out of the address bar and uses it as a bearer token for the visitor API below.
   */
  "chatPage.chatPage": ["GET", "/public/chat", "400 405 500"],
  /** The hosted chat page's script */
  "chatPage.chatPageScript": ["GET", "/public/chat/chat.js", "400 405 500"],
  /** The hosted chat page's styles */
  "chatPage.chatPageStyles": ["GET", "/public/chat/chat.css", "400 405 500"],
  /** The visitor's conversation */
  "chatVisitor.getVisitorConversation": ["GET", "/public/chat/conversation", "400 401 405 429 500"],
  /**
   * The conversation's messages
   *
   * Oldest first, by `sequence`. Pass the id of the last message you have as `after` to catch up after a reconnect; `meta.nextCursor` is the `after` of the next page, null at the end. Default limit 25, maximum 100.
   */
  "chatVisitor.listVisitorMessages": ["GET", "/public/chat/messages", "400 401 405 429 500"],
  /**
   * Write as the visitor
   *
   * A message with `authorType` visitor; it reopens a resolved conversation, and a closed one takes none (409 `conversation_closed`). Emits `message.created`.
   */
  "chatVisitor.postVisitorMessage": ["POST", "/public/chat/messages", "400 401 405 409 413 429 500"],
  /**
   * Follow the conversation live
   *
   * Server-sent events: `conversation` (the conversation, first and after each change) and `message` (each message, its id as the event id), until the token expires. Send the id of the last message you have as `Last-Event-ID` to resume after it without a gap or a repeat.
   */
  "chatVisitor.followVisitorConversation": ["GET", "/public/chat/events", "400 401 405 429 500", "events"],
  /**
   * Rate the conversation
   *
   * Once, after the conversation was resolved or closed (409 `conversation_not_finished` before, `csat_already_submitted` after). Emits `csat.submitted`.
   */
  "chatVisitor.rateConversation": ["POST", "/public/chat/csat", "400 401 405 409 413 429 500"],
  /** List webhook subscriptions */
  "webhooks.listWebhooks": ["GET", "/tenants/{tenantId}/webhooks", "400 401 403 405 429 500", "page"],
  /**
   * Subscribe to chat events
   *
   * Deliveries are HTTPS POSTs of `{ event, eventId, payload, timestamp }`, signed in `X-Service-Signature` (lowercase hex HMAC-SHA256 of `<X-Service-Timestamp>.<raw body>` with the secret). `events`: message.created, conversation.created, conversation.closed, conversation.assigned, csat.submitted, visitor.created (`visitor.created` is accepted and never sent). The URL must be https on a public address.
   */
  "webhooks.createWebhook": ["POST", "/tenants/{tenantId}/webhooks", "400 401 403 405 413 429 500"],
  /** Get a webhook subscription */
  "webhooks.getWebhook": ["GET", "/tenants/{tenantId}/webhooks/{id}", "400 401 403 404 405 429 500"],
  /**
   * Update a webhook subscription
   *
   * Fields left out are kept; `events` is replaced whole. The secret does not change.
   */
  "webhooks.updateWebhook": ["PATCH", "/tenants/{tenantId}/webhooks/{id}", "400 401 403 404 405 413 429 500"],
  /**
   * Delete a webhook subscription
   *
   * Answers the deleted subscription; its pending deliveries and history go with it.
   */
  "webhooks.deleteWebhook": ["DELETE", "/tenants/{tenantId}/webhooks/{id}", "400 401 403 404 405 429 500"],
  /**
   * Delivery history
   *
   * Every attempt, newest first.
   */
  "webhooks.listWebhookDeliveries": ["GET", "/tenants/{tenantId}/webhooks/{id}/deliveries", "400 401 403 404 405 429 500", "page"],
  /**
   * Send a test event
   *
   * Sends a signed `webhook.test` event now, once (no retries), and answers the attempt, which also joins the history.
   */
  "webhooks.testWebhook": ["POST", "/tenants/{tenantId}/webhooks/{id}/test", "400 401 403 404 405 429 500"],
  /**
   * Retry a delivery
   *
   * Sends a delivery that succeeded or failed for good once more, now (no automatic retries), signed afresh with the same `X-Service-Delivery` id so the receiver can tell it from a new event, and answers the attempt, which joins the history. `deliveryId` is an attempt's `deliveryId`. A delivery whose automatic retries are still under way answers 409.
   */
  "webhooks.retryWebhookDelivery": ["POST", "/tenants/{tenantId}/webhooks/{id}/deliveries/{deliveryId}/retry", "400 401 403 404 405 409 429 500"],
  /**
   * List templates
   *
   * Newest first. Default limit 25, maximum 100.
   */
  "transactional.listTemplates": ["GET", "/v1/transactional/templates", "400 401 403 405 429 500", "page"],
  /**
   * Create a template
   *
   * `name` is unique per account; `channel` is `email` (the default and only one). A placeholder that does not parse is refused with its line and column.
   */
  "transactional.createTemplate": ["POST", "/v1/transactional/templates", "400 401 403 405 409 413 429 500"],
  /** Get a template */
  "transactional.getTemplate": ["GET", "/v1/transactional/templates/{id}", "400 401 403 404 405 429 500"],
  /**
   * Update a template
   *
   * Fields left out are kept, each part of `bodyJson` on its own.
   */
  "transactional.updateTemplate": ["PATCH", "/v1/transactional/templates/{id}", "400 401 403 404 405 409 413 429 500"],
  /**
   * Delete a template
   *
   * Answers the deleted template. Messages already accepted are still delivered.
   */
  "transactional.deleteTemplate": ["DELETE", "/v1/transactional/templates/{id}", "400 401 403 404 405 429 500"],
  /**
   * Preview a template
   *
   * Renders the template with `variables` without sending anything.
   */
  "transactional.renderTemplate": ["POST", "/v1/transactional/templates/{id}/render", "400 401 403 404 405 413 429 500"],
  /**
   * Send email
   *
   * Needs the transactional and business_email entitlements. The answer comes once the messages are stored and queued; delivery follows (see the logs). A template placeholder without a variable is refused (400, `details` name each `variables.<name>`). Test-mode keys deliver to the development mailbox only.
   */
  "transactional.sendMessage": ["POST", "/v1/transactional/messages", "400 401 403 404 405 409 413 422 429 500"],
  /**
   * List send attempts
   *
   * Newest first. By default only this API's sends (`metadata.source` = `transactional_v1`); `source=all` the shared activity ledger.
   */
  "transactional.listLogs": ["GET", "/v1/transactional/logs", "400 401 403 405 429 500", "page"],
  /** List the tenant's email templates */
  "transactionalDashboard.listDashboardTemplates": ["GET", "/growth/transactional/templates", "400 401 403 405 500", "page"],
  /** Create an email template */
  "transactionalDashboard.createDashboardTemplate": ["POST", "/growth/transactional/templates", "400 401 403 405 409 413 500"],
  /** List the tenant's send attempts */
  "transactionalDashboard.listDashboardLogs": ["GET", "/growth/transactional/logs", "400 401 403 405 500", "page"],
  /**
   * Delivery statistics
   *
   * Without bounds, the 30 days up to now; `from` alone runs to now; at most 366 days.
   */
  "transactionalDashboard.getTransactionalStatistics": ["GET", "/growth/transactional/statistics", "400 401 403 405 500"],
  /**
   * List conversations
   *
   * Newest activity (last message) first, optionally one `status` only. A conversation that gets a message while pages are read moves to the front.
   */
  "growthConversations.listGrowthConversations": ["GET", "/growth/conversations", "400 401 403 405 500", "page"],
  /**
   * Start a conversation
   *
   * Stores the conversation and its first message and queues the email to the contact, together. Needs the `business_email` entitlement (403 `product_not_entitled`, nothing stored).
   */
  "growthConversations.createGrowthConversation": ["POST", "/growth/conversations", "400 401 403 404 405 413 500"],
  /** Get a conversation with its messages */
  "growthConversations.getGrowthConversation": ["GET", "/growth/conversations/{id}", "400 401 403 404 405 500"],
  /** Open or close a conversation */
  "growthConversations.updateGrowthConversation": ["PATCH", "/growth/conversations/{id}", "400 401 403 404 405 413 500"],
  /**
   * Reply, or record the contact's reply
   *
   * A reply is emailed to the contact and needs the `business_email` entitlement (403 `product_not_entitled`, nothing stored); recording an inbound message sends nothing. Either reopens a closed conversation.
   */
  "growthConversations.addGrowthMessage": ["POST", "/growth/conversations/{id}/messages", "400 401 403 404 405 413 500"],
  /**
   * List workflows
   *
   * Newest first. Default limit 25, maximum 100.
   */
  "automations.listAutomations": ["GET", "/v1/automations", "400 401 403 405 429 500", "page"],
  /**
   * Create a workflow
   *
   * The trigger, the steps, the skills and their inputs are checked now (400 naming the field); a skill whose product the account is not entitled to is a 403 `product_not_entitled`. `active` defaults to true. Creates the workflow's flow at revision 1.
   */
  "automations.createAutomation": ["POST", "/v1/automations", "400 401 403 405 413 429 500"],
  /**
   * List workflows
   *
   * Newest first. Default limit 25, maximum 100.
   */
  "automations.listWorkflows": ["GET", "/v1/automations/workflows", "400 401 403 405 429 500", "page"],
  /**
   * Create a workflow
   *
   * The trigger, the steps, the skills and their inputs are checked now (400 naming the field); a skill whose product the account is not entitled to is a 403 `product_not_entitled`. `active` defaults to true. Creates the workflow's flow at revision 1.
   */
  "automations.createWorkflow": ["POST", "/v1/automations/workflows", "400 401 403 405 413 429 500"],
  /**
   * Update a workflow
   *
   * Fields left out are kept; `triggerJson` and `stepsJson` are replaced whole. Bumps the flow's revision.
   */
  "automations.updateWorkflow": ["PATCH", "/v1/automations/workflows/{id}", "400 401 403 404 405 413 429 500"],
  /**
   * Delete a workflow
   *
   * Answers the deleted workflow. Its flow stays, at a new revision marked deleted, for the runs that refer to it.
   */
  "automations.deleteWorkflow": ["DELETE", "/v1/automations/workflows/{id}", "400 401 403 404 405 429 500"],
  /** List flows */
  "automations.listFlows": ["GET", "/v1/automations/flows", "400 401 403 405 429 500", "page"],
  /** Get a flow */
  "automations.getFlow": ["GET", "/v1/automations/flows/{id}", "400 401 403 404 405 429 500"],
  /**
   * Run a workflow
   *
   * Stores a queued run of the workflow at its current revision (`{{context}}` and `{{payload.*}}` in its steps come from the body) and queues it for a worker. An inactive workflow or one without steps is a 400 `workflow_inactive`.
   */
  "automationRuns.runWorkflow": ["POST", "/v1/automations/workflows/{id}/run", "400 401 403 404 405 413 429 500"],
  /**
   * List runs
   *
   * Newest first, optionally of one workflow or in one status.
   */
  "automationRuns.listRuns": ["GET", "/v1/automations/runs", "400 401 403 405 429 500", "page"],
  /** Get a run */
  "automationRuns.getRun": ["GET", "/v1/automations/runs/{id}", "400 401 403 404 405 429 500"],
  /**
   * Cancel a run
   *
   * A queued, running or waiting run; anything else is a 409. A step in progress finishes, and nothing after it runs.
   */
  "automationRuns.cancelRun": ["POST", "/v1/automations/runs/{id}/cancel", "400 401 403 404 405 409 429 500"],
  /**
   * Retry a run
   *
   * Queues a failed or cancelled run again: it resumes at the step that did not finish; finished steps do not run again.
   */
  "automationRuns.retryRun": ["POST", "/v1/automations/runs/{id}/retry", "400 401 403 404 405 409 429 500"],
  /**
   * List approvals
   *
   * Newest first. An approval step waits 72 hours unless it sets `expiresInSeconds`; then it expires and its run fails.
   */
  "automationRuns.listApprovals": ["GET", "/v1/automations/approvals", "400 401 403 405 429 500", "page"],
  /**
   * Approve or reject
   *
   * Approving queues the run to go on after the step; rejecting fails it. Once only.
   */
  "automationRuns.decideApproval": ["POST", "/v1/automations/approvals/{id}/decide", "400 401 403 404 405 409 413 429 500"],
  /**
   * Start a run from a partner system
   *
   * Authenticated by `X-Service-Automation-Token` (it must equal the token set in the named workflow's `triggerJson.webhook.token`, compared by its digest; otherwise 401 `invalid_automation_token`) or by an API key with automations:manage. Stores a queued run (trigger `webhook`, `{{event.type}}` = `event`). The same `idempotencyKey` within 24 hours answers the first run instead of starting another, also when duplicates arrive at once.
   */
  "automationHooks.inboundHook": ["POST", "/v1/automations/hooks/inbound", "400 401 403 404 405 413 429 500"],
  /** Get the standing orders */
  "automationGovernance.getPolicy": ["GET", "/v1/automations/policies", "400 401 403 405 429 500"],
  /**
   * Replace the standing orders
   *
   * At most 20000 characters; runs starting from now see them.
   */
  "automationGovernance.putPolicy": ["PUT", "/v1/automations/policies", "400 401 403 405 413 429 500"],
  /** Get the model labels */
  "automationGovernance.getModels": ["GET", "/v1/automations/models", "400 401 403 405 429 500"],
  /**
   * Choose the model labels
   *
   * A primary label and at most 5 failover labels, none twice. When the operator configured a label map, each must be one of its labels; with a single provider, a label is the model name sent to it. A call moves on to the next label after a timeout, a network error, HTTP 401/403/404/408/409/425/429/5xx or a malformed answer, never after a context-length error. 400 when the platform has no language model.
   */
  "automationGovernance.putModels": ["PUT", "/v1/automations/models", "400 401 403 405 413 429 500"],
  /** List tool profiles */
  "automationGovernance.listToolProfiles": ["GET", "/v1/automations/tool-profiles", "400 401 403 405 429 500", "page"],
  /**
   * Create or replace a tool profile
   *
   * Creates the profile with this name, or replaces the lists of the one that has it. Each list holds at most 200 known skill ids. A step whose skill its profile denies is refused with a 403 `skill_denied` when the workflow is written; a profile changed afterwards fails the step when the run reaches it.
   */
  "automationGovernance.putToolProfile": ["POST", "/v1/automations/tool-profiles", "400 401 403 405 413 429 500"],
  /**
   * Read memory
   *
   * Entries newest first, those whose key starts with `prefix`, or the one with `key` (a page of one or none). Each entry returned is audited as a read.
   */
  "automationGovernance.listMemory": ["GET", "/v1/automations/memory", "400 401 403 405 429 500", "page"],
  /**
   * Write a memory entry
   *
   * Stores `value` (any JSON, at most 64 KiB) under `key`, replacing what the key held; audited as a write.
   */
  "automationGovernance.putMemory": ["PUT", "/v1/automations/memory", "400 401 403 405 413 429 500"],
  /**
   * Memory audit trail
   *
   * Every read and write of memory, newest first, optionally of one key.
   */
  "automationGovernance.listMemoryAudit": ["GET", "/v1/automations/memory/audit", "400 401 403 405 429 500", "page"],
  /**
   * List sessions
   *
   * Newest first, optionally of one scope, agent or peer.
   */
  "automationSessions.listSessions": ["GET", "/v1/automations/sessions", "400 401 403 405 429 500", "page"],
  /**
   * Open a session
   *
   * Answers the account's session of this scope, agent and peer, creating it if there is none (they make one session; each agent keeps its own). `peer` is required for `dm`, `group`, `channel` and `run`, and absent for `workspace`. Agent steps open theirs the same way.
   */
  "automationSessions.openSession": ["POST", "/v1/automations/sessions", "400 401 403 405 413 429 500"],
  /**
   * Get a session and its transcript
   *
   * The session and its entries in order, `limit` (default 100) after the sequence number `after`: messages, tool calls, their results and compaction summaries. Compaction never deletes: once what the model reads passes 60% of the primary model label's context window, the older entries are summarised into a `summary` entry and the newest entries within 25% are kept as they are (a tool result always with its call).
   */
  "automationSessions.getSession": ["GET", "/v1/automations/sessions/{id}", "400 401 403 404 405 429 500"],
  /** List agents */
  "automationAgents.listAgents": ["GET", "/v1/automations/agents", "400 401 403 405 429 500", "page"],
  /**
   * Create an agent
   *
   * `model` must be a label this platform configures, `toolProfile` one of the account's profiles, `skills` known skills; at most 20 route keys, none twice. An agent created with `isDefault: true` takes over as the account's default. At most 100 agents.
   */
  "automationAgents.createAgent": ["POST", "/v1/automations/agents", "400 401 403 405 413 429 500"],
  /**
   * Change an agent
   *
   * Changes the fields given; `null` clears `model` or `toolProfile`.
   */
  "automationAgents.updateAgent": ["PATCH", "/v1/automations/agents/{id}", "400 401 403 404 405 413 429 500"],
  /**
   * Delete an agent
   *
   * Answers the agent deleted. A step naming it fails when a run reaches it; its sessions stay readable.
   */
  "automationAgents.deleteAgent": ["DELETE", "/v1/automations/agents/{id}", "400 401 403 404 405 429 500"],
  /** List channels */
  "automationChannels.listChannels": ["GET", "/v1/automations/channels", "400 401 403 405 429 500", "page"],
  /**
   * Create a channel
   *
   * `config_json.inboundSecret` (at least 16 characters, no spaces) lets `/channels/{id}/inbound` be called with it; it is encrypted at rest and never shown again. A webhook channel needs one (it signs what the channel sends) and a URL the outbound client may reach.
   */
  "automationChannels.createChannel": ["POST", "/v1/automations/channels", "400 401 403 405 413 429 500"],
  /**
   * Post an inbound message to a channel
   *
   * Authenticated by `X-Service-Channel-Secret` (a wrong secret, or a channel without one, is a 401 `invalid_channel_secret` and stores nothing) or by an API key with automations:manage. Starts a run of each active workflow whose trigger is `{ type: "channel", channelId }` of this channel, with `{{context}}` the text (framed as untrusted for models) and `{{payload.*}}` the body's `payload` with `channelId`, `peer` and `text`. An agent step without instructions of its own is routed by `peer:` and `channel:` route keys; a `deliver` step to `{{payload.channelId}}` answers where the message came from. The same `idempotencyKey` starts no second run.
   */
  "automationChannelInbound.channelInbound": ["POST", "/v1/automations/channels/{id}/inbound", "400 401 403 404 405 413 429 500"],
  /**
   * Runs' success rate and start latency
   *
   * Over the runs created in the last 7 days: counts by status, the success rate and the p50 and p95 of the time from queued to running.
   */
  "automationReadouts.getSlo": ["GET", "/v1/automations/slo", "400 401 403 405 429 500"],
  /** First-run checklist */
  "automationReadouts.getOnboarding": ["GET", "/v1/automations/onboarding", "400 401 403 405 429 500"],
  /**
   * The runs' step log
   *
   * Every step result of the runs, of one run or workflow, in one status. Newest run first (by creation), then its last step first. A page reads at most 500 runs, so it may hold fewer entries than `limit` (none, even) while `meta.nextCursor` is not null: follow it until it is.
   */
  "automationReadouts.listLogs": ["GET", "/v1/automations/logs", "400 401 403 405 429 500", "page"],
  /**
   * Messages runs sent
   *
   * Succeeded email.send, chat.post_message, channel.deliver and webhook.deliver steps and deliver steps, of every run or of one run or workflow. Newest run first (by creation), then its last step first. A page reads at most 500 runs, so it may hold fewer entries than `limit` (none, even) while `meta.nextCursor` is not null: follow it until it is.
   */
  "automationReadouts.listMessages": ["GET", "/v1/automations/messages", "400 401 403 405 429 500", "page"],
  /**
   * List companion nodes
   *
   * Newest first; `lastSeenAt` is the device's last heartbeat, poll or result.
   */
  "automationNodes.listNodes": ["GET", "/v1/automations/nodes", "400 401 403 405 429 500", "page"],
  /**
   * Create a node and its pairing code
   *
   * Answers the node with a `pairingCode` valid 15 minutes, shown once: the device claims it at `/automations/nodes/claim` (`servicekit node pair <url> <code>`). `allowSystem` lets the node run `system.run` for the programs in `allowedBinaries` (matched exactly against `argv[0]`); `allowBrowser` lets it run `browser.*` on the hosts in `allowedHosts` (`example.com`, or `*.example.com` for subdomains). Both are off by default. `system.run`, `browser.navigate` and `browser.evaluate` also wait for an approval unless a tool profile opts out.
   */
  "automationNodes.createNode": ["POST", "/v1/automations/nodes", "400 401 403 405 413 429 500"],
  /**
   * Change what a node may do
   *
   * `allowSystem` lets the node run `system.run` for the programs in `allowedBinaries` (matched exactly against `argv[0]`); `allowBrowser` lets it run `browser.*` on the hosts in `allowedHosts` (`example.com`, or `*.example.com` for subdomains). Both are off by default. `system.run`, `browser.navigate` and `browser.evaluate` also wait for an approval unless a tool profile opts out. A list given replaces the stored one.
   */
  "automationNodes.updateNode": ["PATCH", "/v1/automations/nodes/{id}", "400 401 403 404 405 413 429 500"],
  /**
   * Revoke a node
   *
   * Clears the device secret: the device's next call is refused (401 `invalid_device_secret`) and its WebSocket closes (4401). The node stays listed as `revoked`; its commands still open fail at once (`node_revoked`), and so do the steps waiting for them.
   */
  "automationNodes.revokeNode": ["DELETE", "/v1/automations/nodes/{id}", "400 401 403 404 405 429 500"],
  /**
   * Claim a pairing code (the device)
   *
   * Answers the node and its `deviceSecret`, once. An unknown, used or expired code is a 401 (`pairing_code_invalid`, `pairing_code_used`, `pairing_code_expired`) whose message tells the device to stop retrying. Claims are rate-limited per client address (by default 20 a minute). The device may report its `platform`, `version` and `capabilities` (node skills it can run; others are ignored).
   */
  "automationNodeClaim.claimNode": ["POST", "/v1/automations/nodes/claim", "400 401 405 413 429 500"],
  /**
   * Heartbeat (the device)
   *
   * Authenticated by the device secret as `Authorization: Bearer <deviceSecret>` (a wrong, revoked or other node's secret: 401 `invalid_device_secret`). Records that the device is alive (`lastSeenAt`) and what it reports; answers what the node may do, which the device enforces too.
   */
  "automationNodeDevice.nodeHeartbeat": ["POST", "/v1/automations/nodes/{id}/heartbeat", "400 401 405 413 429 500"],
  /**
   * Take the commands due (the device; long poll)
   *
   * Authenticated by the device secret as `Authorization: Bearer <deviceSecret>` (a wrong, revoked or other node's secret: 401 `invalid_device_secret`). Answers as soon as commands are due, oldest first (at most 20), or an empty list after `wait` seconds (default 25). A command handed out and still unanswered after 60 s is handed out again (`deliveries` counts): a device runs each command id once. A command has 120 s for its result unless its step sets `timeoutSeconds`.
   */
  "automationNodeDevice.nodeCommands": ["GET", "/v1/automations/nodes/{id}/commands", "400 401 405 429 500"],
  /**
   * Post a command's result (the device)
   *
   * Authenticated by the device secret as `Authorization: Bearer <deviceSecret>` (a wrong, revoked or other node's secret: 401 `invalid_device_secret`). `ok` with `output` (text, at most 262144 characters, no NUL) and `data` (base64, at most 655360 bytes decoded, e.g. a PNG with `mimeType`), or `ok: false` with `error: { code, message }`. Stored once (a second result: 409 `command_finished`; after the command's time: 409 `command_expired`); the run waiting for it goes on.
   */
  "automationNodeDevice.nodeCommandResult": ["POST", "/v1/automations/nodes/{id}/commands/{commandId}/result", "400 401 404 405 409 413 429 500"],
  /**
   * Commands pushed over a WebSocket (the device)
   *
   * The device secret as `?secret=` (for clients that cannot set headers) or `Authorization: Bearer`; a wrong, revoked or other node's secret: 401 before the upgrade. On the native Node and Bun hosts (426 elsewhere). The server sends JSON text messages: `{"type":"settings","node":{...}}` on open and whenever the node's settings change (as a heartbeat answers them), and `{"type":"commands","data":[...]}` as commands fall due, in the long poll's shape; results go to the result route. The device may send `{"type":"ping"}` (answered `{"type":"pong"}`). When the secret stops working (revoked) the socket closes with code 4401. Commands pushed to a socket that closes before their result are queued again at once for the next socket or long poll, and a device runs each command id once. The long poll stays available beside the socket.
   */
  "automationNodeDevice.nodeSocket": ["GET", "/v1/automations/nodes/{id}/ws", "400 401 405 426 429 500", "socket+secret"],
  /**
   * List workflows
   *
   * As `GET /v1/automations/workflows`.
   */
  "automationsDashboard.listDashboardWorkflows": ["GET", "/growth/automations/workflows", "400 401 403 405 500", "page"],
  /**
   * Create a workflow
   *
   * As `POST /v1/automations/workflows`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.createDashboardWorkflow": ["POST", "/growth/automations/workflows", "400 401 403 405 413 500"],
  /**
   * List sequences
   *
   * As `GET /v1/automations/sequences`.
   */
  "automationsDashboard.listDashboardSequences": ["GET", "/growth/automations/sequences", "400 401 403 405 500", "page"],
  /**
   * Create a sequence
   *
   * As `POST /v1/automations/sequences`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.createDashboardSequence": ["POST", "/growth/automations/sequences", "400 401 403 405 413 500"],
  /** Recent runs, failures, waiting approvals and the SLO */
  "automationsDashboard.getAutomationsConsole": ["GET", "/growth/automations/console", "400 401 403 405 500"],
  /**
   * List agents
   *
   * As `GET /v1/automations/agents`.
   */
  "automationsDashboard.listDashboardAgents": ["GET", "/growth/automations/agents", "400 401 403 405 500", "page"],
  /**
   * Create an agent
   *
   * As `POST /v1/automations/agents`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.createDashboardAgent": ["POST", "/growth/automations/agents", "400 401 403 405 413 500"],
  /**
   * List runs
   *
   * As `GET /v1/automations/runs`.
   */
  "automationsDashboard.listDashboardRuns": ["GET", "/growth/automations/runs", "400 401 403 405 500", "page"],
  /**
   * Get a run
   *
   * As `GET /v1/automations/runs/{id}`: with `stepsResultJson`.
   */
  "automationsDashboard.getDashboardRun": ["GET", "/growth/automations/runs/{id}", "400 401 403 404 405 500"],
  /**
   * Cancel a run
   *
   * As `POST /v1/automations/runs/{id}/cancel`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.cancelDashboardRun": ["POST", "/growth/automations/runs/{id}/cancel", "400 401 403 404 405 409 500"],
  /**
   * Retry a run
   *
   * As `POST /v1/automations/runs/{id}/retry`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.retryDashboardRun": ["POST", "/growth/automations/runs/{id}/retry", "400 401 403 404 405 409 500"],
  /**
   * Run a workflow
   *
   * As `POST /v1/automations/workflows/{id}/run` with a live key: `context` and `payload` are optional. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.runDashboardWorkflow": ["POST", "/growth/automations/workflows/{id}/run", "400 401 403 404 405 413 500"],
  /**
   * List sessions
   *
   * As `GET /v1/automations/sessions`.
   */
  "automationsDashboard.listDashboardSessions": ["GET", "/growth/automations/sessions", "400 401 403 405 500", "page"],
  /**
   * List approvals
   *
   * As `GET /v1/automations/approvals`.
   */
  "automationsDashboard.listDashboardApprovals": ["GET", "/growth/automations/approvals", "400 401 403 405 500", "page"],
  /**
   * Approve or reject
   *
   * As `POST /v1/automations/approvals/{id}/decide`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.decideDashboardApproval": ["POST", "/growth/automations/approvals/{id}/decide", "400 401 403 404 405 409 413 500"],
  /**
   * List companion nodes
   *
   * As `GET /v1/automations/nodes`.
   */
  "automationsDashboard.listDashboardNodes": ["GET", "/growth/automations/nodes", "400 401 403 405 500", "page"],
  /**
   * Create a node and its pairing code
   *
   * As `POST /v1/automations/nodes`: the `pairingCode` is shown only in this answer. `allowSystem` lets the node run `system.run` for the programs in `allowedBinaries` (matched exactly against `argv[0]`); `allowBrowser` lets it run `browser.*` on the hosts in `allowedHosts` (`example.com`, or `*.example.com` for subdomains). Both are off by default. `system.run`, `browser.navigate` and `browser.evaluate` also wait for an approval unless a tool profile opts out. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.createDashboardNode": ["POST", "/growth/automations/nodes", "400 401 403 405 413 500"],
  /**
   * List channels
   *
   * As `GET /v1/automations/channels`.
   */
  "automationsDashboard.listDashboardChannels": ["GET", "/growth/automations/channels", "400 401 403 405 500", "page"],
  /**
   * Change a record: workflows, sequences, agents, nodes
   *
   * As `workflows` as PATCH /v1/automations/workflows/{id}, `sequences` as PATCH /v1/automations/sequences/{id}, `agents` as PATCH /v1/automations/agents/{id}, `nodes` as PATCH /v1/automations/nodes/{id}. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.updateDashboardResource": ["PATCH", "/growth/automations/{resource}/{id}", "400 401 403 404 405 413 500"],
  /**
   * Delete a record: workflows, sequences, agents, nodes
   *
   * As `workflows` as DELETE /v1/automations/workflows/{id}, `sequences` as DELETE /v1/automations/sequences/{id}, `agents` as DELETE /v1/automations/agents/{id}, `nodes` as DELETE /v1/automations/nodes/{id}. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.deleteDashboardResource": ["DELETE", "/growth/automations/{resource}/{id}", "400 401 403 404 405 500"],
  /**
   * List sequences
   *
   * Newest first. Default limit 25, maximum 100.
   */
  "automationSequences.listSequences": ["GET", "/v1/automations/sequences", "400 401 403 405 429 500", "page"],
  /**
   * Create a sequence
   *
   * The steps follow the workflow rules (400 naming the field, 403 `product_not_entitled` for a skill the account is not entitled to) and need at least one. Creates its workflow in the same write.
   */
  "automationSequences.createSequence": ["POST", "/v1/automations/sequences", "400 401 403 405 413 429 500"],
  /**
   * Change a sequence
   *
   * Fields left out are kept; `stepsJson` is replaced whole. The steps follow the workflow rules (400 naming the field, 403 `product_not_entitled` for a skill the account is not entitled to) and need at least one. Its workflow changes in the same write: runs started before keep the steps they started with, runs started after follow the new ones.
   */
  "automationSequences.updateSequence": ["PATCH", "/v1/automations/sequences/{id}", "400 401 403 404 405 413 429 500"],
  /**
   * Delete a sequence
   *
   * Answers the deleted sequence and deletes its workflow; runs already started go on to their end.
   */
  "automationSequences.deleteSequence": ["DELETE", "/v1/automations/sequences/{id}", "400 401 403 404 405 429 500"],
  /**
   * Run a sequence
   *
   * Materialises the sequence into its workflow again when that workflow was changed or deleted elsewhere, then stores a queued run of it and queues it for a worker (`{{context}}` and `{{payload.*}}` come from the body). A `wait` step holds the run as `waiting_timer`, with no worker, across restarts.
   */
  "automationSequences.runSequence": ["POST", "/v1/automations/sequences/{id}/run", "400 401 403 404 405 413 429 500"],
  /**
   * List the marketplace's skill packs
   *
   * The platform's packs and the account's own, by pack id. Filters: `q`, `skill`, `source`, `installed`. Default limit 25, maximum 100.
   */
  "automationSkills.listSkillPacks": ["GET", "/v1/automations/skills", "400 401 403 405 429 500", "page"],
  /**
   * Install a skill pack
   *
   * Installs a version (the latest by default), pinned to its content digest. Installing the same version again changes nothing; another version moves the pin.
   */
  "automationSkills.installSkillPack": ["POST", "/v1/automations/skills/install", "400 401 403 404 405 413 429 500"],
  /**
   * Make a workflow from an installed pack
   *
   * Fills the template's `{{params.<name>}}` with `parameters` (400 naming `parameters.<name>` when one is missing, unknown or invalid; defaults fill the rest) and creates an ordinary workflow, checked as any other: 403 `product_not_entitled` when a skill needs a product the account lacks. `template` names one of the pack's templates (needed when it has several); `name` defaults to the template's.
   */
  "automationSkills.createWorkflowFromPack": ["POST", "/v1/automations/skills/{packId}/workflow", "400 401 403 404 405 409 413 429 500"],
  /**
   * The skills a pack may use, and the pack format
   *
   * Every skill a pack may call on this platform, with its input as JSON Schema, the products it needs and whether it waits for an approval by default; the pack format as JSON Schema; the variables a template may use; the limits.
   */
  "automationSkills.getSkillSdk": ["GET", "/v1/automations/skills/sdk", "400 401 403 405 429 500"],
  /**
   * Validate and publish a skill pack
   *
   * A pack is data: workflow templates over the platform's skills and typed parameters, nothing to execute. Checked whole (size, format without unknown keys, parameter schemas, placeholders limited to parameters and run variables, every template as a workflow): a 400 lists each problem with its path. Publishing a version again with the same content changes nothing; with other content it is a 409 `pack_version_exists`.
   */
  "automationSkills.publishSkillPack": ["POST", "/v1/automations/skills/sdk", "400 401 403 405 409 413 429 500"]
} as const
