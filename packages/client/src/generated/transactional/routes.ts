// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the transactional group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const transactionalRoutes = {
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
  "transactional.listLogs": ["GET", "/v1/transactional/logs", "400 401 403 405 429 500", "page"]
} as const
