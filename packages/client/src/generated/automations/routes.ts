// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automations group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationsRoutes = {
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
  "automations.getFlow": ["GET", "/v1/automations/flows/{id}", "400 401 403 404 405 429 500"]
} as const
