// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the operations group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const operationsRoutes = {
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
  "operations.readyz": ["GET", "/readyz", "400 405 500 503"]
} as const
