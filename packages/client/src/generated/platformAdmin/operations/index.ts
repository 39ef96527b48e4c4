// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the platformAdmin group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { PlatformAdminTenantsOperations } from "./tenants.js"
import type { PlatformAdminSuspendOperations } from "./suspend.js"
import type { PlatformAdminResumeOperations } from "./resume.js"
import type { PlatformAdminDeletionOperations } from "./deletion.js"
import type { PlatformAdminExportOperations } from "./export.js"
import type { PlatformAdminApiKeysOperations } from "./apiKeys.js"
import type { PlatformAdminDashboardTokensOperations } from "./dashboardTokens.js"

export interface PlatformAdminOperations extends PlatformAdminTenantsOperations, PlatformAdminSuspendOperations, PlatformAdminResumeOperations, PlatformAdminDeletionOperations, PlatformAdminExportOperations, PlatformAdminApiKeysOperations, PlatformAdminDashboardTokensOperations {}
