// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the chatFilesDashboard group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const chatFilesDashboardRoutes = {
  /**
   * Upload a file to a conversation
   *
   * The body is the file's bytes (up to the account's `maxFileBytes`, at most 26214400; 413 `file_too_large`); its type is decided from the bytes (415 `file_type_not_allowed` outside the account's kinds). Nothing is stored when it is refused. Send its `id` in a message's `fileIds`. A conversation holds at most 200 files (409 `file_limit_reached`); they go with it.
   */
  "chatFilesDashboard.uploadAgentFile": ["POST", "/tenants/{tenantId}/chat/conversations/{id}/files", "400 401 403 404 405 409 413 415 500", "bytes"],
  /**
   * Upload a library file
   *
   * Admins only. A library file, for canned responses' `fileIds`; a reply that carries it gets a copy of its own. The body is the file's bytes (up to the account's `maxFileBytes`, at most 26214400; 413 `file_too_large`); its type is decided from the bytes (415 `file_type_not_allowed` outside the account's kinds). Nothing is stored when it is refused. Send its `id` in a message's `fileIds`. The library holds at most 500 (409 `file_limit_reached`).
   */
  "chatFilesDashboard.uploadAgentLibraryFile": ["POST", "/tenants/{tenantId}/chat/files", "400 401 403 405 409 413 415 500", "bytes"],
  /** The account's file rules */
  "chatFilesDashboard.getAgentFileRules": ["GET", "/tenants/{tenantId}/chat/file-rules", "400 401 403 405 500"],
  /**
   * Change the account's file rules
   *
   * Admins only; the fields given change.
   */
  "chatFilesDashboard.setAgentFileRules": ["PATCH", "/tenants/{tenantId}/chat/file-rules", "400 401 403 405 413 500"]
} as const
