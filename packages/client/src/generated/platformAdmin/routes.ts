// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the platformAdmin group's routes.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

/** Operation id: [method, path relative to the mount path, documented error statuses, kind]. */
export const platformAdminRoutes = {
  /** List every tenant, oldest first */
  "platformAdmin.listTenants": ["GET", "/admin/tenants", "400 401 405 500"],
  /** Create a tenant */
  "platformAdmin.createTenant": ["POST", "/admin/tenants", "400 401 405 413 500"],
  /** Get a tenant */
  "platformAdmin.getTenant": ["GET", "/admin/tenants/{tenantId}", "400 401 404 405 500"],
  /** Rename a tenant, replace its entitlements, or set its weight or its cap on running runs */
  "platformAdmin.updateTenant": ["PATCH", "/admin/tenants/{tenantId}", "400 401 404 405 413 500"],
  /**
   * Delete a tenant and everything it holds, irreversibly
   *
   * Irreversible. The tenant is suspended at once (403 tenant_suspended, then tenant_deleted once gone) and cannot be resumed; every row of it in every module's storage, its queued jobs included, is deleted in the background, in batches that never hold up another tenant's work; its own record goes last. Answers how the deletion stands; asked again, the same deletion. Follow it with GET .../deletion.
   */
  "platformAdmin.deleteTenant": ["DELETE", "/admin/tenants/{tenantId}", "400 401 404 405 500"],
  /**
   * Suspend a tenant
   *
   * Every key, dashboard token, chat link, node device and hook token of the tenant gets 403 tenant_suspended, and none of its runs, sends, deliveries or node commands starts; nothing is lost. At once in the process that answers, within ten seconds in every other. A suspended tenant stays as it is.
   */
  "platformAdmin.suspendTenant": ["POST", "/admin/tenants/{tenantId}/suspend", "400 401 404 405 413 500"],
  /**
   * Resume a suspended tenant
   *
   * Its credentials work again and its background work carries on where it stood. A tenant in good standing stays as it is.
   */
  "platformAdmin.resumeTenant": ["POST", "/admin/tenants/{tenantId}/resume", "400 401 404 405 409 500"],
  /**
   * How a tenant's deletion stands, with what it deleted
   *
   * Kept after the tenant is gone: the platform's record of what was deleted, and when.
   */
  "platformAdmin.getTenantDeletion": ["GET", "/admin/tenants/{tenantId}/deletion", "400 401 404 405 500"],
  /**
   * Export everything a tenant holds as one archive
   *
   * A gzip-compressed tar, streamed as it is read, that any system unpacks: README.txt, manifest.json (the format, the tenant), records/KIND/N.jsonl (every row of every table of the tenant, one JSON object a line), files/ (its stored files) and, last, complete.json (the counts): an archive without complete.json was cut short. Rows are read page by page while the tenant works on; suspend it first for an archive no write lands in the middle of.
   */
  "platformAdmin.exportTenant": ["GET", "/admin/tenants/{tenantId}/export", "400 401 404 405 500", "download"],
  /** List a tenant's API keys */
  "platformAdmin.listTenantApiKeys": ["GET", "/admin/tenants/{tenantId}/api-keys", "400 401 404 405 500"],
  /** Create an API key for a tenant */
  "platformAdmin.createTenantApiKey": ["POST", "/admin/tenants/{tenantId}/api-keys", "400 401 404 405 413 500"],
  /** Revoke a tenant's API key */
  "platformAdmin.revokeTenantApiKey": ["DELETE", "/admin/tenants/{tenantId}/api-keys/{id}", "400 401 404 405 500"],
  /** Mint a dashboard token for a tenant's user */
  "platformAdmin.issueDashboardToken": ["POST", "/admin/tenants/{tenantId}/dashboard-tokens", "400 401 404 405 413 500"]
} as const
