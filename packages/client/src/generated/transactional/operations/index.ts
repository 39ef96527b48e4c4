// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the transactional group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { TransactionalTemplatesOperations } from "./templates.js"
import type { TransactionalMessagesOperations } from "./messages.js"
import type { TransactionalLogsOperations } from "./logs.js"

export interface TransactionalOperations extends TransactionalTemplatesOperations, TransactionalMessagesOperations, TransactionalLogsOperations {}
