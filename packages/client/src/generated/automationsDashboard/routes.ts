// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationsDashboard group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationsDashboardRoutes = {
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
  "automationsDashboard.runDashboardWorkflow": ["POST", "/growth/automations/workflows/{id}/run", "400 401 403 404 405 413 429 500"],
  /**
   * List sessions
   *
   * As `GET /v1/automations/sessions`.
   */
  "automationsDashboard.listDashboardSessions": ["GET", "/growth/automations/sessions", "400 401 403 405 500", "page"],
  /**
   * Get a session and its transcript
   *
   * As `GET /v1/automations/sessions/{id}`: messages, tool calls, their results and compaction summaries.
   */
  "automationsDashboard.getDashboardSession": ["GET", "/growth/automations/sessions/{id}", "400 401 403 404 405 500"],
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
   * List the marketplace's skill packs
   *
   * As `GET /v1/automations/skills`.
   */
  "automationsDashboard.listDashboardSkillPacks": ["GET", "/growth/automations/skills", "400 401 403 405 500", "page"],
  /**
   * Install a skill pack
   *
   * As `POST /v1/automations/skills/install`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.installDashboardSkillPack": ["POST", "/growth/automations/skills/install", "400 401 403 404 405 413 500"],
  /**
   * Make a workflow from an installed pack
   *
   * As `POST /v1/automations/skills/{packId}/workflow`: a 400 names `parameters.<name>` for each parameter missing, unknown or invalid. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.createDashboardWorkflowFromPack": ["POST", "/growth/automations/skills/{packId}/workflow", "400 401 403 404 405 409 413 500"],
  /**
   * Get the standing orders
   *
   * As `GET /v1/automations/policies`.
   */
  "automationsDashboard.getDashboardPolicy": ["GET", "/growth/automations/policies", "400 401 403 405 500"],
  /**
   * Replace the standing orders
   *
   * As `PUT /v1/automations/policies`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.putDashboardPolicy": ["PUT", "/growth/automations/policies", "400 401 403 405 413 500"],
  /**
   * Get the model labels
   *
   * As `GET /v1/automations/models`.
   */
  "automationsDashboard.getDashboardModels": ["GET", "/growth/automations/models", "400 401 403 405 500"],
  /**
   * Choose the model labels
   *
   * As `PUT /v1/automations/models`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.putDashboardModels": ["PUT", "/growth/automations/models", "400 401 403 405 413 500"],
  /**
   * List tool profiles
   *
   * As `GET /v1/automations/tool-profiles`.
   */
  "automationsDashboard.listDashboardToolProfiles": ["GET", "/growth/automations/tool-profiles", "400 401 403 405 500", "page"],
  /**
   * Create or replace a tool profile
   *
   * As `POST /v1/automations/tool-profiles`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.putDashboardToolProfile": ["POST", "/growth/automations/tool-profiles", "400 401 403 405 413 500"],
  /**
   * Read memory
   *
   * As `GET /v1/automations/memory`: each entry returned is audited as a read by `user:<userId>`.
   */
  "automationsDashboard.listDashboardMemory": ["GET", "/growth/automations/memory", "400 401 403 405 500", "page"],
  /**
   * Write a memory entry
   *
   * As `PUT /v1/automations/memory`: audited as a write by `user:<userId>`. Tenant admin; a member's token is a 403 `admin_required`.
   */
  "automationsDashboard.putDashboardMemory": ["PUT", "/growth/automations/memory", "400 401 403 405 413 500"],
  /**
   * Memory audit trail
   *
   * As `GET /v1/automations/memory/audit`.
   */
  "automationsDashboard.listDashboardMemoryAudit": ["GET", "/growth/automations/memory/audit", "400 401 403 405 500", "page"],
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
  "automationsDashboard.deleteDashboardResource": ["DELETE", "/growth/automations/{resource}/{id}", "400 401 403 404 405 500"]
} as const
