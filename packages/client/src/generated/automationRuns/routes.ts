// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationRuns group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationRunsRoutes = {
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
  "automationRuns.decideApproval": ["POST", "/v1/automations/approvals/{id}/decide", "400 401 403 404 405 409 413 429 500"]
} as const
