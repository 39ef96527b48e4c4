// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationSequences group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationSequencesRoutes = {
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
  "automationSequences.runSequence": ["POST", "/v1/automations/sequences/{id}/run", "400 401 403 404 405 413 429 500"]
} as const
