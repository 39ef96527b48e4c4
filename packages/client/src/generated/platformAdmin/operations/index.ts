// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the platformAdmin group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { PlatformAdminTenantsOperations } from "./tenants.js"
import type { PlatformAdminApiKeysOperations } from "./apiKeys.js"
import type { PlatformAdminDashboardTokensOperations } from "./dashboardTokens.js"

export interface PlatformAdminOperations extends PlatformAdminTenantsOperations, PlatformAdminApiKeysOperations, PlatformAdminDashboardTokensOperations {}
