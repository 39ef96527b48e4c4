// Generated from ServiceKit's OpenAPI document by scripts/generate-client.mjs: the webhooks group's operations.
// Do not edit: change the contract in @servicekit/core and run `npm run generate:client`.

import type { WebhooksWebhooksOperations } from "./webhooks.js"
import type { WebhooksDeliveriesOperations } from "./deliveries.js"
import type { WebhooksTestOperations } from "./test.js"
import type { WebhooksRecoverOperations } from "./recover.js"
import type { WebhooksEventsOperations } from "./events.js"

export interface WebhooksOperations extends WebhooksWebhooksOperations, WebhooksDeliveriesOperations, WebhooksTestOperations, WebhooksRecoverOperations, WebhooksEventsOperations {}
