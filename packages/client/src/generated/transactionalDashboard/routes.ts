// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the transactionalDashboard group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const transactionalDashboardRoutes = {
  /** List the tenant's email templates */
  "transactionalDashboard.listDashboardTemplates": ["GET", "/growth/transactional/templates", "400 401 403 405 500", "page"],
  /** Create an email template */
  "transactionalDashboard.createDashboardTemplate": ["POST", "/growth/transactional/templates", "400 401 403 405 409 413 500"],
  /** Get an email template */
  "transactionalDashboard.getDashboardTemplate": ["GET", "/growth/transactional/templates/{id}", "400 401 403 404 405 500"],
  /**
   * Update an email template
   *
   * Fields left out are kept, each part of `bodyJson` on its own.
   */
  "transactionalDashboard.updateDashboardTemplate": ["PATCH", "/growth/transactional/templates/{id}", "400 401 403 404 405 409 413 500"],
  /**
   * Delete an email template
   *
   * Answers the deleted template. Messages already accepted are still delivered.
   */
  "transactionalDashboard.deleteDashboardTemplate": ["DELETE", "/growth/transactional/templates/{id}", "400 401 403 404 405 500"],
  /**
   * Preview an email template
   *
   * Renders the template with `variables` without sending anything.
   */
  "transactionalDashboard.renderDashboardTemplate": ["POST", "/growth/transactional/templates/{id}/render", "400 401 403 404 405 413 500"],
  /** List the tenant's send attempts */
  "transactionalDashboard.listDashboardLogs": ["GET", "/growth/transactional/logs", "400 401 403 405 500", "page"],
  /**
   * Delivery statistics
   *
   * Without bounds, the 30 days up to now; `from` alone runs to now; at most 366 days.
   */
  "transactionalDashboard.getTransactionalStatistics": ["GET", "/growth/transactional/statistics", "400 401 403 405 500"]
} as const
