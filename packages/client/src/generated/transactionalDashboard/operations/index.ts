// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the transactionalDashboard group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { TransactionalDashboardTemplatesOperations } from "./templates.js"
import type { TransactionalDashboardLogsOperations } from "./logs.js"
import type { TransactionalDashboardStatisticsOperations } from "./statistics.js"

export interface TransactionalDashboardOperations extends TransactionalDashboardTemplatesOperations, TransactionalDashboardLogsOperations, TransactionalDashboardStatisticsOperations {}
