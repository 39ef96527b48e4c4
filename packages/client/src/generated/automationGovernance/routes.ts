// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the automationGovernance group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const automationGovernanceRoutes = {
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
  "automationGovernance.listMemoryAudit": ["GET", "/v1/automations/memory/audit", "400 401 403 405 429 500", "page"]
} as const
