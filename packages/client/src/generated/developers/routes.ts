// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the developers group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const developersRoutes = {
  /** List API keys */
  "developers.listApiKeys": ["GET", "/tenants/{tenantId}/api-keys", "400 401 403 405 500"],
  /** Create an API key */
  "developers.createApiKey": ["POST", "/tenants/{tenantId}/api-keys", "400 401 403 404 405 413 500"],
  /** Revoke an API key */
  "developers.revokeApiKey": ["DELETE", "/tenants/{tenantId}/api-keys/{id}", "400 401 403 404 405 500"],
  /** List the tenant's entitled products */
  "developers.getEntitlements": ["GET", "/growth/entitlements", "400 401 403 404 405 500"]
} as const
