// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the hostedNumbersAdmin group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const hostedNumbersAdminRoutes = {
  /** List a tenant's hosted numbers */
  "hostedNumbersAdmin.listHostedNumbers": ["GET", "/admin/tenants/{tenantId}/hosted-numbers", "400 401 404 405 500"],
  /**
   * Route one of the carrier's numbers to a tenant
   *
   * The carrier's reports of calls to or from the number are recorded in the tenant's call log. A number routes to one tenant at most (409 hosted_number_taken); assigning it again to the same tenant changes nothing. Write `+` as `%2B` in the path.
   */
  "hostedNumbersAdmin.assignHostedNumber": ["PUT", "/admin/tenants/{tenantId}/hosted-numbers/{number}", "400 401 404 405 409 500"],
  /** Take a hosted number from a tenant */
  "hostedNumbersAdmin.releaseHostedNumber": ["DELETE", "/admin/tenants/{tenantId}/hosted-numbers/{number}", "400 401 404 405 500"]
} as const
